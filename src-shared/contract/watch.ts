// The contract for watching across accounts: which key can call a model (cheapest first) and the keys and plans
// expiring soon. Its types and channels.
import type { AppError } from './errors';
import type { KeyView } from './keys';

/** One key that can call the asked model, with its group's ratio (null = unknown). */
export interface ModelKeyMatch {
  readonly accountLabel: string;
  readonly key: KeyView;
  readonly ratio: number | null;
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

/** Invoke channels of watching across accounts. */
export interface WatchInvokeMap {
  /** Keys of every managed account that can call the model; `fresh` reads keys and groups again at once. */
  'watch:whoCanCall': { args: { readonly model: string; readonly fresh?: boolean }; result: ModelSearchAnswer };
}

export const WATCH_CHANNELS: { readonly [C in keyof WatchInvokeMap]: true } = {
  'watch:whoCanCall': true,
};
