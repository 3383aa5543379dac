// The restore plan: every file record through the account gate first (refused ones reported by row, echoed safely);
// accounts match by id, then by the same site and user; new ones get Keydesk's own ids; a merge keeps accounts the
// file does not name and a replace removes them; credentials from the file are written, an account without them
// keeps its own (and what its record says of them) or, when new or of another kind, asks for one; the preview is
// counts plus the first rows.
import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../../../../src-main/features/accounts/account-records';
import { DEFAULT_SETTINGS } from '../../../../../src-main/features/settings/settings.service';
import { PAYLOAD_FORMAT, type BackupPayload } from '../../../../../src-main/features/backup/backup-payload';
import {
  checkFileRecord,
  MAX_PREVIEW_ACCOUNTS,
  planRestore,
  previewAccounts,
} from '../../../../../src-main/features/backup/restore-plan';
import type { RestoreMode } from '../../../../../src-shared/contract';
import { idRecordOf } from '../../../../../src-main/id-record';

const SITE = 'https://gateway.example';

function record(id: string, over: Partial<AccountRecord> = {}): AccountRecord {
  return {
    id,
    label: id,
    kind: 'access_token',
    baseUrl: SITE,
    apiUrl: SITE,
    username: null,
    userId: null,
    isPasswordRemembered: false,
    tokenExpiresAt: null,
    keyHint: null,
    accessTokenExpiresAt: null,
    lastAutoLoginAt: null,
    isHidden: false,
    isDisabled: false,
    yuanPerUsd: null,
    thresholds: { warnUnits: null, criticalUnits: null },
    createdAt: 0,
    ...over,
  };
}

function payload(accounts: AccountRecord[], credentials: BackupPayload['credentials']): BackupPayload {
  return {
    format: PAYLOAD_FORMAT,
    createdAt: 1,
    appVersion: '9.9.9',
    settings: { ...DEFAULT_SETTINGS, theme: 'dark' },
    accounts: { accounts, activeId: accounts[0]?.id ?? null },
    credentials,
  };
}

const check = (file: BackupPayload) => {
  const seen = new Set<string>();
  return file.accounts.accounts.map((r, i) => checkFileRecord(r, i + 1, file.credentials, seen));
};

function plan(here: Parameters<typeof planRestore>[0], file: BackupPayload, mode: RestoreMode) {
  let n = 0;
  return planRestore(here, DEFAULT_SETTINGS, file, check(file), mode, () => `new-${++n}`);
}

const creds = (entries: Record<string, Record<string, string>>) => idRecordOf(Object.entries(entries));

