// What `keydesk status` shows: every visible account's balance, state and age, built either from Keydesk's local
// cache files (read-only: no secret, no network) or from the running app's monitor. Both paths produce the same
// snapshot, so the command formats them the same way.
import { z } from 'zod';
import {
  ACCOUNT_KINDS,
  QUOTA_DISPLAY_TYPES,
  type AccountKind,
  type AccountMoney,
  type BalanceLevel,
  type BalanceView,
} from '../../../src-shared/contract';

export const STATUS_VERSION = 1;

export interface StatusEntry {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly isDisabled: boolean;
  /** Remaining quota in units; null = unknown (never 0). */
  readonly remainingUnits: number | null;
  readonly isUnlimited: boolean;
  /** The colour band against the user's thresholds; `unknown` without a usable value. */
  readonly level: BalanceLevel;
  /** Epoch ms of the value; null when never fetched. */
  readonly fetchedAt: number | null;
  /** Not a fresh value: from the last session's cache, a failed refresh, or older than the polling allows. */
  readonly isStale: boolean;
  /** The last refresh's error code, when it failed. */
  readonly error: string | null;
  /** How the account's site shows money, for formatting as the app does. */
  readonly money: AccountMoney;
  /** ≈ days the balance lasts at its recent rate; null (or absent, from a cache) without enough history. */
  readonly daysLeft?: number | null;
}

export interface StatusSnapshot {
  readonly version: typeof STATUS_VERSION;
  /** `keydesk`: from the running app (fresher); `cache`: from the files the app left. */
  readonly source: 'keydesk' | 'cache';
  readonly generatedAt: number;
  readonly accounts: readonly StatusEntry[];
}

/** How a site shows money, as the channel and the caches carry it (checked like any input from outside). */
export const moneySchema = z.object({
  site: z.object({
    displayType: z.enum(QUOTA_DISPLAY_TYPES),
    quotaPerUnit: z.number().int().positive(),
    rate: z.string(),
    symbol: z.string(),
    price: z.string().nullable(),
  }),
  origin: z.enum(['site', 'spec']),
  fetchedAt: z.number().nullable(),
  yuanPerUsd: z.string().nullable(),
  yuanRateSource: z.enum(['site_price', 'user']).nullable(),
});

/** The endpoint's answer is checked before the command trusts it, as any input from outside the process. */
export const statusSnapshotSchema = z.object({
  version: z.literal(STATUS_VERSION),
  source: z.enum(['keydesk', 'cache']),
  generatedAt: z.number(),
  accounts: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      kind: z.enum(ACCOUNT_KINDS),
      isDisabled: z.boolean(),
      remainingUnits: z.number().int().nullable(),
      isUnlimited: z.boolean(),
      level: z.enum(['ok', 'warn', 'critical', 'unknown']),
      fetchedAt: z.number().nullable(),
      isStale: z.boolean(),
      error: z.string().nullable(),
      money: moneySchema,
      daysLeft: z.number().nullable().optional(),
    }),
  ),
}) satisfies z.ZodType<StatusSnapshot>;

/** One account as the running app knows it: the monitor's view and the directory's handle. */
export function entryFromView(
  account: { id: string; label: string; kind: AccountKind; isDisabled: boolean; money: AccountMoney },
  view: BalanceView,
): StatusEntry {
  return {
    id: account.id,
    label: account.label,
    kind: account.kind,
    isDisabled: account.isDisabled,
    remainingUnits: view.isUnlimited ? null : view.remainingUnits,
    isUnlimited: view.isUnlimited,
    level: view.level,
    fetchedAt: view.fetchedAt,
    isStale: view.isStale,
    error: view.error?.code ?? null,
    money: account.money,
    daysLeft: view.daysLeft,
  };
}
