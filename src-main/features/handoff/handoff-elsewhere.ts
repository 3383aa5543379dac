// Hand-off records of the other machines (handoff-elsewhere.json), as sync brought them or a backup made on another
// computer restored them: read-only here, since the files and places they name are on those machines. A rotation
// reads them to say where else the old key went. The synced ones are written only by sync (one dropped here on its
// own would travel back as a delete); the restored ones never go to the sync folder (they are not this machine's).
import { z } from 'zod';
import { entriesOf, entryOf, idRecord, withEntry, withoutEntry, type IdRecord } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';
import { handoffRecordSchema, type HandoffRecord } from './handoff-records';

/** Enough for several machines' worth of records (each machine keeps at most 500 of its own). */
export const MAX_ELSEWHERE_RECORDS = 2_000;

const elsewhereSchema = z.object({
  deviceId: z.uuid(),
  record: handoffRecordSchema,
  /** Restored from a backup of another computer (not synced); a synced copy of the same record replaces it. */
  isRestored: z.boolean().default(false),
});
export type ElsewhereRecord = z.infer<typeof elsewhereSchema>;

export const handoffElsewhereSchema = z.object({
  records: idRecord(elsewhereSchema).refine(
    (records) => Object.keys(records).length <= MAX_ELSEWHERE_RECORDS,
    `at most ${String(MAX_ELSEWHERE_RECORDS)} records`,
  ),
});
export interface HandoffElsewhereDocument {
  readonly records: IdRecord<ElsewhereRecord>;
}

export class HandoffElsewhere {
  constructor(private readonly store: DocumentStore<HandoffElsewhereDocument>) {}

  /** By sync id (`<device>:<record>`). */
  all(): [string, ElsewhereRecord][] {
    return entriesOf(this.store.read().records);
  }

  get(syncId: string): ElsewhereRecord | undefined {
    return entryOf(this.store.read().records, syncId);
  }

  /** Keeps a record another machine synced; false when the bound is reached (it is then not kept). */
  put(syncId: string, entry: ElsewhereRecord): boolean {
    const records = this.store.read().records;
    if (entryOf(records, syncId) === undefined && Object.keys(records).length >= MAX_ELSEWHERE_RECORDS) return false;
    this.store.write({ records: withEntry(records, syncId, entry) });
    return true;
  }

  /** A backup of another computer, restored: its records are kept as that computer's, in one write. */
  restore(entries: readonly (readonly [string, ElsewhereRecord])[]): number {
    let records = this.store.read().records;
    let kept = 0;
    for (const [id, entry] of entries) {
      // What sync brought stays: it is that machine's own word, newer than any backup.
      if (entryOf(records, id)?.isRestored === false) continue;
      if (entryOf(records, id) === undefined && Object.keys(records).length >= MAX_ELSEWHERE_RECORDS) break;
      records = withEntry(records, id, entry);
      kept += 1;
    }
    if (kept > 0) this.store.write({ records });
    return kept;
  }

  remove(syncId: string): void {
    const records = this.store.read().records;
    if (entryOf(records, syncId) !== undefined) this.store.write({ records: withoutEntry(records, syncId) });
  }

  /** A key's hand-offs on other machines, newest first. */
  forKey(accountId: string, keyId: number): ElsewhereRecord[] {
    return this.all()
      .map(([, entry]) => entry)
      .filter((entry) => entry.record.accountId === accountId && entry.record.keyId === keyId)
      .sort((a, b) => b.record.at - a.record.at);
  }
}

export const toElsewhereRecord = (deviceId: string, record: HandoffRecord, isRestored = false): ElsewhereRecord => ({
  deviceId,
  record,
  isRestored,
});
