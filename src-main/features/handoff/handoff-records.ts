// The record of Keydesk's hand-offs (handoff-records.json): which key went to which tool, when, how and, for a file,
// where and how the file stood once written. No secret, ever: a rotation reads these to hand a key's twin to the same
// places. One record per place and key (a newer hand-off to the same place replaces it), bounded, checked on read.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  HANDOFF_RECORD_TARGETS,
  HANDOFF_RECORD_VIAS,
  type HandoffRecordTarget,
  type HandoffRecordVia,
  type HandoffRecordView,
} from '../../../src-shared/contract';
import { hasControlCharacters, plainName } from '../../../src-shared/rules/text-rules';
import { entriesOf, entryOf, idRecord, idRecordOf, type IdRecord } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';

/** The oldest go first past this: a rotation needs a key's recent places, not years of them. */
export const MAX_HANDOFF_RECORDS = 500;

const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A written file as it stood right after Keydesk wrote it: a rewrite happens only while it still stands so. */
const fileStampSchema = z.object({ size: z.number().int().min(0), mtimeMs: z.number().min(0) });
export type FileStamp = z.infer<typeof fileStampSchema>;

/** The longest agent name a record keeps (the MCP client's name and version). */
export const MAX_AGENT_PLACE = 80;

/** A record's fields, each bounded; the gates (file, sync, backup) add `isCoherentHandoff` to what they derive. */
export const handoffRecordShape = z.object({
  id: z.string().min(1).max(100),
  accountId: z.string().min(1).max(200),
  keyId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  target: z.enum(HANDOFF_RECORD_TARGETS),
  document: z.number().int().min(0).max(7),
  via: z.enum(HANDOFF_RECORD_VIAS),
  place: z.string().max(200),
  path: z.string().min(1).max(4096).nullable(),
  file: fileStampSchema.nullable(),
  at: epochMs,
});
export type HandoffRecord = z.infer<typeof handoffRecordShape>;

/**
 * An agent's record is only ever an agent's read: no file, no path, no second document, and a name without control
 * characters (it came from the MCP client), bounded. A tool's record never claims to be one.
 */
export function isCoherentHandoff(r: Pick<HandoffRecord, 'target' | 'via' | 'document' | 'place' | 'path' | 'file'>) {
  if ((r.target === 'agent') !== (r.via === 'reveal')) return false;
  if (r.target !== 'agent') return true;
  return (
    r.document === 0 &&
    r.path === null &&
    r.file === null &&
    r.place.length <= MAX_AGENT_PLACE &&
    !hasControlCharacters(r.place)
  );
}
export const COHERENT_HANDOFF = 'an agent’s record is a read by a named agent, with no file';

export const handoffRecordSchema = handoffRecordShape.refine(isCoherentHandoff, COHERENT_HANDOFF);

export const handoffRecordsSchema = z.object({
  records: idRecord(handoffRecordSchema).refine(
    (records) => Object.keys(records).length <= MAX_HANDOFF_RECORDS,
    `at most ${String(MAX_HANDOFF_RECORDS)} records`,
  ),
  /**
   * This computer, as its backups name it: a restore tells this computer's hand-offs (whose files are here) from
   * another's. Made on the first backup; files written before it have none.
   */
  computerId: z.uuid().optional(),
});
export interface HandoffRecordsDocument {
  readonly records: IdRecord<HandoffRecord>;
  readonly computerId?: string;
}
export const EMPTY_HANDOFF_RECORDS: HandoffRecordsDocument = { records: idRecordOf<HandoffRecord>([]) };

export interface NewHandoff {
  readonly accountId: string;
  readonly keyId: number;
  readonly target: HandoffRecordTarget;
  readonly document: number;
  readonly via: HandoffRecordVia;
  readonly place: string;
  readonly path: string | null;
  readonly file: FileStamp | null;
}

/** Two hand-offs go to the same place: same key, tool, document and way (and the same file, for a file). */
const samePlace = (a: NewHandoff, b: NewHandoff): boolean =>
  a.accountId === b.accountId &&
  a.keyId === b.keyId &&
  a.target === b.target &&
  a.document === b.document &&
  a.via === b.via &&
  a.path === b.path &&
  // Each agent is a place of its own.
  (a.target !== 'agent' || a.place === b.place);

