// A backup is trusted for nothing but its passphrase: a hand-made file (right passphrase, crafted content) restores
// only what Add would accept, says by row what it left out and why without echoing a password, gives the accounts
// Keydesk's own ids (so ids such as `constructor` or `__proto__` cannot reach a lookup), and leaves a data folder
// that starts again. A data folder an older build wrote with such ids starts and works too.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupApps } from './backup-apps';
import type { AccountRecord } from '../../../src-main/features/accounts/account-records';
import { encodeBackup } from '../../../src-main/features/backup/backup-format';
import { encodePayload, PAYLOAD_FORMAT } from '../../../src-main/features/backup/backup-payload';
import { idRecordOf } from '../../../src-main/id-record';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { ConfigStore } from '../../../src-main/vault/config.store';
import {
  ACCOUNTS_VERSION,
  EMPTY_ACCOUNTS,
  accountsDocumentSchema,
} from '../../../src-main/features/accounts/account-records';
import { isKeydeskAccountId } from '../../../src-shared/rules/account-record-rules';
import { memoryKeyring } from '../../unit/main/vault/fakes';

const PASSPHRASE = 'fake backup passphrase 1';
const HOSTILE_IDS = ['constructor', 'toString', '__proto__'] as const;

const { gw: emulator, newDataDir, openApp, close } = backupApps('keydesk-hostile');

function record(id: string, over: Partial<AccountRecord>): AccountRecord {
  return {
    id,
    label: id,
    kind: 'access_token',
    baseUrl: emulator().base_url,
    apiUrl: emulator().api_url,
    username: null,
    userId: null,
    isPasswordRemembered: false,
    tokenExpiresAt: null,
    accessTokenExpiresAt: null,
    keyHint: null,
    lastAutoLoginAt: null,
    isHidden: false,
    isDisabled: false,
    yuanPerUsd: null,
    thresholds: { warnUnits: null, criticalUnits: null },
    createdAt: 0,
    ...over,
  };
}

/** Every file of the data folder and its bytes. */
async function folderBytes(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), (await readFile(path)).toString('base64'));
  }
  return files;
}

describe('a crafted backup', () => {
  it('restores only what Add accepts, by row with reasons, under Keydesk’s own ids; the folder starts again', async () => {
    const records = [
      record('constructor', { label: 'Ctor', userId: 1 }),
      record('toString', { label: 'ToString', userId: 3 }),
      record('__proto__', { label: 'Proto', kind: 'api_key' }),
      record('js', { label: 'Script', baseUrl: 'javascript:alert(1)', apiUrl: 'javascript:alert(1)' }),
      record('file', { label: 'Local file', baseUrl: 'file:///etc/passwd', apiUrl: 'file:///etc/passwd' }),
      record('userinfo', {
        label: 'With password',
        baseUrl: emulator().base_url.replace('http://', 'http://alice:fake-url-password@'),
      }),
      record('long', { label: 'L'.repeat(300_002) }),
      record('escape', { label: 'Title\u001b]0;pwned\u0007' }),
    ];
    const payload = {
      format: PAYLOAD_FORMAT,
      createdAt: 1,
      appVersion: '9.9.9',
      settings: {},
      accounts: { accounts: records, activeId: '__proto__' },
      credentials: idRecordOf([
        ['constructor', { accessToken: 'demo-access-token-alice' }],
        ['toString', { accessToken: 'demo-access-token-carol' }],
        ['__proto__', { apiKey: 'sk-demo-never-a-real-key' }],
      ]),
    };
    // What JSON.parse reads back holds `__proto__` as an own key, as a hand-made file would.
    const file = await encodeBackup(encodePayload(payload as never), PASSPHRASE);
    expect(new TextDecoder().decode(encodePayload(payload as never))).toContain('"__proto__":{"apiKey"');

    const dir = await newDataDir();
    const keyring = memoryKeyring();
    const k = await openApp(dir, keyring);
    const received = await k.value('backup:receiveFile', {
      name: 'crafted.keydesk',
      contentBase64: Buffer.from(file).toString('base64'),
    });
    const preview = await k.value('backup:preview', { fileId: received.fileId, passphrase: PASSPHRASE });
    expect(preview.accountCounts).toEqual({ add: 3, replace: 0, absent: 0, refused: 5 });
    expect(preview.accounts.map((a) => [a.row, a.change, a.reason?.reason ?? null])).toEqual([
      [1, 'add', null],
      [2, 'add', null],
      [3, 'add', null],
      [4, 'refused', 'address.scheme'],
      [5, 'refused', 'address.scheme'],
      [6, 'refused', 'address.credentials'],
      [7, 'refused', 'input.label_length'],
      [8, 'refused', 'input.label_characters'],
    ]);
    const shown = JSON.stringify(preview);
    expect(shown).not.toContain('fake-url-password');
    expect(shown).not.toContain('alice:');
    expect(shown).not.toContain('demo-access-token');
    expect(shown).not.toMatch(/\\u001b|\\u0007/);
    expect(shown.length).toBeLessThan(20_000);

    const restored = await k.value('backup:restore', { restoreId: preview.restoreId, mode: 'replace' });
    expect(restored).toMatchObject({ added: 3, refused: 5, credentialsRestored: 3 });
    const listed = await k.value('accounts:list', undefined);
    expect(listed.accounts.map((a) => a.label)).toEqual(['Ctor', 'ToString', 'Proto']);
    for (const account of listed.accounts) expect(isKeydeskAccountId(account.id)).toBe(true);
    expect(listed.activeId).toBe(listed.accounts[2]?.id);
    const accountsFile = await readFile(join(dir, 'accounts.json'), 'utf8');
    for (const bad of ['javascript:', 'file:', 'fake-url-password', 'LLLL', '\\u001b', 'constructor', '__proto__']) {
      expect(accountsFile).not.toContain(bad);
    }
    const balances = await k.value('quota:refresh', {});
    const ctor = listed.accounts[0]?.id ?? '';
    expect(balances.find((b) => b.accountId === ctor)?.remainingUnits).toEqual(expect.any(Number));
    expect(balances.find((b) => b.accountId === ctor)?.error).toBeNull();
    await close(k.app);

    const again = await openApp(dir, keyring);
    expect((await again.value('accounts:list', undefined)).accounts.map((a) => a.label)).toEqual([
      'Ctor',
      'ToString',
      'Proto',
    ]);
    const page = await again.value('keys:list', { accountId: ctor, page: 1, size: 10 });
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('leaves every byte of the data folder as it was when a restore is cancelled while it checks', async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => record(`f${i}`, { label: `Account ${i}`, userId: i + 10 }));
    const file = await encodeBackup(
      encodePayload({
        format: PAYLOAD_FORMAT,
        createdAt: 1,
        appVersion: '9.9.9',
        settings: {},
        accounts: { accounts: many, activeId: null },
        credentials: null,
      }),
      PASSPHRASE,
    );
    const dir = await newDataDir();
    const k = await openApp(dir, memoryKeyring());
    await k.value('quota:refresh', {});
    const before = await folderBytes(dir);
    const received = await k.value('backup:receiveFile', {
      name: 'many.keydesk',
      contentBase64: Buffer.from(file).toString('base64'),
    });
    // The first progress event is the moment to cancel: the check goes on in slices after it.
    const cancelled = new Promise<void>((resolve) => {
      const stop = k.app.events.subscribe((event, payload) => {
        if (event === 'backup:progress' && (payload as { id: string }).id === received.fileId) {
          stop();
          void k.value('backup:discard', { id: received.fileId }).then(() => {
            resolve();
          });
        }
      });
    });
    const preview = await k.call('backup:preview', { fileId: received.fileId, passphrase: PASSPHRASE });
    await cancelled;
    expect(!preview.ok && preview.error.reason).toBe('backup.cancelled');
    expect(await folderBytes(dir)).toEqual(before);
  });
});

