// What restoring a backup does to the accounts and settings here, decided before anything is written: each file
// record through the gate every account passes (src-shared/rules/account-record-rules.ts), which file account lands
// on which account here (same id, or the same site and user), the ids of the new ones (Keydesk's own, never the
// file's), the document a merge or a replace leaves, the vault entries written or dropped, and the bounded preview
// the user confirms. Pure: the caller supplies the ids and yields between slices.
import type {
  AppError,
  BackupAccountChange,
  BackupAccountCounts,
  BackupSettingChange,
  RestoreMode,
  Settings,
} from '../../../src-shared/contract';
import { BACKUP_SETTING_NAMES } from '../../../src-shared/contract';
import {
  checkAccountFields,
  checkCredentialSecrets,
  type RecordRefusal,
} from '../../../src-shared/rules/account-record-rules';
import { echoText } from '../../../src-shared/rules/text-rules';
import { addressForEcho } from '../../../src-shared/rules/url-rules';
import { MAX_LABEL } from '../../../src-shared/rules/account-rules';
import { entryOf } from '../../id-record';
import type { AccountRecord, AccountsDocument, StoredSecrets } from '../accounts/account-records';
import type { BackupPayload } from './backup-payload';

/** The preview lists this many accounts at most; the counts cover them all. */
export const MAX_PREVIEW_ACCOUNTS = 100;

/** One file record after the gate: accepted (with the secrets the file has for it, checked) or refused and why. */
export type CheckedRecord =
  | {
      readonly row: number;
      readonly fileId: string;
      readonly record: AccountRecord;
      readonly secrets: StoredSecrets | undefined;
      readonly refusal: null;
    }
  | { readonly row: number; readonly fileId: string; readonly raw: AccountRecord; readonly refusal: RecordRefusal };

const refusalError = (refusal: RecordRefusal): AppError => ({
  code: 'validation',
  reason: refusal.reason,
  field: refusal.field,
  ...(refusal.params === undefined ? {} : { params: refusal.params }),
});

/** One file record through the gate. `seen` holds the file ids met before it (a second one is refused). */
export function checkFileRecord(
  raw: AccountRecord,
  row: number,
  credentials: BackupPayload['credentials'],
  seen: Set<string>,
): CheckedRecord {
  const refused = (refusal: RecordRefusal): CheckedRecord => ({ row, fileId: raw.id, raw, refusal });
  if (seen.has(raw.id)) return refused({ field: 'id', reason: 'record.duplicate' });
  seen.add(raw.id);
  const fields = checkAccountFields(raw);
  if (!fields.ok) return refused(fields.refusal);
  const fileSecrets = credentials === null ? undefined : entryOf(credentials, raw.id);
  let secrets: StoredSecrets | undefined;
  if (fileSecrets !== undefined) {
    const checked = checkCredentialSecrets(raw.kind, fileSecrets);
    if (!checked.ok) return refused(checked.refusal);
    secrets = { ...checked.value };
  }
  const { label, baseUrl, apiUrl, username, userId, keyHint, yuanPerUsd, thresholds } = fields.value;
  const record: AccountRecord = {
    ...raw,
    label,
    baseUrl,
    apiUrl,
    username,
    userId,
    keyHint,
    yuanPerUsd,
    thresholds,
    // A record's times are numbers the file may have bent; a non-finite one reads as unknown.
    tokenExpiresAt: Number.isFinite(raw.tokenExpiresAt) ? raw.tokenExpiresAt : null,
    lastAutoLoginAt: Number.isFinite(raw.lastAutoLoginAt) ? raw.lastAutoLoginAt : null,
    createdAt: Number.isFinite(raw.createdAt) ? raw.createdAt : 0,
  };
  return { row, fileId: raw.id, record, secrets, refusal: null };
}

type Accepted = Extract<CheckedRecord, { refusal: null }>;

/** Which account here each accepted file account lands on (by file id); file accounts absent from the map are new. */
export function matchAccounts(here: readonly AccountRecord[], file: readonly Accepted[]): Map<string, string> {
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  const hereIds = new Set(here.map((record) => record.id));
  // Same id first (this install, or one restored from it), then the same site and user (added again elsewhere).
  for (const { fileId } of file) {
    if (hereIds.has(fileId)) {
      matches.set(fileId, fileId);
      taken.add(fileId);
    }
  }
  for (const { fileId, record } of file) {
    if (matches.has(fileId)) continue;
    const same = here.find(
      (candidate) =>
        !taken.has(candidate.id) &&
        candidate.kind === record.kind &&
        candidate.baseUrl === record.baseUrl &&
        ((candidate.userId !== null && candidate.userId === record.userId) ||
          (candidate.username !== null && candidate.username === record.username)),
    );
    if (same) {
      matches.set(fileId, same.id);
      taken.add(same.id);
    }
  }
  return matches;
}

