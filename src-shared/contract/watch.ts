// The contract for watching across accounts: which key can call a model (cheapest first) and the keys and plans
// expiring soon. Its types and channels.
import type { AppError } from './errors';
import type { KeyView } from './keys';

/** One key that can call the asked model, with its group's ratio (null = unknown) and what using it costs the user. */
export interface ModelKeyMatch {
  readonly accountLabel: string;
  readonly key: KeyView;
  readonly ratio: number | null;
  /**
   * Yuan for 500,000 quota units of use through this key (US$1 at new-api's list prices): the group's ratio × what the
   * site's quota costs in yuan (its price, or the rate the user set). null when either is unknown. What "cheapest"
   * means across sites in different currencies and prices.
   */
  readonly costYuan: number | null;
}

/** An account the answer could not look into (fully, or one of its groups). */
export interface WatchAccountFailure {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly error: AppError;
}

export interface ModelSearchAnswer {
  readonly model: string;
  readonly matches: readonly ModelKeyMatch[];
  /** Accounts (or some of their groups) that could not be read: their keys may be missing from the matches. */
  readonly failures: readonly WatchAccountFailure[];
  /** Every model id some group of some account serves, sorted (suggestions for the search box). */
  readonly knownModels: readonly string[];
  /** Epoch ms of the oldest key list the answer used. */
  readonly readAt: number;
}

/** A key, a subscription plan or an account's access token ending within the asked number of days. */
export interface ExpiringItem {
  /** `token`: an access-token account's own token, at the expiry the user entered from the site's console. */
  readonly kind: 'key' | 'plan' | 'token';
  readonly accountId: string;
  readonly accountLabel: string;
  /** Unix seconds. */
  readonly expiresAt: number;
  /** The key (kind 'key'), for Extend; null for a plan. */
  readonly key: KeyView | null;
  /** The key's or the plan's name; for a token, the account's label. */
  readonly name: string;
}

export interface ExpiringAnswer {
  readonly withinDays: number;
  readonly items: readonly ExpiringItem[];
  readonly failures: readonly WatchAccountFailure[];
}

/** Invoke channels of watching across accounts. */
export interface WatchInvokeMap {
  /** Keys of every managed account that can call the model; `fresh` reads keys and groups again at once. */
  'watch:whoCanCall': { args: { readonly model: string; readonly fresh?: boolean }; result: ModelSearchAnswer };
  /** Keys and plans of every managed account ending within the "expiring soon" setting's days, soonest first. */
  'watch:expiring': { args: { readonly fresh?: boolean }; result: ExpiringAnswer };
}

export const WATCH_CHANNELS: { readonly [C in keyof WatchInvokeMap]: true } = {
  'watch:whoCanCall': true,
  'watch:expiring': true,
};