describe('a data folder an older build wrote with ids such as constructor', () => {
  it('starts, lists the accounts, reads their balances and lists their keys', async () => {
    const dir = await newDataDir();
    const keyring = memoryKeyring();
    // What an older build left: records under those ids, their vault entries, their cached balances.
    const accounts = new ConfigStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      name: 'accounts',
      schema: accountsDocumentSchema,
      defaults: EMPTY_ACCOUNTS,
      version: ACCOUNTS_VERSION,
    });
    accounts.write({
      accounts: HOSTILE_IDS.map((id) => record(id, { label: `Old ${id}` })),
      activeId: 'constructor',
    });
    const vault = await SecretStore.open({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      sources: { keyring },
    });
    for (const id of HOSTILE_IDS) await vault.set(id, { accessToken: 'demo-access-token-alice' });
    const cached = { remainingUnits: 5, usedUnits: 1, isUnlimited: false, softLimitUnits: null, hardLimitUnits: null };
    const arming = { warn: true, critical: true, softLimit: true };
    const cache = Object.fromEntries(HOSTILE_IDS.map((id) => [id, { ...cached, fetchedAt: 1 }]));
    const quotaCache = `{"version":1,"balances":${JSON.stringify(cache)},"arming":{"__proto__":${JSON.stringify(arming)},"toString":${JSON.stringify(arming)}}}`;
    await import('node:fs/promises').then((fs) => fs.writeFile(join(dir, 'quota-cache.json'), quotaCache));

    const k = await openApp(dir, keyring);
    const listed = await k.value('accounts:list', undefined);
    expect(listed.accounts.map((a) => [a.id, a.state])).toEqual(HOSTILE_IDS.map((id) => [id, 'ok']));
    const snapshot = await k.value('quota:snapshot', undefined);
    expect(snapshot.map((b) => [b.accountId, b.remainingUnits])).toEqual(HOSTILE_IDS.map((id) => [id, 5]));
    const balances = await k.value('quota:refresh', {});
    for (const id of HOSTILE_IDS) {
      const balance = balances.find((b) => b.accountId === id);
      expect(balance?.error).toBeNull();
      expect(balance?.remainingUnits).not.toBe(5);
    }
    for (const id of HOSTILE_IDS) {
      expect((await k.value('keys:list', { accountId: id, page: 1, size: 10 })).items.length).toBeGreaterThan(0);
      expect((await k.value('quota:history', { accountId: id })).samples.length).toBeGreaterThan(0);
    }
    await close(k.app);
    const again = await openApp(dir, keyring);
    expect((await again.value('accounts:list', undefined)).accounts).toHaveLength(3);
  });
});
