// The contract for backing Keydesk up and restoring it: one passphrase-encrypted file with the accounts, their
// thresholds, the settings and (optionally) the credentials. Credentials are read and written in main only; the
// renderer sees what a restore will change, never a secret.
import type { AccountKind } from './accounts';
import type { AppError } from './errors';

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
 * site and user). `absent`: here only — kept by a merge, removed by a replace. `refused`: in the file, but it does
 * not pass the rules every account passes (`reason` says which); it is not restored. A refused record's label and
 * address are shown as main made them safe to show: controls drawn visibly, cut short, any password masked.
 */
export interface BackupAccountChange {
  /** 1-based position among the file's accounts; null for an account only here. */
  readonly row: number | null;
  readonly label: string;
  readonly baseUrl: string;
  readonly kind: AccountKind;
  readonly change: 'add' | 'replace' | 'absent' | 'refused';
  /** The file carries this account's credentials. */
  readonly hasCredentials: boolean;
  readonly reason: AppError | null;
}

export interface BackupAccountCounts {
  readonly add: number;
  readonly replace: number;
  readonly absent: number;
  readonly refused: number;
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
  /** Every account's change, counted. */
  readonly accountCounts: BackupAccountCounts;
  /** The first accounts only (at most 100): a file may hold thousands. */
  readonly accounts: readonly BackupAccountChange[];
  readonly settings: readonly BackupSettingChange[];
}

export type RestoreMode = 'merge' | 'replace';

export interface BackupRestored {
  readonly added: number;
  readonly replaced: number;
  readonly removed: number;
  /** File accounts that did not pass the rules, left out. */
  readonly refused: number;
  readonly settingsChanged: number;
  readonly credentialsRestored: number;
  /** Allowances restored (each runs on this machine) and hand-off records restored (another computer's stay its). */
  readonly allowances: number;
  readonly handoffs: number;
  /** File allowances and hand-off records that did not pass the rules, left out. */
  readonly recordsRefused: number;
}

/** How far a restore has gone: checking the file's records, then writing them (one write each for vault and list). */
export interface BackupProgress {
  readonly id: string;
  readonly phase: 'checking' | 'writing';
  readonly done: number;
  readonly total: number;
}

export interface BackupInvokeMap {
  'backup:create': { args: BackupCreateArgs; result: BackupCreated };
  /** Desktop: an open dialog in main. Null when cancelled; `unavailable` in browser mode (the page picks). */
  'backup:chooseFile': { args: undefined; result: BackupFileRef | null };
  /** Browser mode: the bytes of the file the page picked, sent once (base64). */
  'backup:receiveFile': { args: { name: string; contentBase64: string }; result: BackupFileRef };
  'backup:preview': { args: { fileId: string; passphrase: string }; result: BackupPreview };
  'backup:restore': { args: { restoreId: string; mode: RestoreMode }; result: BackupRestored };
  /** Forgets a file or a previewed restore (the dialog closed); stops a restore still checking, before it writes. */
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

export interface BackupEventMap {
  /** A preview or restore at work (a large file is checked in slices; the window keeps answering meanwhile). */
  'backup:progress': BackupProgress;
}
export const BACKUP_EVENTS: { readonly [E in keyof BackupEventMap]: true } = {
  'backup:progress': true,
};
