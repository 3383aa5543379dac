// Whether a record file read from the folder may be taken: it authenticates under the name it was read from, is
// not older than a copy this device already saw (a replay), is in a shape this build reads, and really is the
// record its name says. Pure; the engine records a refusal with the problem named here.
import { decodePlain, type RecordPlain } from './record-kind';
import type { Version } from './hlc';
import type { RefusedState } from './sync-state';
import { isRolledBack, openRecord, recordFileName, SyncCryptoError, type SyncKeys } from './sync-crypto';

export type RecordCheck =
  | { readonly ok: true; readonly opened: { readonly version: Version }; readonly plain: RecordPlain }
  | { readonly ok: false; readonly problem: RefusedState['problem'] };

export function checkRecord(keys: SyncKeys, name: string, bytes: Uint8Array, highest: Version | null): RecordCheck {
  let opened: { version: Version; plain: Uint8Array };
  try {
    opened = openRecord(keys, name, bytes);
  } catch (error) {
    if (!(error instanceof SyncCryptoError)) throw error;
    return { ok: false, problem: error.problem === 'newer_format' ? 'newer_format' : 'tampered' };
  }
  if (isRolledBack(opened.version, highest)) return { ok: false, problem: 'rolled_back' };
  const plain = decodePlain(opened.plain);
  // It authenticated, so a Keydesk wrote it: a shape this build cannot read is a newer Keydesk's.
  if (plain === null) return { ok: false, problem: 'newer_format' };
  if (recordFileName(keys, plain.kind, plain.id) !== name) return { ok: false, problem: 'tampered' };
  return { ok: true, opened: { version: opened.version }, plain };
}
