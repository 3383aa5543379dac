// The contract for the user's settings (the settings: channels and event): language, theme, refresh interval, tray
// and the rest, with their allowed values.
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

/** Invoke channels of the settings. */
export interface SettingsInvokeMap {
  'settings:get': { args: undefined; result: Settings };
  'settings:update': { args: SettingsPatch; result: Settings };
}

export const SETTINGS_CHANNELS: { readonly [C in keyof SettingsInvokeMap]: true } = {
  'settings:get': true,
  'settings:update': true,
};

export interface SettingsEventMap {
  'settings:changed': Settings;
}
export const SETTINGS_EVENTS: { readonly [E in keyof SettingsEventMap]: true } = {
  'settings:changed': true,
};
