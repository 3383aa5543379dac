// What restoring a backup does to the accounts and settings here, decided before anything is written: which file
// account matches which account here (same id, or the same site and user), the document a merge or a replace
// leaves, which vault entries are written or dropped, and the preview the user confirms. Pure.
import {
  BACKUP_SETTING_NAMES,
  type BackupAccountChange,
  type BackupSettingChange,
  type RestoreMode,
  type Settings,
} from '../../../src-shared/contract';
import type { AccountRecord, AccountsDocument, StoredSecrets } from '../accounts/account-records';
import type { BackupPayload } from './backup-payload';

/** Which account here each file account lands on (by file id); file accounts absent from the map are new. */
export function matchAccounts(here: readonly AccountRecord[], file: readonly AccountRecord[]): Map<string, string> {
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  const hereIds = new Set(here.map((record) => record.id));
  // Same id first (this install, or one restored from it), then the same site and user (added again elsewhere).
  for (const record of file) {
    if (hereIds.has(record.id)) {
      matches.set(record.id, record.id);
      taken.add(record.id);
    }
  }
  for (const record of file) {
    if (matches.has(record.id)) continue;
    const same = here.find(
      (candidate) =>
        !taken.has(candidate.id) &&
        candidate.kind === record.kind &&
        candidate.baseUrl === record.baseUrl &&
        ((candidate.userId !== null && candidate.userId === record.userId) ||
          (candidate.username !== null && candidate.username === record.username)),
    );
    if (same) {
      matches.set(record.id, same.id);
      taken.add(same.id);
    }
  }
  return matches;
}

export interface RestorePlan {
  readonly accounts: AccountsDocument;
  /** Vault entries to write (secrets) or drop (null); accounts not named keep their entry. */
  readonly secrets: ReadonlyMap<string, StoredSecrets | null>;
  readonly settings: Settings;
  readonly added: number;
  readonly replaced: number;
  readonly removed: number;
  readonly settingsChanged: number;
}

// Fields that describe what the vault holds for the account: they follow the credentials, not the file.
const credentialFields = (record: AccountRecord) => ({
  username: record.username,
  userId: record.userId,
  isPasswordRemembered: record.isPasswordRemembered,
  tokenExpiresAt: record.tokenExpiresAt,
  keyHint: record.keyHint,
  lastAutoLoginAt: record.lastAutoLoginAt,
  // The access token's date is the token's: it stays with the token the vault keeps.
  accessTokenExpiresAt: record.accessTokenExpiresAt,
});

export function planRestore(
  here: AccountsDocument,
  settingsHere: Settings,
  payload: BackupPayload,
  mode: RestoreMode,
): RestorePlan {
  const matches = matchAccounts(here.accounts, payload.accounts.accounts);
  const hereById = new Map(here.accounts.map((record) => [record.id, record]));
  const secrets = new Map<string, StoredSecrets | null>();
  const restored = new Map<string, AccountRecord>();
  const idOf = (fileId: string): string => matches.get(fileId) ?? fileId;

  for (const record of payload.accounts.accounts) {
    const id = idOf(record.id);
    const existing = hereById.get(id);
    const fileSecrets = payload.credentials?.[record.id];
    if (fileSecrets !== undefined) {
      secrets.set(id, fileSecrets);
      restored.set(id, { ...record, id });
    } else if (existing && existing.kind === record.kind) {
      // No credentials in the file for it: the account keeps the ones it has here, and what the record says of them.
      restored.set(id, { ...record, ...credentialFields(existing), id });
    } else {
      // No credentials at all for it: it will ask for them (and nothing of another kind's stays in the vault).
      secrets.set(id, null);
      restored.set(id, {
        ...record,
        id,
        isPasswordRemembered: false,
        tokenExpiresAt: null,
        lastAutoLoginAt: null,
        accessTokenExpiresAt: null,
      });
    }
  }

  const fileActive = payload.accounts.activeId === null ? null : idOf(payload.accounts.activeId);
  let accounts: AccountsDocument;
  if (mode === 'replace') {
    const records = [...restored.values()];
    accounts = { accounts: records, activeId: fileActive ?? records[0]?.id ?? null };
  } else {
    const records = here.accounts.map((record) => restored.get(record.id) ?? record);
    for (const [id, record] of restored) if (!hereById.has(id)) records.push(record);
    accounts = { accounts: records, activeId: here.activeId ?? fileActive ?? records[0]?.id ?? null };
  }

  const replaced = [...restored.keys()].filter((id) => hereById.has(id)).length;
  const settings = { ...settingsHere, ...payload.settings };
  return {
    accounts,
    secrets,
    settings,
    added: restored.size - replaced,
    replaced,
    removed: mode === 'replace' ? here.accounts.length - replaced : 0,
    settingsChanged: settingChanges(settingsHere, settings).length,
  };
}

export function settingChanges(before: Settings, after: Settings): BackupSettingChange[] {
  return BACKUP_SETTING_NAMES.filter((name) => before[name] !== after[name]).map((name) => ({
    name,
    from: before[name],
    to: after[name],
  }));
}

/** The accounts part of the preview: both modes at once (`absent` is kept by a merge, removed by a replace). */
export function previewAccounts(here: AccountsDocument, payload: BackupPayload): BackupAccountChange[] {
  const matches = matchAccounts(here.accounts, payload.accounts.accounts);
  const matched = new Set(matches.values());
  const fromFile = payload.accounts.accounts.map((record): BackupAccountChange => ({
    label: record.label,
    baseUrl: record.baseUrl,
    kind: record.kind,
    change: matches.has(record.id) ? 'replace' : 'add',
    hasCredentials: payload.credentials?.[record.id] !== undefined,
  }));
  const onlyHere = here.accounts
    .filter((record) => !matched.has(record.id))
    .map((record): BackupAccountChange => ({
      label: record.label,
      baseUrl: record.baseUrl,
      kind: record.kind,
      change: 'absent',
      hasCredentials: false,
    }));
  return [...fromFile, ...onlyHere];
}
