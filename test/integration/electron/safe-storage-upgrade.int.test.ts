// A vault sealed through Electron's synchronous safeStorage (what builds on Electron 41 wrote) opens through the
// asynchronous calls this build uses, and this build never calls the synchronous ones (deprecated in Electron 45,
// removed in 46). Runs the real adapter and vault on the typed Electron stand-in.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { electronSafeStorage } from '../../../src-main/platform/electron/safe-storage.adapter';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { safeStorage, standIn } from '../../support/electron-stand-in';

vi.mock('electron', () => import('../../support/electron-stand-in'));

const SECRETS = { accessToken: 'fake-access-token-for-sync-vault', userId: 7 };
let dir: string;

/** The entry as the earlier build's cipher sealed it: `sha256(bytes).bytes` in base64, through encryptString. */
function sealedBySyncApi(accountId: string): string {
  const bytes = Buffer.from(JSON.stringify({ account: accountId, secrets: SECRETS }), 'utf8');
  const text = `${createHash('sha256').update(bytes).digest('base64')}.${bytes.toString('base64')}`;
  return safeStorage.encryptString(text).toString('base64');
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-sync-vault-'));
  standIn.app.ready();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('safeStorage across the move to its asynchronous API', () => {
  it('reads a vault written by the synchronous API, without calling that API itself', async () => {
    const data = sealedBySyncApi('acc-1');
    writeFileSync(
      join(dir, 'vault.json'),
      JSON.stringify({ version: 1, backend: 'safe-storage', entries: { 'acc-1': { backend: 'safe-storage', data } } }),
    );
    const writtenBySync = standIn.system.safeStorage.deprecatedCalls.length;
    expect(writtenBySync).toBe(1); // the fixture's own write above

    const vault = await SecretStore.open({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: dir,
      sources: { safeStorage: electronSafeStorage, keyring: null },
    });
    expect(vault.status()).toMatchObject({ backend: 'safe-storage', lockedAccounts: [] });
    expect(await vault.get('acc-1')).toEqual({ status: 'ok', secrets: SECRETS });
    await vault.set('acc-2', { password: 'fake-password-2' });
    expect(await vault.get('acc-2')).toEqual({ status: 'ok', secrets: { password: 'fake-password-2' } });
    expect(standIn.system.safeStorage.deprecatedCalls.slice(writtenBySync)).toEqual([]);
  });
});
