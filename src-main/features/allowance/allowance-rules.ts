// What an allowance does with a fresh read of its key, pure. A refill: confirm a refill sent earlier if the key shows
// it landed, stop if the key was changed elsewhere, write once per period. A cap: count the period's spend from the
// used quota, disable at the cap, enable at the next period.
//
// "Changed elsewhere" is read from what the site reports. While a key spends, the site moves remaining and used quota
// together in one statement (remain_quota - q, used_quota + q; refunds the other way): new-api model/token.go @
// 0067bd93 (decreaseTokenQuota / increaseTokenQuota), one-api model/token.go @ 8df4a267, early new-api (Calcium-Ion
// 052bc207). So remaining + used stays what it was right after Keydesk's refill, however much the key spent. Any other
// total means someone set the quota (raised, lowered, or a refill Keydesk does not know of); unlimited_quota turning on
// and the key vanishing are read directly.
import type { AllowanceEvent, AllowanceStopReason } from '../../../src-shared/contract';
import { MAX_HISTORY, type AllowanceRecord, type CapState, type PendingRefill } from './allowance.schema';

/** The key as a fresh read shows it (the fields an allowance looks at). */
export interface KeyReading {
  readonly remainUnits: number;
  readonly usedUnits: number;
  readonly isUnlimited: boolean;
  readonly status: number;
}

/** Some sites store 4 for a key found exhausted; a full update keeps it, so a refilled key must be enabled. */
export const STATUS_EXHAUSTED = 4;
const STATUS_ENABLED = 1;
const STATUS_DISABLED = 2;

export type RefillStep =
  /** Send remaining = amount; `pending` is persisted before the write goes. */
  | { readonly kind: 'write'; readonly record: AllowanceRecord; readonly pending: PendingRefill }
  /** Nothing to send (already refilled this period, perhaps just confirmed). */
  | { readonly kind: 'none'; readonly record: AllowanceRecord }
  | { readonly kind: 'stop'; readonly record: AllowanceRecord; readonly reason: AllowanceStopReason };

export const withEvent = (record: AllowanceRecord, event: AllowanceEvent): AllowanceRecord => ({
  ...record,
  history: [event, ...record.history].slice(0, MAX_HISTORY),
});

export function stopped(record: AllowanceRecord, reason: AllowanceStopReason, now: number): AllowanceRecord {
  return withEvent(
    { ...record, stopped: { reason, at: now }, pending: null, updatedAt: now },
    { at: now, periodStart: record.lastPeriodStart ?? now, kind: 'stopped', fromUnits: null, toUnits: null },
  );
}

/** A refill the site stored: the period is done, and the total it must show from now on is what it showed after. */
export function confirmed(
  record: AllowanceRecord,
  pending: PendingRefill,
  after: { readonly remainUnits: number; readonly usedUnits: number },
  now: number,
): AllowanceRecord {
  return withEvent(
    {
      ...record,
      pending: null,
      lastPeriodStart: Math.max(record.lastPeriodStart ?? 0, pending.periodStart),
      expectedTotal: after.remainUnits + after.usedUnits,
      updatedAt: now,
    },
    {
      at: pending.at,
      periodStart: pending.periodStart,
      kind: 'refill',
      fromUnits: pending.fromUnits,
      toUnits: after.remainUnits,
    },
  );
}

/**
 * The refill step for a fresh read at `now`, in the period starting `periodStart`. A refill sent before (pending) is
 * settled first from the read alone: landed (the total is the refill's) → confirmed; never arrived (the total is the
 * one before it) → forgotten; anything else → the key was changed meanwhile. Never a second write for a period.
 */
