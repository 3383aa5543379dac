// The contract for the app itself: settings, app info, damaged data files, the first frame: its types, channels and
// events.
import type { AccountsSnapshot } from './accounts';
import type { Result } from './errors';
import type { BalanceView } from './quota';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
/** What the tray shows as text beside its icon where the platform draws some (macOS): nothing, the total, the active account. */
export const TRAY_TITLES = ['none', 'total', 'active'] as const;
export type TrayTitle = (typeof TRAY_TITLES)[number];

export interface Settings {
  /** null = follow the system language until the user picks one. */
  readonly language: Language | null;
  readonly theme: Theme;
  /** Minutes between quota refreshes of each account; at least 1 (the gateway's polling limit). */
  readonly refreshIntervalMinutes: number;
  /** Electron: closing the window keeps Keydesk in the tray. */
  readonly closeToTray: boolean;
  /** Electron: start Keydesk when the user logs in. */
  readonly launchAtLogin: boolean;
  /** Play a short tone when an alert is raised. */
  readonly alertSound: boolean;
  /** Keys and plans ending within this many days are "expiring soon" (1–365). */
  readonly expiringWithinDays: number;
  /**
   * Files Keydesk wrote with full keys in them (exports, saved snippets) are deleted this many days after they were
   * written (1–365), if they are still exactly what Keydesk wrote; null keeps them until the user deletes them.
   */
  readonly deleteExportsAfterDays: number | null;
  /** The text beside the tray icon where the platform shows one (macOS's menu bar): the total, the active account's balance, or none. */
  readonly trayTitle: TrayTitle;
}
export type SettingsPatch = Partial<Settings>;

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
  'settings:get': { args: undefined; result: Settings };
  'settings:update': { args: SettingsPatch; result: Settings };
}

export const APP_CHANNELS: { readonly [C in keyof AppInvokeMap]: true } = {
  'app:info': true,
  'app:firstFrame': true,
  'app:storeProblems': true,
  'settings:get': true,
  'settings:update': true,
};

export interface AppEventMap {
  'settings:changed': Settings;
}
export const APP_EVENTS: { readonly [E in keyof AppEventMap]: true } = {
  'settings:changed': true,
};
