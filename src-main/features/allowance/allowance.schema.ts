// What allowances.json holds and what the allowance: channels take: one plain, versionable record per allowance (a
// key's settings, the period last refilled, a refill sent but not yet confirmed, the total the site must still show,
// a cap's count, a short history), keyed by Keydesk's own ids, bounded and checked on read.
import { z } from 'zod';
import { ALLOWANCE_PERIODS } from '../../../src-shared/contract';
import { idRecord, type IdRecord } from '../../id-record';
import { isTimeZone } from './allowance-periods';

/** The site's own ceiling on a key's remaining quota (new-api-compat: at most 2147483647). */
export const MAX_ALLOWANCE_UNITS = 2_147_483_647;
/** Enough for every key of a large account; a file past it is not ours. */
export const MAX_ALLOWANCES = 1_000;
/** The drawer's history: two months of daily refills. */
export const MAX_HISTORY = 60;

const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const units = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const accountId = z.string().min(1).max(200);
const keyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const allowanceEventSchema = z.object({
  at: epochMs,
  periodStart: epochMs,
  kind: z.enum(['refill', 'enabled', 'disabled', 'stopped']),
  fromUnits: units.nullable(),
  toUnits: units.nullable(),
});

/**
 * A refill about to be sent, written before the write goes out. Whether it landed is read from the key afterwards:
 * the site keeps remaining + used constant while the key spends, so the total tells a landed refill from one that
 * never arrived, and neither is ever sent twice blind.
 */
const pendingSchema = z.object({
  periodStart: epochMs,
  at: epochMs,
  fromUnits: units,
  usedUnits: units,
  toUnits: units,
});

/** Cap mode: the period being counted, the used quota it is counted from, and whether Keydesk disabled the key. */
const capSchema = z.object({
  periodStart: epochMs,
  baseUsedUnits: units,
  spentUnits: units,
  isHeld: z.boolean(),
  /** The user enabled the capped key by hand this period: it is not disabled again before the next. */
  isReleased: z.boolean(),
});

export const allowanceRecordSchema = z.object({
  id: z.string().min(1).max(100),
  accountId,
  keyId,
  keyName: z.string().max(200),
  period: z.enum(ALLOWANCE_PERIODS),
  mode: z.enum(['refill', 'cap']),
  amountUnits: z.number().int().positive().max(MAX_ALLOWANCE_UNITS),
  /** Checked where it is used: a zone this system does not know (an older tz database) makes periods in UTC. */
  timeZone: z.string().min(1).max(64),
  createdAt: epochMs,
  updatedAt: epochMs,
  stopped: z
    .object({
      reason: z.enum(['edited_elsewhere', 'made_unlimited', 'made_limited', 'deleted', 'rotated']),
      at: epochMs,
    })
    .nullable(),
  lastPeriodStart: epochMs.nullable(),
  pending: pendingSchema.nullable(),
  /** Refill: remaining + used the site showed after the last refill; any other total means the key was edited. */
  expectedTotal: units.nullable(),
  cap: capSchema.nullable(),
  history: z.array(allowanceEventSchema).max(MAX_HISTORY),
  /**
   * The sync device that refills and caps it (sync-state's device id); null: this machine (set before sync, or
   * without it). Only the runner acts at a period's start, so a period's refill is sent once whatever many machines
   * share the folder. Files written before sync read as null.
   */
  runsOn: z.uuid().nullable().default(null),
});
export type AllowanceRecord = z.infer<typeof allowanceRecordSchema>;
export type PendingRefill = z.infer<typeof pendingSchema>;

/** What an allowance is wherever it travels (a backup, a synced record): all but its runner and the runner's own bookkeeping. */
export type PortableAllowance = Omit<AllowanceRecord, 'pending' | 'cap' | 'runsOn'>;

/** The allowance without the refill its runner is about to send, the cap's count, or who runs it. */
export function portableAllowance(record: AllowanceRecord): PortableAllowance {
  const { pending: _pending, cap: _cap, runsOn: _runsOn, ...portable } = record;
  return portable;
}
export type CapState = z.infer<typeof capSchema>;

export const allowanceDocumentSchema = z.object({
  allowances: idRecord(allowanceRecordSchema).refine(
    (records) => Object.keys(records).length <= MAX_ALLOWANCES,
    `at most ${String(MAX_ALLOWANCES)} allowances`,
  ),
});
export interface AllowanceDocument {
  readonly allowances: IdRecord<AllowanceRecord>;
}

// -- channel inputs ------------------------------------------------------------------------------------------------

export const setAllowanceSchema = z.strictObject({
  accountId,
  keyId,
  period: z.enum(ALLOWANCE_PERIODS),
  mode: z.enum(['refill', 'cap']),
  amountUnits: z.number().int().positive().max(MAX_ALLOWANCE_UNITS),
  timeZone: z.string().min(1).max(64),
});

export const allowanceKeySchema = z.strictObject({ accountId, keyId });
export const allowanceListSchema = z.strictObject({ accountId: accountId.optional() });
export const allowanceAccountSchema = z.strictObject({ accountId });

/** The zone, if the platform knows it; else UTC (the view names the zone it uses). */
export const zoneOf = (record: Pick<AllowanceRecord, 'timeZone'>): string =>
  isTimeZone(record.timeZone) ? record.timeZone : 'UTC';
