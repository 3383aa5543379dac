// The secret store: per-account encrypted entries that survive restarts, never written on a failed decrypt,
// locked (not lost) when the backend or key changes, passphrase set/unlock/change/lock, and redaction.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearRegisteredSecrets } from '../../../../src-main/log/redact';
import type { CipherSources } from '../../../../src-main/vault/cipher-selection';
import { SecretStore, VaultLockedError } from '../../../../src-main/vault/secret.store';
import { memoryLogger } from '../../../support/memory-logger';
import { CHEAP_SCRYPT, fakeSafeStorage, memoryKeyring, unreachableKeyring } from './fakes';
import { atomicFileEngine } from '../../../../src-main/platform/atomic-file.engine';

let dir: string;
let vault: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-vault-'));
  vault = join(dir, 'vault.json');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  clearRegisteredSecrets();
});

const open = (sources: CipherSources) =>
  SecretStore.open({ now: Date.now, engine: atomicFileEngine(), dataDir: dir, sources, scrypt: CHEAP_SCRYPT });
const noKeyring: CipherSources = { keyring: unreachableKeyring('DBus error: no session bus'), platform: 'linux' };
const bytes = () => readFileSync(vault);
const SECRETS = { password: 'hunter2-pässwörd', accessToken: 'nap_tokenvalue123', userId: 7 };

