// What this device remembers of the sync folder between runs, in `sync.json` (nothing secret: the app password,
// the passphrase and conflicting copies live in the vault): the folder it syncs with, each record's ETag and the
// version both sides last agreed on (with a keyed digest of its content), the newest version seen, the devices.
import { z } from 'zod';
import { SYNC_SETTING_GROUPS } from '../../../src-shared/contract';
import { emptyIdRecord, idRecord } from '../../id-record';
import { parseVersion } from './hlc';
import { keyringSchema } from './sync-crypto';

/** A version as text (hlc.ts versionText): checked here, parsed where it is used. */
const version = z
  .string()
  .max(80)
  .refine((text) => parseVersion(text) !== null)
  .nullable();

export const syncConfigSchema = z.object({
  url: z.string().max(2048),
  username: z.string().max(256),
  deviceId: z.uuid(),
  deviceName: z.string().max(64),
  groups: z.array(z.enum(SYNC_SETTING_GROUPS)),
  /** The folder's keyring as first read: put back if the server loses it, and compared with what it serves. */
  keyring: keyringSchema,
  /** The server answered the conditional-write probe correctly (If-None-Match: *, If-Match on a strong ETag). */
  isConditionalChecked: z.boolean(),
});
export type SyncConfig = z.infer<typeof syncConfigSchema>;

const recordStateSchema = z.object({
  kind: z.string().max(32),
  id: z.string().max(128),
  /** The ETag of the copy this device last read or wrote; null when the server did not say (read again next time). */
  etag: z.string().max(256).nullable(),
  base: version,
  baseDigest: z.string().max(64).nullable(),
  /** The newest version of this record this device has seen: an older copy served later is a replay. */
  highest: version,
  /** When this device's unsynced change was made, and the digest it was made at. */
  edit: version,
  editDigest: z.string().max(64).nullable(),
});
export type RecordState = z.infer<typeof recordStateSchema>;

const deviceSchema = z.object({
  id: z.uuid(),
  name: z.string().max(64),
  appVersion: z.string().max(64),
  lastSyncAt: z.number().nullable(),
});
export type DeviceSeen = z.infer<typeof deviceSchema>;

const noticeSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['kept_edit_deleted_here', 'kept_edit_deleted_there']),
  title: z.string().max(200),
  at: z.number(),
});
export type SyncNoticeState = z.infer<typeof noticeSchema>;

const refusedSchema = z.object({
  name: z.string().max(128),
  etag: z.string().max(256).nullable(),
  problem: z.enum(['tampered', 'newer_format', 'rolled_back', 'invalid', 'too_large']),
  at: z.number(),
});
export type RefusedState = z.infer<typeof refusedSchema>;

export const syncStateSchema = z.object({
  config: syncConfigSchema.nullable(),
  /** By file name (what the server lists): a prototype-less record (id-record.ts), whatever the names. */
  records: idRecord(recordStateSchema).refine((records) => Object.keys(records).every((name) => name.length <= 128)),
  latest: version,
  lastSyncAt: z.number().nullable(),
  deviceWrittenAt: z.number().nullable(),
  devices: z.array(deviceSchema).max(200),
  notices: z.array(noticeSchema).max(50),
  refused: z.array(refusedSchema).max(200),
});
export type SyncState = z.infer<typeof syncStateSchema>;

export const EMPTY_SYNC_STATE: SyncState = {
  config: null,
  records: emptyIdRecord(),
  latest: null,
  lastSyncAt: null,
  deviceWrittenAt: null,
  devices: [],
  notices: [],
  refused: [],
};