export interface RestorePlan {
  readonly accounts: AccountsDocument;
  /** Vault entries to write (secrets) or drop (null); accounts not named keep their entry. */
  readonly secrets: ReadonlyMap<string, StoredSecrets | null>;
  /** Accounts here that the restore removes (replace only). */
  readonly removedIds: readonly string[];
  readonly settings: Settings;
  readonly added: number;
  readonly replaced: number;
  readonly removed: number;
  readonly refused: number;
  readonly settingsChanged: number;
  /** Which account here each accepted file account lands on (by file id): what the file's other records name. */
  readonly idOfFile: ReadonlyMap<string, string>;
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

/**
 * The restore as a plan, from the file's records already through the gate. `newId` names each account the file adds:
 * an id from a file is a reference inside that file, never an account's id here.
 */
export function planRestore(
  here: AccountsDocument,
  settingsHere: Settings,
  payload: BackupPayload,
  checked: readonly CheckedRecord[],
  mode: RestoreMode,
  newId: () => string,
): RestorePlan {
  const accepted = checked.filter((c): c is Accepted => c.refusal === null);
  const matches = matchAccounts(here.accounts, accepted);
  const hereById = new Map(here.accounts.map((record) => [record.id, record]));
  const secrets = new Map<string, StoredSecrets | null>();
  const restored = new Map<string, AccountRecord>();
  const idOfFile = new Map<string, string>();

  for (const { fileId, record, secrets: fileSecrets } of accepted) {
    const id = matches.get(fileId) ?? newId();
    idOfFile.set(fileId, id);
    const existing = hereById.get(id);
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

  const fileActive = payload.accounts.activeId === null ? null : (idOfFile.get(payload.accounts.activeId) ?? null);
  let accounts: AccountsDocument;
  let removedIds: string[] = [];
  if (mode === 'replace') {
    const records = [...restored.values()];
    removedIds = here.accounts.filter((record) => !restored.has(record.id)).map((record) => record.id);
    for (const id of removedIds) secrets.set(id, null);
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
    removedIds,
    settings,
    added: restored.size - replaced,
    replaced,
    removed: removedIds.length,
    refused: checked.length - accepted.length,
    settingsChanged: settingChanges(settingsHere, settings).length,
    idOfFile,
  };
}

export function settingChanges(before: Settings, after: Settings): BackupSettingChange[] {
  return BACKUP_SETTING_NAMES.filter((name) => before[name] !== after[name]).map((name) => ({
    name,
    from: before[name],
    to: after[name],
  }));
}

/**
 * The accounts part of the preview, both modes at once (`absent` is kept by a merge, removed by a replace): the
 * counts of every kind of change, and the first MAX_PREVIEW_ACCOUNTS rows. A refused record is echoed with its label
 * and address made safe to show (controls drawn visibly, cut short, a password in the address masked).
 */
export function previewAccounts(
  here: AccountsDocument,
  checked: readonly CheckedRecord[],
): { readonly counts: BackupAccountCounts; readonly rows: BackupAccountChange[] } {
  const accepted = checked.filter((c): c is Accepted => c.refusal === null);
  const matches = matchAccounts(here.accounts, accepted);
  const matched = new Set(matches.values());
  const counts = { add: 0, replace: 0, absent: 0, refused: 0 };
  const rows: BackupAccountChange[] = [];
  const push = (row: BackupAccountChange): void => {
    counts[row.change] += 1;
    if (rows.length < MAX_PREVIEW_ACCOUNTS) rows.push(row);
  };
  for (const c of checked) {
    if (c.refusal !== null) {
      push({
        row: c.row,
        label: echoText(typeof c.raw.label === 'string' ? c.raw.label : '', MAX_LABEL),
        baseUrl: addressForEcho(typeof c.raw.baseUrl === 'string' ? c.raw.baseUrl : ''),
        kind: c.raw.kind,
        change: 'refused',
        hasCredentials: false,
        reason: refusalError(c.refusal),
      });
      continue;
    }
    push({
      row: c.row,
      label: c.record.label,
      baseUrl: c.record.baseUrl,
      kind: c.record.kind,
      change: matches.has(c.fileId) ? 'replace' : 'add',
      hasCredentials: c.secrets !== undefined,
      reason: null,
    });
  }
  for (const record of here.accounts) {
    if (matched.has(record.id)) continue;
    push({
      row: null,
      label: record.label,
      baseUrl: record.baseUrl,
      kind: record.kind,
      change: 'absent',
      hasCredentials: false,
      reason: null,
    });
  }
  return { counts, rows };
}