export const toRecordView = (r: HandoffRecord): HandoffRecordView => ({
  id: r.id,
  accountId: r.accountId,
  keyId: r.keyId,
  target: r.target,
  document: r.document,
  via: r.via,
  place: r.place,
  path: r.path,
  at: r.at,
});

export class HandoffRecords {
  /** Told of every write (sync notices this machine's hand-offs from these). */
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly store: DocumentStore<HandoffRecordsDocument>,
    private readonly now: () => number,
    private readonly newId: () => string = randomUUID,
  ) {}

  /**
   * An agent read the full key (MCP `reveal_key`): one record per agent and key, a repeated read moving its time.
   * The name is the client's own words: control characters dropped, bounded; empty when it gave none (the window
   * then says "an agent that gave no name").
   */
  addAgentRead(accountId: string, keyId: number, agent: string): HandoffRecord {
    const place = plainName(agent, MAX_AGENT_PLACE);
    const entry: NewHandoff = {
      accountId,
      keyId,
      target: 'agent',
      document: 0,
      via: 'reveal',
      place,
      path: null,
      file: null,
    };
    const known = this.#all().find((r) => samePlace(r, entry));
    // The same record, its time moved: sync sees one record change, not a new one per call.
    const record: HandoffRecord = { ...entry, id: known?.id ?? this.newId(), at: this.now() };
    this.#write([record, ...this.#all().filter((r) => r !== known)]);
    return record;
  }

  add(entry: NewHandoff): HandoffRecord {
    const record: HandoffRecord = { ...entry, id: this.newId(), at: this.now() };
    const kept = this.#all().filter((r) => !samePlace(r, entry));
    // Newest first; past the bound the oldest go.
    this.#write([record, ...kept]);
    return record;
  }

  /** This computer's id for its backups, made (and kept) the first time it is asked for. */
  computerId(): string {
    const known = this.store.read().computerId;
    if (known !== undefined) return known;
    const made = randomUUID();
    this.store.write({ ...this.store.read(), computerId: made });
    return made;
  }

  /** This data folder's computer id; null before the first backup. */
  knownComputerId(): string | null {
    return this.store.read().computerId ?? null;
  }

  /** A backup of this computer restored into a data folder without an id: the folder takes the backup's. */
  adoptComputerId(id: string): void {
    if (this.store.read().computerId === undefined) this.store.write({ ...this.store.read(), computerId: id });
  }

  /**
   * A backup of this computer's hand-offs, restored: the file's records join the ones here (one per place, the newer
   * kept), in one write.
   */
  restore(records: readonly HandoffRecord[]): void {
    const known = new Set(this.#all().map((r) => r.id));
    const added = records.filter((r) => !known.has(r.id));
    if (added.length === 0) return;
    const merged = [...this.#all(), ...added].sort((a, b) => b.at - a.at);
    this.#write(merged.filter((r, i) => merged.findIndex((other) => samePlace(other, r)) === i));
  }

  /** Newest first; past the bound the oldest go. */
  #write(records: readonly HandoffRecord[]): void {
    const next = records.slice(0, MAX_HANDOFF_RECORDS);
    this.store.write({ ...this.store.read(), records: idRecordOf(next.map((r) => [r.id, r] as const)) });
    this.#told();
  }

  /** Every record, newest first. */
  list(): HandoffRecord[] {
    return this.#all();
  }

  onWrite(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #told(): void {
    for (const listener of this.#listeners) listener();
  }

  get(id: string): HandoffRecord | undefined {
    return entryOf(this.store.read().records, id);
  }

  /** A key's hand-offs, newest first (one per place). */
  forKey(accountId: string, keyId: number): HandoffRecord[] {
    return this.#all().filter((r) => r.accountId === accountId && r.keyId === keyId);
  }

  /** A removed account's records go with it. */
  keepAccounts(known: ReadonlySet<string>): void {
    const all = this.#all();
    const kept = all.filter((r) => known.has(r.accountId));
    if (kept.length !== all.length) this.#write(kept);
  }

  #all(): HandoffRecord[] {
    return entriesOf(this.store.read().records)
      .map(([, r]) => r)
      .sort((a, b) => b.at - a.at);
  }
}
