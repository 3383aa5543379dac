// The contract for syncing Keydesk between machines through a WebDAV folder, end-to-end encrypted: setting it up
// (a new folder, or joining one), its status (last sync, devices, what is waiting, conflicts), Sync now, picking a
// conflict's copy, removing this device. Passwords cross once, inward; the renderer never sees a secret back.
import type { AppError } from './errors';

/** Settings that may sync, in groups the user chooses; desktop behaviour (tray, start at login) stays per machine. */
export const SYNC_SETTING_GROUPS = ['appearance', 'monitoring'] as const;
export type SyncSettingGroup = (typeof SYNC_SETTING_GROUPS)[number];

/** At least this many characters: the folder can be attacked offline by whoever holds the server. */
export const MIN_SYNC_PASSPHRASE = 10;
export const MAX_SYNC_PASSPHRASE = 1024;
export const MAX_DEVICE_NAME = 64;

export interface SyncSetupArgs {
  /** `create`: a new, empty folder. `join`: a folder another Keydesk set up (same passphrase). */
  readonly mode: 'create' | 'join';
  /** The folder's WebDAV address: https, or http on this machine (127.0.0.1, ::1, localhost). */
  readonly url: string;
  readonly username: string;
  readonly appPassword: string;
  readonly passphrase: string;
  readonly deviceName: string;
  readonly groups: readonly SyncSettingGroup[];
}

export interface SyncDevice {
  readonly id: string;
  readonly name: string;
  readonly isThisDevice: boolean;
  /** When it last wrote its entry (about hourly while it syncs); null when unknown. */
  readonly lastSyncAt: number | null;
}

/** One copy of a conflicted record, as the conflict view shows it: what it holds (never a secret) and who wrote it. */
export interface SyncConflictCopy {
  /** `current` is the copy every device holds now; the others are the copies it won against. */
  readonly copyId: string;
  readonly isCurrent: boolean;
  readonly isDeleted: boolean;
  readonly deviceName: string | null;
  readonly at: number;
  readonly title: string;
  /** Field names the renderer words (label, baseUrl, thresholds, credential…), values shown as they are. */
  readonly fields: readonly { readonly name: string; readonly value: string }[];
}

export interface SyncConflict {
  readonly conflictId: string;
  /** account, settings */
  readonly kind: string;
  /** The record's id: the account's id for an account (its money formats the thresholds), the group for settings. */
  readonly recordId: string;
  readonly title: string;
  readonly copies: readonly SyncConflictCopy[];
}

/** Told once: a delete on one machine met an edit on another, and the edit was kept. */
export interface SyncNotice {
  readonly id: string;
  readonly kind: 'kept_edit_deleted_here' | 'kept_edit_deleted_there';
  readonly title: string;
  readonly at: number;
}

/** A record on the server that was not taken, and why (tampered, from a newer Keydesk, an older replayed copy…). */
export interface SyncRefused {
  readonly problem: 'tampered' | 'newer_format' | 'rolled_back' | 'invalid' | 'too_large';
  readonly at: number;
}

export interface SyncStatus {
  readonly isConfigured: boolean;
  readonly url: string | null;
  readonly username: string | null;
  readonly deviceName: string | null;
  readonly groups: readonly SyncSettingGroup[];
  readonly isSyncing: boolean;
  readonly lastSyncAt: number | null;
  /** The last run's failure (the whole run); null after a good run. */
  readonly lastError: AppError | null;
  /** When the next run is due (after a failure: the backoff); null when none is planned. */
  readonly nextRunAt: number | null;
  /** Local changes not yet on the server. */
  readonly waiting: number;
  readonly devices: readonly SyncDevice[];
  readonly conflicts: readonly SyncConflict[];
  readonly notices: readonly SyncNotice[];
  readonly refused: readonly SyncRefused[];
}

export interface SyncInvokeMap {
  'sync:status': { args: undefined; result: SyncStatus };
  /** Checks the folder (and the server's conditional writes), then syncs once; nothing is kept if a step fails. */
  'sync:setUp': { args: SyncSetupArgs; result: SyncStatus };
  'sync:now': { args: undefined; result: SyncStatus };
  'sync:setGroups': { args: { readonly groups: readonly SyncSettingGroup[] }; result: SyncStatus };
  /** Keeps one copy of a conflicted record (the current one, or another) and drops the others everywhere. */
  'sync:resolve': { args: { readonly conflictId: string; readonly copyId: string }; result: SyncStatus };
  'sync:dismissNotice': { args: { readonly id: string }; result: SyncStatus };
  /** Stops syncing here and takes this device off the list; the accounts and their credentials stay here. */
  'sync:removeDevice': { args: undefined; result: SyncStatus };
}

export const SYNC_CHANNELS: { readonly [C in keyof SyncInvokeMap]: true } = {
  'sync:status': true,
  'sync:setUp': true,
  'sync:now': true,
  'sync:setGroups': true,
  'sync:resolve': true,
  'sync:dismissNotice': true,
  'sync:removeDevice': true,
};

export interface SyncEventMap {
  'sync:changed': SyncStatus;
}
export const SYNC_EVENTS: { readonly [E in keyof SyncEventMap]: true } = {
  'sync:changed': true,
};
