// The contract for the app itself: app info, damaged data files, the first frame: its types and channels.
import type { AccountsSnapshot } from './accounts';
import type { Result } from './errors';
import type { BalanceView } from './quota';
import type { Settings } from './settings';

export type AppMode = 'electron' | 'browser';

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly mode: AppMode;
  readonly platform: string;
}

/** Why a data file could not be used. */
export type StoreCause =
  'missing' | 'empty' | 'not_json' | 'not_object' | 'bad_version' | 'newer_version' | 'migration_failed' | 'schema';

/** Which kind of data a damaged file held: decides what the user is told was lost. */
export type StoreKind = 'settings' | 'accounts' | 'vault' | 'cache' | 'key_records';

/** A data file found damaged at start: what Keydesk did about it and where the damaged copies are kept. */
export interface StoreProblem {
  readonly store: StoreKind;
  /** The file's name in the data folder, e.g. `accounts.json`. */
  readonly file: string;
  /** From the last-known-good backup (one save behind), or from nothing (defaults: the contents are missing). */
  readonly outcome: 'restored_from_backup' | 'started_empty';
  /** Full paths of the damaged copies, kept aside untouched. */
  readonly keptAt: readonly string[];
  /** Why the file could not be used, in plain words (not translated: it names a parse error). */
  readonly reason: string;
  /** Why, named: the renderer words it in the user's language and shows `reason` quoted beneath. */
  readonly cause: StoreCause;
}

/**
 * What the window's first frame draws, in one answer: the settings (language and theme), the accounts and their last
 * known balances, each as its own channel would answer it. Browser mode puts it into the page it serves to a page
 * with its session, so nothing waits on a request before the first paint.
 */
export interface FirstFrame {
  readonly settings: Result<Settings>;
  readonly accounts: Result<AccountsSnapshot>;
  readonly balances: Result<readonly BalanceView[]>;
}

/** The id of the JSON data block holding a FirstFrame in the page browser mode serves. */
export const FIRST_FRAME_ELEMENT_ID = 'keydesk-first-frame';

/** Invoke channels of the app itself. */
export interface AppInvokeMap {
  'app:info': { args: undefined; result: AppInfo };
  'app:firstFrame': { args: undefined; result: FirstFrame };
  /** Data files found damaged at start (empty when all were fine); shown as a banner until dismissed. */
  'app:storeProblems': { args: undefined; result: readonly StoreProblem[] };
}

export const APP_CHANNELS: { readonly [C in keyof AppInvokeMap]: true } = {
  'app:info': true,
  'app:firstFrame': true,
  'app:storeProblems': true,
};