describe('SecretStore', () => {
  it('keeps secrets per account across restarts in a versioned 0600 file without plaintext', async () => {
    const keyring = memoryKeyring();
    const store = await open({ keyring });
    await store.set('a', SECRETS);
    await store.set('b', { apiKey: 'sk-abcdefabcdef' });
    const doc = JSON.parse(readFileSync(vault, 'utf8')) as Record<string, unknown>;
    expect(doc).toMatchObject({ version: 1, backend: 'keyring', entries: { a: { backend: 'keyring' } } });
    expect(statSync(vault).mode & 0o777).toBe(0o600);
    expect(readFileSync(vault, 'utf8')).not.toMatch(/hunter2|nap_token|sk-abc/);
    const again = await open({ keyring });
    expect(await again.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    expect(await again.get('b')).toEqual({ status: 'ok', secrets: { apiKey: 'sk-abcdefabcdef' } });
    expect(await again.get('zzz')).toEqual({ status: 'missing' });
    expect(again.status()).toMatchObject({ backend: 'keyring', isPersistent: true, lockedAccounts: [] });
  });

  it('a flipped bit anywhere in an entry reports the account locked and leaves the file byte-identical', async () => {
    const keyring = memoryKeyring();
    const store = await open({ keyring });
    await store.set('a', SECRETS);
    const pristine = JSON.parse(readFileSync(vault, 'utf8')) as { entries: { a: { data: string } } };
    const blob = Buffer.from(pristine.entries.a.data, 'base64');
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: blob.length * 8 - 1 }), async (bit) => {
        const flipped = Buffer.from(blob);
        flipped[bit >> 3] = (flipped[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        pristine.entries.a.data = flipped.toString('base64');
        writeFileSync(vault, JSON.stringify(pristine));
        const before = bytes();
        const reopened = await open({ keyring });
        expect(await reopened.get('a')).toMatchObject({ status: 'locked', backend: 'keyring' });
        expect(reopened.status().lockedAccounts).toEqual(['a']);
        expect(bytes().equals(before)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('an entry moved into another account slot does not open there', async () => {
    const keyring = memoryKeyring();
    const store = await open({ keyring });
    await store.set('a', SECRETS);
    const doc = JSON.parse(readFileSync(vault, 'utf8')) as { entries: Record<string, unknown> };
    doc.entries.b = doc.entries.a;
    writeFileSync(vault, JSON.stringify(doc));
    expect(await (await open({ keyring })).get('b')).toMatchObject({ status: 'locked' });
  });

  it('a changed data key locks the account without touching the file; re-entering re-encrypts', async () => {
    const store = await open({ keyring: memoryKeyring() });
    await store.set('a', SECRETS);
    const before = bytes();
    const other = await open({ keyring: memoryKeyring() }); // the keyring lost its item: a new key
    expect(await other.get('a')).toMatchObject({ status: 'locked' });
    expect(bytes().equals(before)).toBe(true);
    await other.set('a', SECRETS);
    expect(await other.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
  });

  it('a backend that went away locks its entries with a reason; memory keeps new ones for the session only', async () => {
    const store = await open({ keyring: memoryKeyring() });
    await store.set('a', SECRETS);
    const before = bytes();
    const memory = await open(noKeyring);
    const status = memory.status();
    expect(status).toMatchObject({ backend: 'memory', isPersistent: false, canSetPassphrase: true });
    expect(status.lockedAccounts).toEqual(['a']);
    const read = await memory.get('a');
    expect(read).toMatchObject({ status: 'locked', backend: 'keyring' });
    expect(read).toMatchObject({ reason: 'vault.backend_unavailable', params: { backend: 'keyring' } });
    await memory.set('a', { password: 'session-only-secret' });
    expect(await memory.get('a')).toEqual({ status: 'ok', secrets: { password: 'session-only-secret' } });
    expect(bytes().equals(before)).toBe(true); // nothing persisted, the old ciphertext kept
  });

  it('safeStorage entries stay readable in a later run that uses the keyring alongside it', async () => {
    const safeStorage = fakeSafeStorage();
    const keyring = memoryKeyring();
    await (await open({ safeStorage, keyring })).set('a', SECRETS);
    const browserMode = await open({ keyring });
    expect(browserMode.status().backend).toBe('keyring');
    expect(await browserMode.get('a')).toMatchObject({ status: 'locked', backend: 'safe-storage' });
    expect(await (await open({ safeStorage, keyring })).get('a')).toEqual({ status: 'ok', secrets: SECRETS });
  });

  it('seals a safeStorage entry again when Electron says its key was rotated, and flush waits for it', async () => {
    let isRotated = false;
    const port = fakeSafeStorage({ shouldReEncrypt: () => isRotated });
    let seals = 0;
    const safeStorage = {
      ...port,
      encryptString: (plain: string) => {
        seals++;
        return port.encryptString(plain);
      },
    };
    const store = await open({ safeStorage });
    await store.set('a', SECRETS);
    expect(await store.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    await store.flush();
    expect(seals).toBe(1); // nothing asked for: nothing sealed again
    isRotated = true;
    expect(await store.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    await store.flush();
    expect(seals).toBe(2); // sealed again under the new key, and written before flush answered
    isRotated = false;
    expect(await (await open({ safeStorage })).get('a')).toEqual({ status: 'ok', secrets: SECRETS });
  });

  it('flush resolves only once every write asked for before it is on disk', async () => {
    const store = await open({ keyring: memoryKeyring() });
    const writes = [store.set('a', SECRETS), store.set('b', { apiKey: 'sk-fakefakefake' })];
    await store.flush();
    const doc = JSON.parse(readFileSync(vault, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(doc.entries).sort()).toEqual(['a', 'b']);
    await Promise.all(writes);
  });

  it('passphrase: set moves session secrets into the file; wrong unlock and change fail and write nothing', async () => {
    const store = await open(noKeyring);
    await store.set('a', SECRETS);
    await store.setPassphrase('first passphrase');
    expect(store.status()).toMatchObject({ backend: 'passphrase', isPersistent: true, isLocked: false });
    await expect(store.setPassphrase('again')).rejects.toThrow(/already set/);

    const restarted = await open(noKeyring);
    expect(restarted.status()).toMatchObject({ backend: 'passphrase', isLocked: true, hasPassphrase: true });
    expect(await restarted.get('a')).toMatchObject({ status: 'locked', backend: 'passphrase' });
    // Waiting for the passphrase is the vault's state, not a problem of the account's entry (nothing to enter again).
    expect(restarted.status().lockedAccounts).toEqual([]);
    await expect(restarted.set('b', { apiKey: 'x' })).rejects.toBeInstanceOf(VaultLockedError);
    const before = bytes();
    await expect(restarted.unlock('wrong passphrase')).rejects.toMatchObject({ kind: 'authentication' });
    await expect(restarted.changePassphrase('wrong passphrase', 'new one')).rejects.toMatchObject({
      kind: 'authentication',
    });
    expect(bytes().equals(before)).toBe(true);

    await restarted.unlock('first passphrase');
    expect(await restarted.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    await restarted.changePassphrase('first passphrase', 'second passphrase');
    expect(await restarted.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    restarted.lock();
    expect(restarted.status().isLocked).toBe(true);

    const third = await open(noKeyring);
    await expect(third.unlock('first passphrase')).rejects.toMatchObject({ kind: 'authentication' });
    await third.unlock('second passphrase');
    expect(await third.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
  });

  it('changePassphrase stops and writes nothing when an entry cannot be opened with the old key', async () => {
    const store = await open(noKeyring);
    await store.setPassphrase('pass one');
    await store.set('a', SECRETS);
    const doc = JSON.parse(readFileSync(vault, 'utf8')) as { entries: { a: { data: string } } };
    const blob = Buffer.from(doc.entries.a.data, 'base64');
    blob[20] = (blob[20] ?? 0) ^ 1;
    doc.entries.a.data = blob.toString('base64');
    writeFileSync(vault, JSON.stringify(doc));
    const reopened = await open(noKeyring);
    const before = bytes();
    await expect(reopened.changePassphrase('pass one', 'pass two')).rejects.toThrow();
    expect(bytes().equals(before)).toBe(true);
  });

  it('delete removes only that account', async () => {
    const store = await open({ keyring: memoryKeyring() });
    await store.set('a', SECRETS);
    await store.set('b', { apiKey: 'k' });
    await store.delete('a');
    expect(await store.get('a')).toEqual({ status: 'missing' });
    expect(await store.get('b')).toMatchObject({ status: 'ok' });
  });

  it('registers decrypted secrets with the redactor, so a log line never carries them', async () => {
    const keyring = memoryKeyring();
    await (await open({ keyring })).set('a', { password: 'plain-words-pw' });
    clearRegisteredSecrets();
    await (await open({ keyring })).get('a');
    const { log, lines } = memoryLogger();
    log.info('user typed plain-words-pw in the wrong field');
    expect(lines.join('\n')).not.toContain('plain-words-pw');
  });

  it('a corrupt vault file is kept aside and reported, and its backup restored', async () => {
    const keyring = memoryKeyring();
    const store = await open({ keyring });
    await store.set('a', SECRETS);
    await store.set('b', { apiKey: 'k' });
    writeFileSync(vault, '{"version": 1, "entr');
    const reopened = await open({ keyring });
    expect(await reopened.get('a')).toEqual({ status: 'ok', secrets: SECRETS });
    // Named, with the file involved: the renderer words them (no English sentence from main).
    const notices = reopened.status().fileNotices;
    expect(notices.map((n) => n.kind).sort()).toEqual(['file_kept', 'file_restored']);
    for (const notice of notices) expect(notice.path).toMatch(/vault/);
  });
});
