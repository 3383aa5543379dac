// Backup and restore through the router against the emulator: a backup, a wiped data folder and a restore give
// back the same accounts, thresholds, settings and working credentials (keys listed, also after a restart); a
// flipped byte or a wrong passphrase is refused with every byte of the data folder unchanged; merge keeps what the
// file does not name, replace removes it.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountsSnapshot, BackupFileRef, BackupPreview, Settings } from '../../../src-shared/contract';
import { backupApps } from './backup-apps';
import { memoryKeyring } from '../../unit/main/vault/fakes';

const PASSPHRASE = 'fake backup passphrase 1';

const { gw: emulator, newDataDir, openApp, close } = backupApps('keydesk-backup');
type Opened = Awaited<ReturnType<typeof openApp>>;

async function addAccount(k: Opened, label: string, user: 'alice' | 'bob' | 'carol'): Promise<string> {
  const credential =
    user === 'bob'
      ? { kind: 'password' as const, username: 'bob', password: 'demo-password-2', remember: true }
      : { kind: 'access_token' as const, accessToken: `demo-access-token-${user}` };
  const outcome = await k.value('accounts:add', {
    label,
    baseUrl: emulator().base_url,
    apiUrl: emulator().api_url,
    credential,
  });
  if (outcome.status !== 'done') throw new Error('second factor');
  return outcome.account.id;
}

async function backUp(k: Opened, includeCredentials = true): Promise<Uint8Array> {
  const made = await k.value('backup:create', { passphrase: PASSPHRASE, includeCredentials });
  expect(made.path).not.toBeNull();
  return new Uint8Array(await readFile(made.path ?? ''));
}

const send = (k: Opened, bytes: Uint8Array) =>
  k.call('backup:receiveFile', { name: 'x.keydesk', contentBase64: Buffer.from(bytes).toString('base64') });

