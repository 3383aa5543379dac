// Rotation, pure: the twin's settings from the old key, and when the old key counts as idle. "Idle" is read from what
// the site reports of the old key: its accessed_time and used_quota, which the site moves on every call that costs
// something (new-api model/token.go @ 0067bd93 decreaseTokenQuota sets both; one-api model/token.go @ 8df4a267 too).
// Keydesk compares each read with the one before, on its own clock only: a server clock that runs apart from the
// user's never makes a key in use look idle.
import type { KeyFields, KeyView, RotationState } from '../../../src-shared/contract';
import type { RotationRecord } from './rotation.schema';

/** How often a watched old key is read (one GET per rotation). */
export const ROTATION_WATCH_MS = 5 * 60_000;

/** States after which nothing more happens. */
export const isFinished = (state: RotationState): boolean =>
  state === 'done' || state === 'stopped' || state === 'failed';

/** The twin: the old key's name, quota left, group, model and IP limits and expiry. */
export function twinOf(key: KeyView): KeyFields {
  return {
    name: key.name,
    // An unlimited key's remaining quota means nothing (and may be negative): the twin is unlimited too.
    remainQuota: key.unlimitedQuota ? 0 : Math.max(0, key.remainQuota ?? 0),
    unlimitedQuota: key.unlimitedQuota,
    expiredTime: key.expiredTime ?? -1,
    group: key.group,
    modelLimitsEnabled: key.modelLimitsEnabled,
    modelLimits: key.modelLimits,
    allowIps: key.allowIps,
  };
}

export interface OldKeyReading {
  /** Unix seconds as the site reports them; null when it does not. */
  readonly accessedTime: number | null;
  readonly usedUnits: number;
}

/** A read of the old key at `now`: a change since the read before is a use seen now. */
export function observeOldKey(record: RotationRecord, reading: OldKeyReading, now: number): RotationRecord {
  const seen = record.oldKeySeen;
  const isUsed = seen !== null && (seen.accessedTime !== reading.accessedTime || seen.usedUnits !== reading.usedUnits);
  return {
    ...record,
    oldKeySeen: { accessedTime: reading.accessedTime, usedUnits: reading.usedUnits },
    oldKeyReadAt: now,
    oldKeyLastUseSeenAt: isUsed ? now : record.oldKeyLastUseSeenAt,
  };
}

/** When the old key may be disabled if no use is seen before then; null when not watching. */
export function disableAt(record: RotationRecord): number | null {
  if (record.state !== 'watching' || record.watchFrom === null) return null;
  return Math.max(record.watchFrom, record.oldKeyLastUseSeenAt ?? 0) + record.idleMinutes * 60_000;
}

/**
 * Whether a read at `now` (just observed) lets the old key be disabled: idle for the whole period, judged by a read
 * taken at or after its end. "At once" needs no read.
 */
export function isIdleEnough(record: RotationRecord, now: number): boolean {
  const at = disableAt(record);
  if (at === null) return false;
  if (record.idleMinutes === 0) return true;
  return record.oldKeyReadAt !== null && record.oldKeyReadAt >= at && now >= at;
}
