// What a kind of synced record must offer the engine (accounts, settings groups; allowances and hand-off records
// join by implementing this and being listed in sync.feature.ts), and the plain JSON every record file holds once
// decrypted. Pure types and the canonical form that digests are taken of.
import { z } from 'zod';
import { parseVersion, versionText } from './hlc';
import type { Alternative, RemoteRecord } from './merge';

/** One field of a record as the conflict view shows it: a name the renderer words, a value it shows as is. */
export interface SummaryField {
  readonly name: string;
  readonly value: string;
}

/** A record kind the engine syncs. Bodies are plain JSON (no class instances, no undefined). */
export interface SyncRecordKind {
  /** Part of every record's opaque name and of its plain JSON; never changes once released. */
  readonly kind: string;
  /** Whether this device syncs the record (a settings group the user did not choose here is left alone). */
  owns(id: string): boolean;
  /**
   * This device's records now, by id, as they sync (secrets included where the kind carries them); undefined for a
   * record that exists but cannot be read now (a credential the vault cannot open): it is left out of this run.
   */
  local(): Promise<ReadonlyMap<string, unknown>>;
  /**
   * The one gate for a body that came from the server: what it is as Keydesk would store it, or null when it breaks
   * Keydesk's rules (then nothing of it is written, and the record is reported as refused).
   */
  admit(id: string, body: unknown): unknown;
  /** One record as `local` gives it (null when absent): read after the engine applied a change, as the new base. */
  localOf(id: string): Promise<unknown>;
  /** Writes the engine's decisions here: a body for a new or changed record, null for a deleted one. */
  apply(changes: ReadonlyMap<string, unknown>): Promise<void>;
  /**
   * A record only another machine writes (its hand-off records): never sent from here, and a copy lost or changed here
   * is read again from the folder rather than taken as a change. Absent: every record is this device's to change.
   */
  isReadOnly?(id: string): boolean;
  /** What the status and the conflict view show of a body: never a secret. */
  describe(body: unknown): { readonly title: string; readonly fields: readonly SummaryField[] };
  /** Told of every local change, to sync soon after; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/** JSON with object keys sorted, so the same content always has the same digest. */
export function canonicalJson(value: unknown): string {
  // undefined (a missing body) has no JSON: it reads as null.
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const versionSchema = z
  .string()
  .max(64)
  .transform((text, context) => parseVersion(text) ?? (context.addIssue({ code: 'custom' }), z.NEVER));

const alternativeSchema = z.strictObject({ version: versionSchema, deleted: z.boolean(), body: z.unknown() });

/** A record file's plain JSON: the kind and id it belongs to, then the record. Unknown fields are refused. */
const plainSchema = z.strictObject({
  kind: z.string().min(1).max(32),
  id: z.string().min(1).max(128),
  deleted: z.boolean(),
  body: z.unknown(),
  conflicts: z.array(alternativeSchema).max(16),
});

export interface RecordPlain {
  readonly kind: string;
  readonly id: string;
  readonly record: Omit<RemoteRecord, 'version'>;
}

export function encodePlain(kind: string, id: string, record: RemoteRecord): Uint8Array {
  const conflicts = record.conflicts.map((alternative: Alternative) => ({
    version: versionText(alternative.version),
    deleted: alternative.deleted,
    body: alternative.body ?? null,
  }));
  return new TextEncoder().encode(
    JSON.stringify({ kind, id, deleted: record.deleted, body: record.body ?? null, conflicts }),
  );
}

/** The plain JSON of an authenticated record, or null when it is not one this build reads (a newer shape). */
export function decodePlain(plain: Uint8Array): RecordPlain | null {
  try {
    const parsed = plainSchema.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)));
    if (!parsed.success) return null;
    const { kind, id, deleted, body, conflicts } = parsed.data;
    return {
      kind,
      id,
      record: {
        deleted,
        body: deleted ? null : body,
        conflicts: conflicts.map((c) => ({ version: c.version, deleted: c.deleted, body: c.body ?? null })),
      },
    };
  } catch {
    return null;
  }
}
