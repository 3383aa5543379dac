// Upgrades keep everything: the current build started on each data folder an earlier build wrote
// (test/fixtures/upgrade/, made by that build's own code) finds every account with its credential, every setting,
// the balance history, the alerts and the spend history, and reports no file damaged or reset. A folder one file
// of which a newer build wrote is refused, every byte left as it was.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routerCalls } from '../../support/router-calls';
import { createApp, type App } from '../../../src-main/app';
import { electronSafeStorage } from '../../../src-main/platform/electron/safe-storage.adapter';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';
import type { KeyringPort } from '../../../src-main/platform/secret-backends';
import { systemClock } from '../../../src-main/platform/system-clock';
import { NewerDataError } from '../../../src-main/vault/data-format';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { memoryLogger } from '../../support/memory-logger';
import { standIn } from '../../support/electron-stand-in';
import { testPlatform } from '../../support/test-platform';
import { FIXTURE_PASSPHRASE, FIXTURE_TIME, type FixtureManifest } from '../../fixtures/upgrade/manifest';

vi.mock('electron', () => import('../../support/electron-stand-in'));

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'upgrade');
const fixtures = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const opened: { app: App | null; dir: string }[] = [];
afterEach(async () => {
  for (const { app, dir } of opened.splice(0)) {
    await app?.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
});

const keyringHolding = (item: string | null): KeyringPort => {
  let value = item;
  return {
    get: () => Promise.resolve(value),
    set: (next) => {
      value = next;
      return Promise.resolve();
    },
    delete: () => Promise.resolve(false),
  };
};

/** A copy of the fixture's folder, and the ports its vault needs: its keyring item, or Electron's safeStorage. */
function copyOf(name: string) {
  const manifest = JSON.parse(readFileSync(join(FIXTURES, name, 'manifest.json'), 'utf8')) as FixtureManifest;
  const dir = mkdtempSync(join(tmpdir(), `keydesk-upgrade-${name.slice(0, 10)}-`));
  cpSync(join(FIXTURES, name, 'data'), dir, { recursive: true });
  if (manifest.backend === 'safe-storage') standIn.app.ready();
  const sources = {
    keyring: manifest.backend === 'keyring' ? keyringHolding(manifest.keyringItem) : null,
    safeStorage: manifest.backend === 'safe-storage' ? electronSafeStorage : null,
  };
  return { manifest, dir, sources };
}

/** The current build on `dir`, its clock just after the fixture was written (real timers), its sites unreachable. */
async function start(dir: string, sources: ReturnType<typeof copyOf>['sources']) {
  const startedAt = Date.now();
  const app = await createApp({
    mode: 'browser',
    dataDir: dir,
    version: '0.2.0',
    log: memoryLogger().log,
    platform: testPlatform(dir, {
      ...sources,
      storeEngine: atomicFileEngine(),
      clock: { ...systemClock, now: () => FIXTURE_TIME + 10 * 60_000 + (Date.now() - startedAt) },
    }),
  });
  const call = routerCalls(app.router).value;
  return { app, call };
}

const json = (dir: string, file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;

describe.each(fixtures)('upgrading a data folder written on %s', (name) => {
  it('keeps every account, credential, setting, alert and history, and reports nothing damaged', async () => {
    const { manifest, dir, sources } = copyOf(name);
    const before = {
      alerts: (json(dir, 'alerts.json').alerts as { id: string }[]).map((alert) => alert.id),
      history: json(dir, 'quota-history.json').samples as Record<string, unknown[]>,
    };
    const { app, call } = await start(dir, sources);
    opened.push({ app, dir });

    expect(await call('app:storeProblems', undefined)).toEqual([]);
    const vault = await call('vault:status', undefined);
    expect(vault.backend).toBe(manifest.backend);
    if (manifest.backend === 'passphrase') {
      expect(vault.isLocked).toBe(true);
      await call('vault:unlock', { passphrase: FIXTURE_PASSPHRASE });
    }
    expect(await call('vault:status', undefined)).toMatchObject({ problems: [], isLocked: false });

    const listed = await call('accounts:list', undefined);
    expect(listed.accounts.map((account) => [account.id, account.label, account.kind])).toEqual(
      manifest.accounts.map((account) => [account.id, account.label, account.kind]),
    );
    expect(listed.activeId).toBe(manifest.activeId);
    const alice = listed.accounts.find((account) => account.kind === 'password');
    expect(alice?.thresholds).toEqual({ warnUnits: 900_000_000_000, criticalUnits: 800_000_000_000 });
    for (const account of listed.accounts) expect(account.state).not.toBe('locked');

    expect(await call('settings:get', undefined)).toMatchObject({
      language: 'zh-CN',
      theme: 'dark',
      closeToTray: false,
      alertSound: true,
    });
    expect((await call('alerts:list', undefined)).map((alert) => alert.id)).toEqual(
      expect.arrayContaining(before.alerts),
    );
    for (const [accountId, samples] of Object.entries(before.history)) {
      const history = await call('quota:history', { accountId });
      expect(history.samples.length).toBeGreaterThanOrEqual(samples.length);
    }
    if (manifest.files.some((file) => file.startsWith('spend'))) {
      expect((await call('spend:settings', undefined)).trackedAccountIds).toEqual([manifest.trackedId]);
      const reads = await call('spend:keyHistory', { accountId: manifest.trackedId, keyId: 301 });
      expect(reads.reads.length).toBeGreaterThan(0);
    }

    await app.dispose();
    opened[0] = { app: null, dir };
    // Each credential opens and is the one the earlier build stored.
    const store = await SecretStore.open({ now: Date.now, engine: atomicFileEngine(), dataDir: dir, sources });
    if (manifest.backend === 'passphrase') await store.unlock(FIXTURE_PASSPHRASE);
    for (const account of manifest.accounts) {
      const read = await store.get(account.id);
      expect(read.status).toBe('ok');
      expect(read.status === 'ok' ? Object.values(read.secrets) : []).toContain(account.secret);
    }
    // Nothing was kept aside as damaged; every file is still there (an earlier single spend.json is split once).
    const after = readdirSync(dir);
    expect(after.filter((file) => file.includes('.corrupt-'))).toEqual([]);
    for (const file of manifest.files) {
      if (file.startsWith('spend.json')) continue;
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
  }, 60_000);
});

describe('a data folder a newer Keydesk wrote', () => {
  it('is refused at start with the file named, and left byte for byte as it was', async () => {
    const { dir, sources } = copyOf(fixtures.at(-1) ?? '');
    opened.push({ app: null, dir });
    const history = json(dir, 'quota-history.json');
    writeFileSync(join(dir, 'quota-history.json'), `${JSON.stringify({ ...history, version: 2 }, null, 2)}\n`);
    const snapshot = () =>
      Object.fromEntries(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
    const before = snapshot();
    const refusal = await start(dir, sources).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(NewerDataError);
    expect(refusal).toMatchObject({ file: 'quota-history.json', found: 2, supported: 1 });
    expect(snapshot()).toEqual(before);
  });
});