export function refillStep(record: AllowanceRecord, key: KeyReading, periodStart: number, now: number): RefillStep {
  if (key.isUnlimited)
    return { kind: 'stop', record: stopped(record, 'made_unlimited', now), reason: 'made_unlimited' };
  const total = key.remainUnits + key.usedUnits;
  let current = record;
  const pending = record.pending;
  if (pending !== null) {
    if (total === pending.toUnits + pending.usedUnits) {
      current = confirmed(record, pending, { remainUnits: pending.toUnits, usedUnits: pending.usedUnits }, now);
    } else if (total === pending.fromUnits + pending.usedUnits) {
      current = { ...record, pending: null, updatedAt: now };
    } else {
      return { kind: 'stop', record: stopped(record, 'edited_elsewhere', now), reason: 'edited_elsewhere' };
    }
  }
  if (current.lastPeriodStart !== null && current.lastPeriodStart >= periodStart)
    return { kind: 'none', record: current };
  if (current.expectedTotal !== null && total !== current.expectedTotal) {
    return { kind: 'stop', record: stopped(current, 'edited_elsewhere', now), reason: 'edited_elsewhere' };
  }
  const next: PendingRefill = {
    periodStart,
    at: now,
    fromUnits: key.remainUnits,
    usedUnits: key.usedUnits,
    toUnits: record.amountUnits,
  };
  return { kind: 'write', record: { ...current, pending: next, updatedAt: now }, pending: next };
}

/** Whether a refilled key still carries the site's exhausted mark and must be enabled to be usable. */
export const needsEnable = (key: Pick<KeyReading, 'status' | 'remainUnits'>): boolean =>
  key.status === STATUS_EXHAUSTED && key.remainUnits > 0;

export type CapStep =
  | { readonly kind: 'none'; readonly record: AllowanceRecord }
  /** A status-only write; the record (already saying what is being done) is persisted before it goes. */
  | { readonly kind: 'disable' | 'enable'; readonly record: AllowanceRecord }
  | { readonly kind: 'stop'; readonly record: AllowanceRecord; readonly reason: AllowanceStopReason };

/**
 * The cap step for a list pass that read the key. A new period counts from the used quota of its first read (what the
 * key spent before Keydesk saw the period is not seen: a floor) and enables a key the cap held; within a period, spend
 * at or past the amount disables an enabled key once. A key the user enabled by hand is left on until the next period.
 */
export function capStep(record: AllowanceRecord, key: KeyReading, periodStart: number, now: number): CapStep {
  if (!key.isUnlimited) return { kind: 'stop', record: stopped(record, 'made_limited', now), reason: 'made_limited' };
  const cap = record.cap;
  if (cap === null || cap.periodStart < periodStart) {
    const fresh: CapState = {
      periodStart,
      baseUsedUnits: key.usedUnits,
      spentUnits: 0,
      isHeld: false,
      isReleased: false,
    };
    const next = { ...record, cap: fresh, lastPeriodStart: periodStart, updatedAt: now };
    if (cap?.isHeld === true && key.status === STATUS_DISABLED) {
      return {
        kind: 'enable',
        record: withEvent(next, { at: now, periodStart, kind: 'enabled', fromUnits: null, toUnits: null }),
      };
    }
    return { kind: 'none', record: next };
  }
  // Used quota going down is a reset on the site: count from the new value.
  const base = key.usedUnits < cap.baseUsedUnits ? key.usedUnits : cap.baseUsedUnits;
  const spent = key.usedUnits - base;
  let next: CapState = { ...cap, baseUsedUnits: base, spentUnits: spent };
  if (cap.isHeld && key.status === STATUS_ENABLED) next = { ...next, isHeld: false, isReleased: true };
  const counted = { ...record, cap: next, updatedAt: now };
  if (!next.isHeld && !next.isReleased && spent >= record.amountUnits && key.status === STATUS_ENABLED) {
    return {
      kind: 'disable',
      record: withEvent(
        { ...counted, cap: { ...next, isHeld: true } },
        { at: now, periodStart, kind: 'disabled', fromUnits: spent, toUnits: null },
      ),
    };
  }
  return { kind: 'none', record: counted };
}
