// The one gate of a synced account, and the folder's address rule: what an account typed here may not be, a synced
// one may not be either; and only https (or http to this machine) carries the folder.
import { describe, expect, it } from 'vitest';
import { admitSyncedAccount } from '../../../../../src-main/features/sync/incoming-account';
import { checkSyncUrl } from '../../../../../src-shared/rules/sync-url-rules';

const ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const good = {
  label: 'Alice',
  kind: 'access_token',
  baseUrl: 'https://gateway.example.com',
  apiUrl: 'https://gateway.example.com',
  username: null,
  userId: 7,
  isHidden: false,
  isDisabled: false,
  yuanPerUsd: null,
  thresholds: { warnUnits: 10, criticalUnits: null },
  createdAt: 1,
  accessTokenExpiresAt: null,
  credential: { accessToken: 'fake-token' },
};

describe('admitSyncedAccount', () => {
  it('admits an account as Keydesk stores it, with its credential apart', () => {
    expect(admitSyncedAccount(ID, good)).toMatchObject({
      record: { id: ID, label: 'Alice' },
      secrets: { accessToken: 'fake-token' },
    });
  });

  it.each([
    ['an id that is not Keydesk’s', 'not-a-uuid', good],
    ['an empty label', ID, { ...good, label: '   ' }],
    ['a label too long', ID, { ...good, label: 'x'.repeat(61) }],
    ['an address with a query', ID, { ...good, baseUrl: 'https://gateway.example.com/?a=1' }],
    ['an address not normalised', ID, { ...good, baseUrl: 'https://gateway.example.com/api' }],
    ['a javascript: address', ID, { ...good, apiUrl: 'javascript:alert(1)' }],
    ['a credential of another kind', ID, { ...good, credential: { apiKey: 'sk-fake' } }],
    ['a control character in a token', ID, { ...good, credential: { accessToken: 'fake\ntoken' } }],
    ['a negative threshold', ID, { ...good, thresholds: { warnUnits: -1, criticalUnits: null } }],
    ['a password account without a user name', ID, { ...good, kind: 'password', credential: null }],
    ['an unknown field', ID, { ...good, isAdmin: true }],
    ['a control character in the label', ID, { ...good, label: 'Alice\u001b]0;owned\u0007' }],
    ['a user name and password in the address', ID, { ...good, baseUrl: 'https://me:pw@gateway.example.com' }],
    ['an id such as constructor', 'constructor', good],
  ])('refuses %s', (_what, id, body) => {
    expect(admitSyncedAccount(id, body)).toBeNull();
  });
});

describe('checkSyncUrl', () => {
  it.each([
    [
      'https://dav.example.com/remote.php/dav/files/me/keydesk',
      'https://dav.example.com/remote.php/dav/files/me/keydesk/',
    ],
    ['http://127.0.0.1:8080/dav/', 'http://127.0.0.1:8080/dav/'],
    ['http://localhost:8080/dav', 'http://localhost:8080/dav/'],
    ['http://[::1]:8080/dav/', 'http://[::1]:8080/dav/'],
    ['http://dav.example.com/dav/', null],
    ['https://me:pw@dav.example.com/dav/', null],
    ['https://dav.example.com/dav/?x=1', null],
    ['ftp://dav.example.com/', null],
    ['not a url', null],
  ])('%s → %s', (input, expected) => {
    expect(checkSyncUrl(input)).toBe(expected);
  });
});
