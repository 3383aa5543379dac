// The contract for balances, their history and alerts: its types, channels and events.
import type { AppError } from './errors';

export type BalanceLevel = 'ok' | 'warn' | 'critical' | 'unknown';

export interface BalanceView {
  readonly accountId: string;
  /** Remaining quota in units; null when unknown (never shown as zero). */
  readonly remainingUnits: number | null;
  readonly usedUnits: number | null;
  readonly isUnlimited: boolean;
  /** Watched keys: the billing soft and hard limits, in units. */
  readonly softLimitUnits: number | null;
  readonly hardLimitUnits: number | null;
  /** Epoch ms of the value shown; null when never fetched. */
  readonly fetchedAt: number | null;
  readonly isStale: boolean;
  readonly level: BalanceLevel;
  readonly error: AppError | null;
  /** ≈ days left at the recent rate of spending; null without enough data. */
  readonly daysLeft: number | null;
  /** Units spent per day recently (0 when flat); null or absent without enough history. */
  readonly spendPerDayUnits?: number | null;
  /**
   * Epoch ms before which "Refresh now" sends no request (one request per account per minute); null or absent when
   * a refresh would go at once.
   */
  readonly nextRefreshAt?: number | null;
}

export interface AlertView {
  readonly id: string;
  readonly accountId: string;
  /** The account's label when the alert was raised (the account may be renamed or removed later). */
  readonly accountLabel: string;
  readonly level: 'warn' | 'critical' | 'soft_limit';
  readonly balanceUnits: number;
  readonly thresholdUnits: number;
  readonly raisedAt: number;
  readonly isAcknowledged: boolean;
}

/** One recorded balance of an account (downsampled: every sample for hours, hourly for days). */
export interface BalanceSample {
  /** Epoch ms. */
  readonly at: number;
  readonly remainingUnits: number;
}

export interface BalanceHistory {
  readonly accountId: string;
  readonly samples: readonly BalanceSample[];
  /** ≈ days left at the recent rate of spending; null without enough data. */
  readonly daysLeft: number | null;
}

/** Invoke channels of balances, their history and alerts. */
export interface QuotaInvokeMap {
  /** Last known balances at once (cached, with their age); never waits for a gateway. */
  'quota:snapshot': { args: undefined; result: readonly BalanceView[] };
  /** Refresh one account (or all); throttled to one request per account per minute, shares in-flight requests. */
  'quota:refresh': { args: { readonly accountId?: string }; result: readonly BalanceView[] };
  'quota:history': { args: { readonly accountId: string }; result: BalanceHistory };
  /** Alert history, newest first (bounded). */
  'alerts:list': { args: undefined; result: readonly AlertView[] };
  /** Acknowledge the given alerts, or every alert when ids is omitted; answers the new list. */
  'alerts:acknowledge': { args: { readonly ids?: readonly string[] }; result: readonly AlertView[] };
}

export const QUOTA_CHANNELS: { readonly [C in keyof QuotaInvokeMap]: true } = {
  'quota:snapshot': true,
  'quota:refresh': true,
  'quota:history': true,
  'alerts:list': true,
  'alerts:acknowledge': true,
};

export interface QuotaEventMap {
  'quota:updated': BalanceView;
  'alert:raised': AlertView;
}
export const QUOTA_EVENTS: { readonly [E in keyof QuotaEventMap]: true } = {
  'quota:updated': true,
  'alert:raised': true,
};
