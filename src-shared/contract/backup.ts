// The contract for backing Keydesk up and restoring it: one passphrase-encrypted file with the accounts, their
// thresholds, the settings and (optionally) the credentials. Credentials are read and written in main only; the
// renderer sees what a restore will change, never a secret.
import type { AccountKind } from './accounts';

/** At least this many characters: the file may hold every credential, and it can be attacked offline. */
export const MIN_BACKUP_PASSPHRASE = 10;
export const MAX_BACKUP_PASSPHRASE = 1024;

export const BACKUP_SETTING_NAMES = [
  'language',
  'theme',
  'refreshIntervalMinutes',
  'closeToTray',
  'launchAtLogin',
  'alertSound',
  'expiringWithinDays',
  'deleteExportsAfterDays',
] as const;
export type BackupSettingName = (typeof BACKUP_SETTING_NAMES)[number];

export interface BackupCreateArgs {
  readonly passphrase: string;
  readonly includeCredentials: boolean;
}

export interface BackupCreated {
  /** Where it was written (0600); null when the user cancelled the save dialog. */
  readonly path: string | null;
  readonly accounts: number;
  /** Accounts whose credentials went in (0 without credentials; fewer when some could not be read). */
  readonly credentials: number;
}

/** A backup file held in main, ready to be opened with its passphrase. */
export interface BackupFileRef {
  readonly fileId: string;
  readonly name: string;
  readonly bytes: number;
}

/**
 * One account in a restore preview. `add`: in the file only. `replace`: in the file and here (same id, or the same
 * site and user). `absent`: here only — kept by a merge, removed by a replace.
 */
export interface BackupAccountChange {
  readonly label: string;
  readonly baseUrl: string;
  readonly kind: AccountKind;
  readonly change: 'add' | 'replace' | 'absent';
  /** The file carries this account's credentials. */
  readonly hasCredentials: boolean;
}

export interface BackupSettingChange {
  readonly name: BackupSettingName;
  /** The values themselves (a language code, a theme, minutes, a boolean); null is "follow the system". */
  readonly from: string | number | boolean | null;
  readonly to: string | number | boolean | null;
}

export interface BackupPreview {
  readonly restoreId: string;
  readonly createdAt: number;
  readonly appVersion: string;
  readonly includesCredentials: boolean;
  readonly accounts: readonly BackupAccountChange[];
  readonly settings: readonly BackupSettingChange[];
}

export type RestoreMode = 'merge' | 'replace';

export interface BackupRestored {
  readonly added: number;
  readonly replaced: number;
  readonly removed: number;
  readonly settingsChanged: number;
  readonly credentialsRestored: number;
}

export interface BackupInvokeMap {
  'backup:create': { args: BackupCreateArgs; result: BackupCreated };
  /** Desktop: an open dialog in main. Null when cancelled; `unavailable` in browser mode (the page picks). */
  'backup:chooseFile': { args: undefined; result: BackupFileRef | null };
  /** Browser mode: the bytes of the file the page picked, sent once (base64). */
  'backup:receiveFile': { args: { name: string; contentBase64: string }; result: BackupFileRef };
  'backup:preview': { args: { fileId: string; passphrase: string }; result: BackupPreview };
  'backup:restore': { args: { restoreId: string; mode: RestoreMode }; result: BackupRestored };
  /** Forgets a file or a previewed restore (the dialog closed). */
  'backup:discard': { args: { id: string }; result: null };
}

export const BACKUP_CHANNELS: { readonly [C in keyof BackupInvokeMap]: true } = {
  'backup:create': true,
  'backup:chooseFile': true,
  'backup:receiveFile': true,
  'backup:preview': true,
  'backup:restore': true,
  'backup:discard': true,
};