async function preview(k: Opened, bytes: Uint8Array, passphrase = PASSPHRASE): Promise<BackupPreview> {
  const file: BackupFileRef = await k.value('backup:receiveFile', {
    name: 'x.keydesk',
    contentBase64: Buffer.from(bytes).toString('base64'),
  });
  return k.value('backup:preview', { fileId: file.fileId, passphrase });
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

// Ids are Keydesk's own: a restore onto an empty folder gives the accounts new ones, so they are compared by what
// they are, and the active one by its label.
const comparable = (snapshot: AccountsSnapshot) => ({
  active: snapshot.accounts.find((a) => a.id === snapshot.activeId)?.label ?? null,
  accounts: snapshot.accounts.map((a) => ({
    label: a.label,
    kind: a.kind,
    baseUrl: a.baseUrl,
    apiUrl: a.apiUrl,
    username: a.username,
    userId: a.userId,
    thresholds: a.thresholds,
    isPasswordRemembered: a.isPasswordRemembered,
  })),
});

async function keysListed(k: Opened, accountId: string): Promise<number> {
  const page = await k.value('keys:list', { accountId, page: 1, size: 10 });
  return page.items.length;
}

describe('backup and restore', () => {
  it('backup → wiped data folder → restore gives the same accounts, settings and working credentials', async () => {
    const dir = await newDataDir();
    const before = await openApp(dir, memoryKeyring());
    const alice = await addAccount(before, 'Alice', 'alice');
    const bob = await addAccount(before, 'Bob (password)', 'bob');
    await before.value('accounts:update', {
      id: alice,
      patch: { thresholds: { warnUnits: 5_000_000, criticalUnits: 1_000_000 } },
    });
    await before.value('accounts:switch', { id: bob });
    const settings: Settings = await before.value('settings:update', {
      language: 'zh-CN',
      theme: 'dark',
      refreshIntervalMinutes: 17,
      alertSound: true,
    });
    const accounts = comparable(await before.value('accounts:list', undefined));
    const file = await backUp(before);
    expect(Buffer.from(file).includes(Buffer.from('demo-access-token-alice'))).toBe(false);
    expect(Buffer.from(file).includes(Buffer.from('Alice'))).toBe(false);
    await close(before.app);

    // A new machine: the data folder wiped, another keyring.
    await rm(dir, { recursive: true, force: true });
    const keyring = memoryKeyring();
    const after = await openApp(dir, keyring);
    const shown = await preview(after, file);
    expect(shown.includesCredentials).toBe(true);
    expect(shown.accounts.map((a) => [a.label, a.change, a.hasCredentials])).toEqual([
      ['Alice', 'add', true],
      ['Bob (password)', 'add', true],
    ]);
    expect(shown.settings.map((s) => s.name).sort()).toEqual(
      ['alertSound', 'language', 'refreshIntervalMinutes', 'theme'].sort(),
    );
    expect(JSON.stringify(shown)).not.toContain('demo-');
    const restored = await after.value('backup:restore', { restoreId: shown.restoreId, mode: 'replace' });
    expect(restored).toEqual({
      added: 2,
      replaced: 0,
      removed: 0,
      refused: 0,
      settingsChanged: 4,
      credentialsRestored: 2,
      allowances: 0,
      handoffs: 0,
      recordsRefused: 0,
    });
    const listed = await after.value('accounts:list', undefined);
    expect(comparable(listed)).toEqual(accounts);
    const idOf = (label: string): string => listed.accounts.find((a) => a.label === label)?.id ?? '';
    expect([idOf('Alice'), idOf('Bob (password)')]).not.toContain(alice);
    expect([idOf('Alice'), idOf('Bob (password)')]).not.toContain(bob);
    expect(await after.value('settings:get', undefined)).toEqual(settings);
    expect(await keysListed(after, idOf('Alice'))).toBeGreaterThan(0);
    expect(await keysListed(after, idOf('Bob (password)'))).toBeGreaterThan(0);

    // The credentials are in this machine's vault, not only in memory: a restart still lists keys.
    await close(after.app);
    const restarted = await openApp(dir, keyring);
    expect(comparable(await restarted.value('accounts:list', undefined))).toEqual(accounts);
    expect(await keysListed(restarted, idOf('Alice'))).toBeGreaterThan(0);
    expect(await keysListed(restarted, idOf('Bob (password)'))).toBeGreaterThan(0);
  });

  it('refuses a flipped byte, a cut file and a wrong passphrase, and changes no byte of the data folder', async () => {
    const dir = await newDataDir();
    const k = await openApp(dir, memoryKeyring());
    const alice = await addAccount(k, 'Alice', 'alice');
    const file = await backUp(k);
    // What a restore would change, changed since the backup: a refused restore must leave it so.
    await k.value('accounts:update', { id: alice, patch: { label: 'Alice (edited)' } });
    await k.value('settings:update', { theme: 'light' });
    // The monitor's first reading of the new account lands in its caches: let it, so only a restore could write.
    await k.value('quota:refresh', {});
    const bytesBefore = await folderBytes(dir);

    const wrong = await send(k, file);
    const fileId = wrong.ok ? wrong.value.fileId : '';
    const refused = await k.call('backup:preview', { fileId, passphrase: 'not the passphrase' });
    expect(!refused.ok && refused.error.reason).toBe('backup.wrong_passphrase');

    const reasons: (string | undefined)[] = [];
    for (const at of [3, 20, 70, 100, file.length - 20, file.length - 1]) {
      const flipped = Uint8Array.from(file);
      flipped[at] = (flipped[at] ?? 0) ^ 0x10;
      const received = await send(k, flipped);
      if (!received.ok) {
        reasons.push(received.error.reason);
        continue;
      }
      const opened = await k.call('backup:preview', { fileId: received.value.fileId, passphrase: PASSPHRASE });
      reasons.push(opened.ok ? 'accepted' : opened.error.reason);
    }
    expect(reasons).toEqual([
      'backup.not_backup',
      'backup.damaged',
      'backup.damaged',
      'backup.damaged',
      'backup.damaged',
      'backup.damaged',
    ]);
    const cut = await send(k, file.subarray(0, file.length - 5));
    expect(!cut.ok && cut.error.reason).toBe('backup.damaged');

    expect(await folderBytes(dir)).toEqual(bytesBefore);
    expect((await k.value('accounts:list', undefined)).accounts.map((a) => a.label)).toEqual(['Alice (edited)']);
  });

  it('merges (keeps what the file does not name) or replaces (removes it), on the user’s choice', async () => {
    const dir = await newDataDir();
    const k = await openApp(dir, memoryKeyring());
    const alice = await addAccount(k, 'Alice', 'alice');
    const carol = await addAccount(k, 'Carol', 'carol');
    await k.value('accounts:update', { id: alice, patch: { thresholds: { warnUnits: 42, criticalUnits: null } } });
    const file = await backUp(k, false);
    // Since the backup: Alice's threshold changed, Carol removed, Bob added.
    await k.value('accounts:update', { id: alice, patch: { thresholds: { warnUnits: 7, criticalUnits: 3 } } });
    await k.value('accounts:remove', { id: carol });
    const bob = await addAccount(k, 'Bob', 'bob');

    const merging = await preview(k, file);
    expect(merging.includesCredentials).toBe(false);
    expect(merging.accounts.map((a) => [a.label, a.change])).toEqual([
      ['Alice', 'replace'],
      ['Carol', 'add'],
      ['Bob', 'absent'],
    ]);
    const merged = await k.value('backup:restore', { restoreId: merging.restoreId, mode: 'merge' });
    expect(merged).toMatchObject({ added: 1, replaced: 1, removed: 0, credentialsRestored: 0 });
    const afterMerge = await k.value('accounts:list', undefined);
    expect(afterMerge.accounts.map((a) => [a.label, a.thresholds.warnUnits, a.state])).toEqual([
      ['Alice', 42, 'ok'], // her credential stays: the file had none for her
      ['Bob', null, 'ok'],
      ['Carol', null, 'needs_sign_in'], // back, without a credential: she asks for one
    ]);
    expect(await keysListed(k, alice)).toBeGreaterThan(0);
    // A restore answered once cannot be applied twice.
    const again = await k.call('backup:restore', { restoreId: merging.restoreId, mode: 'merge' });
    expect(!again.ok && again.error.reason).toBe('backup.expired');

    const replacing = await preview(k, file);
    expect(replacing.accounts.map((a) => [a.label, a.change])).toEqual([
      ['Alice', 'replace'],
      ['Carol', 'replace'],
      ['Bob', 'absent'],
    ]);
    const replaced = await k.value('backup:restore', { restoreId: replacing.restoreId, mode: 'replace' });
    expect(replaced).toMatchObject({ added: 0, replaced: 2, removed: 1 });
    const afterReplace = await k.value('accounts:list', undefined);
    expect(afterReplace.accounts.map((a) => a.label)).toEqual(['Alice', 'Carol']);
    expect(afterReplace.accounts.some((a) => a.id === bob)).toBe(false);
    expect(await keysListed(k, alice)).toBeGreaterThan(0);
  });
});
