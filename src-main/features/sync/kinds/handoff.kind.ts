// Hand-off records as synced records, per machine: a record's id is `<device>:<record>`, so each machine writes only
// its own (the files and places they name are on it) and keeps the others' read-only, for a rotation to say where
// else the old key went. A record of another machine is never changed or dropped here except as sync brings it.
import { z } from 'zod';
import { isKeydeskAccountId } from '../../../../src-shared/rules/account-record-rules';
import type { HandoffElsewhere } from '../../handoff/handoff-elsewhere';
import {
  COHERENT_HANDOFF,
  handoffRecordShape,
  isCoherentHandoff,
  type HandoffRecord,
  type HandoffRecords,
} from '../../handoff/handoff-records';
import type { SyncRecordKind } from '../record-kind';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SYNC_ID = new RegExp(`^(${UUID}):(${UUID})$`);

/** A hand-off record on the wire of the sync folder: the record without its id (the sync id carries it). */
export const syncedHandoffSchema = handoffRecordShape
  .omit({ id: true })
  .extend({ file: handoffRecordShape.shape.file.unwrap().strict().nullable() })
  .strict()
  .refine(isCoherentHandoff, COHERENT_HANDOFF);
export type SyncedHandoff = z.infer<typeof syncedHandoffSchema>;

/** The device and record ids of a sync id, or null when it is not one a Keydesk makes. */
export function splitHandoffId(id: string): { readonly deviceId: string; readonly recordId: string } | null {
  const match = SYNC_ID.exec(id);
  return match?.[1] === undefined || match[2] === undefined ? null : { deviceId: match[1], recordId: match[2] };
}

/** The record as it would be kept here, or null when it breaks a rule a hand-off recorded here keeps. */
export function admitSyncedHandoff(id: string, input: unknown): HandoffRecord | null {
  const ids = splitHandoffId(id);
  if (ids === null) return null;
  const parsed = syncedHandoffSchema.safeParse(input);
  if (!parsed.success || !isKeydeskAccountId(parsed.data.accountId)) return null;
  return { ...parsed.data, id: ids.recordId };
}

const bodyOf = (record: HandoffRecord): SyncedHandoff => ({
  accountId: record.accountId,
  keyId: record.keyId,
  target: record.target,
  document: record.document,
  via: record.via,
  place: record.place,
  path: record.path,
  file: record.file,
  at: record.at,
});

export interface HandoffKindDeps {
  readonly records: Pick<HandoffRecords, 'list' | 'get' | 'onWrite'>;
  readonly elsewhere: Pick<HandoffElsewhere, 'all' | 'get' | 'put' | 'remove'>;
  readonly deviceId: () => string | null;
}

export function handoffKind(deps: HandoffKindDeps): SyncRecordKind {
  const localOf = (id: string): unknown => {
    const ids = splitHandoffId(id);
    if (ids === null) return null;
    if (ids.deviceId === deps.deviceId()) {
      const record = deps.records.get(ids.recordId);
      return record === undefined ? null : bodyOf(record);
    }
    const entry = deps.elsewhere.get(id);
    return entry === undefined || entry.isRestored ? null : bodyOf(entry.record);
  };
  return {
    kind: 'handoff',
    // Every id is this kind's: one a Keydesk would not make is refused by admit, not left aside unread.
    owns: () => true,
    local() {
      const here = deps.deviceId();
      const bodies = new Map<string, unknown>();
      if (here === null) return Promise.resolve(bodies);
      for (const record of deps.records.list()) bodies.set(`${here}:${record.id}`, bodyOf(record));
      for (const [id, entry] of deps.elsewhere.all()) if (!entry.isRestored) bodies.set(id, bodyOf(entry.record));
      return Promise.resolve(bodies);
    },
    localOf: (id) => Promise.resolve(localOf(id)),
    isReadOnly: (id) => splitHandoffId(id)?.deviceId !== deps.deviceId(),
    admit(id, body) {
      const admitted = admitSyncedHandoff(id, body);
      return admitted === null ? null : bodyOf(admitted);
    },
    apply(changes) {
      for (const [id, body] of changes) {
        const ids = splitHandoffId(id);
        // This machine's own records are written only by its hand-offs: a copy from the folder changes nothing here.
        if (ids === null || ids.deviceId === deps.deviceId()) continue;
        if (body === null) {
          deps.elsewhere.remove(id);
          continue;
        }
        const record = admitSyncedHandoff(id, body);
        if (record !== null) deps.elsewhere.put(id, { deviceId: ids.deviceId, record, isRestored: false });
      }
      return Promise.resolve();
    },
    describe(body) {
      const parsed = syncedHandoffSchema.safeParse(body);
      if (!parsed.success) return { title: '', fields: [] };
      return { title: parsed.data.place, fields: [{ name: 'target', value: parsed.data.target }] };
    },
    onChange: (listener) => deps.records.onWrite(listener),
  };
}