describe('restore plan', () => {
  it('matches the same site and user added again under another id, and keeps the id here', () => {
    const here = { accounts: [record('here-1', { userId: 7, label: 'Mine' })], activeId: 'here-1' };
    const file = payload(
      [record('file-1', { userId: 7, label: 'From file' })],
      creds({ 'file-1': { accessToken: 'fake' } }),
    );
    const planned = plan(here, file, 'merge');
    expect(planned.accounts.accounts.map((a) => [a.id, a.label])).toEqual([['here-1', 'From file']]);
    expect([...planned.secrets]).toEqual([['here-1', { accessToken: 'fake' }]]);
    expect(planned).toMatchObject({ added: 0, replaced: 1, removed: 0, settingsChanged: 1 });
    expect(planned.settings.theme).toBe('dark');
  });

  it('does not take another user on the same site for the same account', () => {
    const here = { accounts: [record('here-1', { userId: 7 })], activeId: 'here-1' };
    const file = payload([record('file-1', { userId: 8 })], null);
    expect(previewAccounts(here, check(file)).rows.map((a) => a.change)).toEqual(['add', 'absent']);
  });

  it('merge keeps, replace removes what the file does not name; the active account follows', () => {
    const here = { accounts: [record('a'), record('b')], activeId: 'b' };
    const file = payload([record('a', { label: 'A again' }), record('c')], null);
    const merged = plan(here, file, 'merge');
    expect(merged.accounts).toEqual({
      accounts: [
        expect.objectContaining({ id: 'a', label: 'A again' }),
        record('b'),
        expect.objectContaining({ id: 'new-1', label: 'c' }),
      ],
      activeId: 'b',
    });
    const replaced = plan(here, file, 'replace');
    expect(replaced.accounts.accounts.map((a) => a.id)).toEqual(['a', 'new-1']);
    expect(replaced.accounts.activeId).toBe('a');
    expect(replaced).toMatchObject({ added: 1, replaced: 1, removed: 1, removedIds: ['b'] });
    // The removed account's vault entry goes in the same write.
    expect(replaced.secrets.get('b')).toBeNull();
  });

  it('without credentials: an account here keeps its own, a new one or one of another kind asks for one', () => {
    const here = {
      accounts: [
        record('same', { isPasswordRemembered: true, kind: 'password', username: 'u', keyHint: 'sk-a…' }),
        record('other', { kind: 'password', username: 'v' }),
      ],
      activeId: 'same',
    };
    const file = payload(
      [
        record('same', { kind: 'password', username: 'u', isPasswordRemembered: false, keyHint: null }),
        record('other', { kind: 'access_token' }),
        record('new', { kind: 'password', username: 'w', isPasswordRemembered: true }),
      ],
      null,
    );
    const planned = plan(here, file, 'merge');
    expect([...planned.secrets]).toEqual([
      ['other', null],
      ['new-1', null],
    ]);
    const byId = new Map(planned.accounts.accounts.map((a) => [a.id, a]));
    expect(byId.get('same')).toMatchObject({ isPasswordRemembered: true, keyHint: 'sk-a…' });
    expect(byId.get('new-1')).toMatchObject({ isPasswordRemembered: false });
  });

  it('takes no id from the file: ids such as constructor and __proto__ become Keydesk’s own, credentials follow', () => {
    const here = { accounts: [], activeId: null };
    const file = payload(
      [record('constructor', { userId: 1 }), record('__proto__', { userId: 2 }), record('toString', { userId: 3 })],
      // As JSON.parse reads a file: `__proto__` an own key like any other.
      idRecordOf([
        ['constructor', { accessToken: 'fake-1' }],
        ['__proto__', { accessToken: 'fake-2' }],
      ]),
    );
    const planned = plan(here, file, 'replace');
    expect(planned.accounts.accounts.map((a) => [a.id, a.userId])).toEqual([
      ['new-1', 1],
      ['new-2', 2],
      ['new-3', 3],
    ]);
    expect(planned.accounts.activeId).toBe('new-1');
    expect([...planned.secrets]).toEqual([
      ['new-1', { accessToken: 'fake-1' }],
      ['new-2', { accessToken: 'fake-2' }],
      ['new-3', null],
    ]);
  });

  it('refuses, by row, what Add refuses, and echoes it safely: no password of an address, no raw control', () => {
    const here = { accounts: [], activeId: null };
    const file = payload(
      [
        record('ok', { label: 'Fine' }),
        record('js', { baseUrl: 'javascript:alert(1)', apiUrl: 'javascript:alert(1)' }),
        record('file', { baseUrl: 'file:///etc/passwd', apiUrl: 'file:///etc/passwd' }),
        record('userinfo', { baseUrl: 'https://alice:fake-secret-pw@gateway.example', apiUrl: SITE }),
        record('long', { label: 'x'.repeat(300_002) }),
        record('escape', { label: 'Evil\u001b]0;pwned\u0007' }),
        record('ok', { label: 'Twice' }),
        record('badcred', { kind: 'api_key' }),
      ],
      creds({ badcred: { password: 'fake-not-a-key' } }),
    );
    const checked = check(file);
    const { counts, rows } = previewAccounts(here, checked);
    expect(counts).toEqual({ add: 1, replace: 0, absent: 0, refused: 7 });
    expect(rows.map((r) => [r.row, r.change, r.reason?.reason])).toEqual([
      [1, 'add', undefined],
      [2, 'refused', 'address.scheme'],
      [3, 'refused', 'address.scheme'],
      [4, 'refused', 'address.credentials'],
      [5, 'refused', 'input.label_length'],
      [6, 'refused', 'input.label_characters'],
      [7, 'refused', 'record.duplicate'],
      [8, 'refused', 'record.credential'],
    ]);
    const shown = JSON.stringify(rows);
    expect(shown).not.toContain('fake-secret-pw');
    expect(shown).not.toContain('alice');
    expect(shown).not.toContain('fake-not-a-key');
    // eslint-disable-next-line no-control-regex -- no raw control character may be echoed
    expect(shown).not.toMatch(/[\u0000-\u001f]/);
    expect(rows[4]?.label.length).toBeLessThanOrEqual(61);
    const planned = plan(here, file, 'replace');
    expect(planned.accounts.accounts.map((a) => a.label)).toEqual(['Fine']);
    expect(planned.refused).toBe(7);
  });

  it('previews counts and the first rows only, however many the file holds', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => record(`f${i}`, { userId: i + 1, label: `A${i}` }));
    const { counts, rows } = previewAccounts({ accounts: [], activeId: null }, check(payload(many, null)));
    expect(counts.add).toBe(5_000);
    expect(rows).toHaveLength(MAX_PREVIEW_ACCOUNTS);
  });
});

describe('an access token’s expiry in a restore', () => {
  it('follows the token: kept with the token here, dropped where the account will ask for a new one', () => {
    const here = {
      accounts: [record('kept', { userId: 1, accessTokenExpiresAt: 1_900_000_000 })],
      activeId: 'kept',
    };
    const file = payload(
      [
        record('kept', { userId: 1, accessTokenExpiresAt: 1_800_000_000 }),
        record('new', { userId: 2, accessTokenExpiresAt: 1_800_000_000 }),
      ],
      null,
    );
    const byUser = new Map(plan(here, file, 'merge').accounts.accounts.map((a) => [a.userId, a]));
    expect(byUser.get(1)?.accessTokenExpiresAt).toBe(1_900_000_000);
    expect(byUser.get(2)?.accessTokenExpiresAt).toBeNull();
  });
});
