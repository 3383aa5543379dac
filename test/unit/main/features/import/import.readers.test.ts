// The two file readers: an All API Hub backup (every envelope version its importer accepts, its site types and
// auth kinds mapped or refused with a reason) and the accounts CSV (columns, kinds, the username:password form).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAllApiHub, ALL_API_HUB_VERSIONS } from '../../../../../src-main/features/import/all-api-hub';
import { readAccountsCsv } from '../../../../../src-main/features/import/csv-accounts';
import type { FileRead } from '../../../../../src-main/features/import/import-rows';

const fixture = (name: string): string => readFileSync(join(__dirname, '../../../../fixtures/import', name), 'utf8');

const candidates = (read: FileRead) => {
  if (!read.ok) throw new Error(`expected rows, got ${JSON.stringify(read.error)}`);
  return Array.from({ length: read.count }, (_, i) => read.rowAt(i));
};

const account = (overrides: Record<string, unknown> = {}, info: Record<string, unknown> = {}) => ({
  site_name: 'Fake site',
  site_url: 'https://gw.example.invalid',
  site_type: 'new-api',
  authType: 'access_token',
  account_info: { id: '12', access_token: 'fake-token', username: 'fake-user', ...info },
  ...overrides,
});

describe('readAllApiHub', () => {
  it('maps the fixture: tokens with user ids added, cookie sessions and other APIs refused with their reason', () => {
    const rows = candidates(readAllApiHub(JSON.parse(fixture('all-api-hub-backup.v4.json'))));
    expect(rows.map((r) => [r.name, r.kind, r.userId, r.refusal?.reason ?? null])).toEqual([
      ['Alice on the demo gateway', 'access_token', 1, null],
      ['Carol', 'access_token', 3, null],
      ['A cookie login', null, 2, 'import.cookie_session'],
      ['A Sub2API site', 'access_token', 7, 'import.site_type_unsupported'],
      ['Alice again', 'access_token', 1, null],
      ['A revoked token', 'access_token', 4, null],
    ]);
    expect(rows[0]?.credential).toEqual({ kind: 'access_token', accessToken: 'demo-access-token-alice', userId: 1 });
    // The /api suffix is the client's to add: "Alice again" is the same site.
    expect(rows[4]?.baseUrl).toBe(rows[0]?.baseUrl);
    expect(rows[2]?.credential).toBeNull();
  });

  it.each([...ALL_API_HUB_VERSIONS, undefined])(
    'accepts envelope version %s in each place accounts were kept',
    (version) => {
      const v = version === undefined ? {} : { version };
      for (const data of [
        { ...v, accounts: { accounts: [account()] } },
        { ...v, accounts: [account()] },
        { ...v, data: { accounts: [account()] } },
        { ...v, type: 'accounts', accounts: { accounts: [account()], last_updated: 1 } },
      ]) {
        expect(candidates(readAllApiHub(data)).map((r) => r.credential)).toEqual([
          { kind: 'access_token', accessToken: 'fake-token', userId: 12 },
        ]);
      }
    },
  );

  it('refuses a version its importer does not accept, and a backup without accounts', () => {
    expect(readAllApiHub({ version: '5.0', accounts: [account()] })).toMatchObject({
      ok: false,
      error: { reason: 'import.version_unsupported', params: { version: '5.0' } },
    });
    expect(readAllApiHub({ version: '4.0', accounts: [] })).toMatchObject({
      ok: false,
      error: { reason: 'import.no_accounts' },
    });
  });

  it('reads older backups: numeric user ids, no authType (tokens then), no site type', () => {
    const [row] = candidates(
      readAllApiHub({
        accounts: [
          { site_name: 'Old', site_url: 'https://old.example.invalid', account_info: { id: 5, access_token: 't' } },
        ],
      }),
    );
    expect(row).toMatchObject({ kind: 'access_token', userId: 5, refusal: null });
  });

  it.each([
    [{ authType: 'none' }, {}, 'import.no_credential'],
    [{}, { access_token: '' }, 'import.no_credential'],
    [{}, { id: 'not-a-number' }, 'import.user_id_invalid'],
    [{ site_type: 'one-hub' }, {}, 'import.site_type_unsupported'],
    [{ site_url: '' }, {}, 'import.missing_field'],
    [{ site_url: 'ftp://gw.example.invalid' }, {}, 'address.scheme'],
  ])('refuses %j %j: %s', (overrides, info, reason) => {
    const [row] = candidates(readAllApiHub({ version: '4.0', accounts: [account(overrides, info)] }));
    expect(row?.refusal?.reason).toBe(reason);
    expect(row?.credential).toBeNull();
  });

  it('names a site without a name by its host', () => {
    const [row] = candidates(readAllApiHub({ accounts: [account({ site_name: '  ' })] }));
    expect(row?.name).toBe('gw.example.invalid');
  });
});

describe('readAccountsCsv', () => {
  it('maps the fixture: each kind, quoted names, refusals with the field or kind named', () => {
    const rows = candidates(readAccountsCsv(fixture('accounts.csv')));
    expect(rows.map((r) => [r.row, r.name, r.kind, r.username, r.userId, r.refusal?.reason ?? null])).toEqual([
      [1, 'Bob, by password', 'password', 'bob', null, null],
      [2, "Bob's watched key", 'api_key', null, null, null],
      [3, 'Alice by token', 'access_token', null, 1, null],
      [4, 'A name "quoted"\r\nover two lines', null, null, null, 'import.kind_unknown'],
      [5, 'No address', 'password', null, null, 'import.missing_field'],
    ]);
    expect(rows[0]?.credential).toEqual({
      kind: 'password',
      username: 'bob',
      password: 'demo-password-2',
      remember: true,
    });
    expect(rows[2]?.credential).toEqual({ kind: 'access_token', accessToken: 'demo-access-token-alice', userId: 1 });
  });

  it('takes the user name from its column when there is one, so a password may hold colons', () => {
    const [row] = candidates(
      readAccountsCsv('Name,Base_URL,Kind,Credential,Username\nx,https://gw.example.invalid,password,pa:ss,me\n'),
    );
    expect(row?.credential).toEqual({ kind: 'password', username: 'me', password: 'pa:ss', remember: true });
  });

  it('refuses a header without the required columns, naming them', () => {
    expect(readAccountsCsv('name,url,kind\nx,y,z\n')).toMatchObject({
      ok: false,
      error: { reason: 'import.csv_header', params: { columns: 'base_url, credential' } },
    });
  });

  it('refuses a kind named like one of Object’s own, naming it', () => {
    const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const lines = names.map((kind) => `x,https://gw.example.invalid,${kind},sk-fake-key`);
    const rows = candidates(readAccountsCsv(`name,base_url,kind,credential\n${lines.join('\n')}\n`));
    expect(rows.map((r) => [r.kind, r.credential, r.refusal?.reason, r.refusal?.params])).toEqual(
      names.map((kind) => [null, null, 'import.kind_unknown', { kind: kind.toLowerCase() }]),
    );
  });

  it.each([
    ['x,https://gw.example.invalid,password,no-colon,,', 'import.missing_field'],
    ['x,https://gw.example.invalid,token,t,abc,', 'import.user_id_invalid'],
    ['x,https://gw.example.invalid,key,,,', 'import.missing_field'],
    ['x,gw.example.invalid,key,k,,', 'address.not_web'],
  ])('refuses %s: %s', (line, reason) => {
    const [row] = candidates(readAccountsCsv(`name,base_url,kind,credential,user_id,username\n${line}\n`));
    expect(row?.refusal?.reason).toBe(reason);
    expect(row?.credential).toBeNull();
  });
});
