// The restore plan: accounts match by id, then by the same site and user; a merge keeps accounts the file does not
// name and a replace removes them; credentials from the file are written, an account without them keeps its own
// (and what its record says of them) or, when new or of another kind, asks for one.
import { describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../../../src-main/features/accounts/account-records';
import { DEFAULT_SETTINGS } from '../../../../src-main/features/app/settings.service';
import { PAYLOAD_FORMAT, type BackupPayload } from '../../../../src-main/features/backup/backup-payload';
import { planRestore, previewAccounts } from '../../../../src-main/features/backup/restore-plan';

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

describe('restore plan', () => {
  it('matches the same site and user added again under another id, and keeps the id here', () => {
    const here = { accounts: [record('here-1', { userId: 7, label: 'Mine' })], activeId: 'here-1' };
    const file = payload([record('file-1', { userId: 7, label: 'From file' })], { 'file-1': { accessToken: 'fake' } });
    const plan = planRestore(here, DEFAULT_SETTINGS, file, 'merge');
    expect(plan.accounts.accounts.map((a) => [a.id, a.label])).toEqual([['here-1', 'From file']]);
    expect([...plan.secrets]).toEqual([['here-1', { accessToken: 'fake' }]]);
    expect(plan).toMatchObject({ added: 0, replaced: 1, removed: 0, settingsChanged: 1 });
    expect(plan.settings.theme).toBe('dark');
  });

  it('does not take another user on the same site for the same account', () => {
    const here = { accounts: [record('here-1', { userId: 7 })], activeId: 'here-1' };
    const file = payload([record('file-1', { userId: 8 })], null);
    expect(previewAccounts(here, file).map((a) => a.change)).toEqual(['add', 'absent']);
  });

  it('merge keeps, replace removes what the file does not name; the active account follows', () => {
    const here = { accounts: [record('a'), record('b')], activeId: 'b' };
    const file = payload([record('a', { label: 'A again' }), record('c')], null);
    const merged = planRestore(here, DEFAULT_SETTINGS, file, 'merge');
    expect(merged.accounts).toEqual({
      accounts: [
        expect.objectContaining({ id: 'a', label: 'A again' }),
        record('b'),
        expect.objectContaining({ id: 'c' }),
      ],
      activeId: 'b',
    });
    const replaced = planRestore(here, DEFAULT_SETTINGS, file, 'replace');
    expect(replaced.accounts.accounts.map((a) => a.id)).toEqual(['a', 'c']);
    expect(replaced.accounts.activeId).toBe('a');
    expect(replaced).toMatchObject({ added: 1, replaced: 1, removed: 1 });
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
    const plan = planRestore(here, DEFAULT_SETTINGS, file, 'merge');
    expect([...plan.secrets]).toEqual([
      ['other', null],
      ['new', null],
    ]);
    const byId = new Map(plan.accounts.accounts.map((a) => [a.id, a]));
    expect(byId.get('same')).toMatchObject({ isPasswordRemembered: true, keyHint: 'sk-a…' });
    expect(byId.get('new')).toMatchObject({ isPasswordRemembered: false });
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
    const byId = new Map(planRestore(here, DEFAULT_SETTINGS, file, 'merge').accounts.accounts.map((a) => [a.id, a]));
    expect(byId.get('kept')?.accessTokenExpiresAt).toBe(1_900_000_000);
    expect(byId.get('new')?.accessTokenExpiresAt).toBeNull();
  });
});
