// The contract for balances and their history (the quota: channels): its types, channels and events. Alerts are
// alerts.ts.
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

/** Invoke channels of balances and their history. */
export interface QuotaInvokeMap {
  /** Last known balances at once (cached, with their age); never waits for a gateway. */
  'quota:snapshot': { args: undefined; result: readonly BalanceView[] };
  /** Refresh one account (or all); throttled to one request per account per minute, shares in-flight requests. */
  'quota:refresh': { args: { readonly accountId?: string }; result: readonly BalanceView[] };
  'quota:history': { args: { readonly accountId: string }; result: BalanceHistory };
}

export const QUOTA_CHANNELS: { readonly [C in keyof QuotaInvokeMap]: true } = {
  'quota:snapshot': true,
  'quota:refresh': true,
  'quota:history': true,
};

/**
 * The user's own sign-ins, reveals and key-usage reads have left few of a site's shared bucket (new-api: 20 per 20
 * minutes per address), as Keydesk counts them: said before they run out, when the site would refuse the rest, in the
 * user's browser too.
 */
export interface SiteBudgetLow {
  /** The site's host, as the user knows it. */
  readonly host: string;
  /** Left of the site's bucket in the window, by Keydesk's count (the user's browser may have used some). */
  readonly left: number;
  readonly siteLimit: number;
  /** Epoch ms when the oldest request in the window leaves it and one more is free. */
  readonly freesAt: number;
}

export interface QuotaEventMap {
  'quota:updated': BalanceView;
  'quota:budgetLow': SiteBudgetLow;
}
export const QUOTA_EVENTS: { readonly [E in keyof QuotaEventMap]: true } = {
  'quota:updated': true,
  'quota:budgetLow': true,
};
