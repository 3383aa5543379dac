// What one record becomes when this device's copy and the server's meet: a three-way decision against the version
// both last agreed on (the base this device keeps). Concurrent edits keep the newest and carry the other as a
// conflict the user can pick from; a delete against an edit keeps the edit and says so. Pure.
import { compareVersions, isSameVersion, nextVersion, type Version } from './hlc';

/** A losing copy kept beside the winner, until the user picks one. */
export interface Alternative {
  readonly version: Version;
  readonly deleted: boolean;
  readonly body: unknown;
}

/** A record as the server holds it (decrypted): its version, a tombstone or a body, and open conflicts. */
export interface RemoteRecord {
  readonly version: Version;
  readonly deleted: boolean;
  readonly body: unknown;
  readonly conflicts: readonly Alternative[];
}

/** This device's copy: its content now (null: absent here) with its digest, and what it was at the last sync. */
export interface LocalRecord {
  readonly body: unknown;
  readonly digest: string | null;
  /** The version both sides last agreed on, and this device's digest of it (null: absent, or never synced). */
  readonly baseVersion: Version | null;
  readonly baseDigest: string | null;
  /** When this device's change was made (stamped as it was noticed); null when unchanged. */
  readonly editVersion: Version | null;
  /** Conflicts this device already holds for the record (from the server, or found here). */
  readonly conflicts: readonly Alternative[];
}

export type Decision =
  /** Nothing to do. */
  | { readonly kind: 'same' }
  /** The server's copy is newer and this device did not change it: take it. */
  | { readonly kind: 'take'; readonly remote: RemoteRecord }
  /** This device's change goes up as `record`; nothing changes here. */
  | { readonly kind: 'push'; readonly record: RemoteRecord }
  /**
   * Both changed. `record` goes up (winner with the loser among its conflicts); `local` says what this device must now
   * hold (the winner's content when the server's copy won). `keptEdit` names the side whose delete lost to an edit.
   */
  | {
      readonly kind: 'merge';
      readonly record: RemoteRecord;
      readonly takeLocal: boolean;
      readonly keptEdit: 'deleted_here' | 'deleted_there' | null;
    };

/** The most losing copies a record carries: older ones are dropped (the user saw them, or never will). */
export const MAX_ALTERNATIVES = 5;

const trim = (alternatives: readonly Alternative[]): Alternative[] =>
  [...alternatives].sort((a, b) => compareVersions(b.version, a.version)).slice(0, MAX_ALTERNATIVES);

/**
 * Decides one record. `remote` is null when the server has no copy (never written, or lost: then this device's copy
 * goes up again). `latest` is the newest version this device has seen of any record, for the next version it writes.
 */
export function decide(
  local: LocalRecord,
  remote: RemoteRecord | null,
  latest: Version | null,
  now: number,
  device: string,
  sameContent: (a: unknown, b: unknown) => boolean,
): Decision {
  const isLocalChanged = local.digest !== local.baseDigest;
  const isRemoteChanged = remote !== null && !isSameVersion(remote.version, local.baseVersion);
  const next = () => nextVersion(latest, now, device);
  // A change sent as it is carries the time it was made (stamped later than all this device had seen then, so later
  // than the version it replaces): another computer's concurrent edit is weighed against when this one was made.
  const isEditNewest = (version: Version | null): version is Version =>
    version !== null &&
    (remote === null || compareVersions(version, remote.version) > 0) &&
    (local.baseVersion === null || compareVersions(version, local.baseVersion) > 0);
  const localRecord = (conflicts: readonly Alternative[]): RemoteRecord => ({
    version: isEditNewest(local.editVersion) ? local.editVersion : next(),
    deleted: local.body === null,
    body: local.body,
    conflicts: trim(conflicts),
  });

  if (remote === null) {
    // Nothing on the server: this device's copy goes up (a new record, or one the server lost). A record that is
    // absent here and was never synced has nothing to say.
    if (local.body === null && local.baseVersion === null) return { kind: 'same' };
    return { kind: 'push', record: localRecord(local.conflicts) };
  }
  // Unchanged there since both agreed: this device's conflicts are the current ones (a pick made here cleared some).
  if (!isRemoteChanged)
    return isLocalChanged ? { kind: 'push', record: localRecord(local.conflicts) } : { kind: 'same' };
  if (!isLocalChanged) {
    // Absent here, never synced, and a tombstone there: nothing to take.
    if (remote.deleted && local.body === null) return { kind: 'same' };
    return { kind: 'take', remote };
  }

  // Both sides changed since they last agreed.
  const isLocalDeleted = local.body === null;
  if (isLocalDeleted && remote.deleted) return { kind: 'take', remote };
  if (!isLocalDeleted && !remote.deleted && sameContent(local.body, remote.body)) return { kind: 'take', remote };
  const mine = localRecord([]);
  if (isLocalDeleted !== remote.deleted) {
    // A delete against an edit: the edit stays, whichever is newer, and the user is told.
    const edit = isLocalDeleted ? remote : mine;
    return {
      kind: 'merge',
      record: { ...edit, version: next(), conflicts: trim(remote.conflicts) },
      takeLocal: !isLocalDeleted,
      keptEdit: isLocalDeleted ? 'deleted_here' : 'deleted_there',
    };
  }
  // Concurrent edits: the newer edit wins (this device's as stamped when it was made), the other is kept as a
  // conflict. The record that goes up is written later than both, so every device sees it as news.
  const editedAt = local.editVersion ?? mine.version;
  // A record this device never synced meets the folder's copy (joining, or a settings group chosen later): the
  // folder's copy is the one everyone already has, so it stays in use; this device's is kept as the other copy.
  const isLocalNewer = local.baseVersion !== null && compareVersions(editedAt, remote.version) > 0;
  const winner = isLocalNewer ? mine : remote;
  const loser: Alternative = isLocalNewer
    ? { version: remote.version, deleted: remote.deleted, body: remote.body }
    : { version: editedAt, deleted: mine.deleted, body: mine.body };
  return {
    kind: 'merge',
    record: {
      version: next(),
      deleted: winner.deleted,
      body: winner.body,
      conflicts: trim([...remote.conflicts, ...local.conflicts, loser]),
    },
    takeLocal: isLocalNewer,
    keptEdit: null,
  };
}
