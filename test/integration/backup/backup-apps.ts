// The backup tests' Keydesk: whole apps on fresh data folders against one emulator, each machine with its own keyring,
// backups saved outside the data folder (as a user saves them before wiping it), and every app and folder removed
// after its test. Registers its own hooks: call it once at a test file's top level.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApp, type App } from '../../../src-main/app';
import { exportsFolderSink } from '../../../src-main/platform/node/clipboard.adapter';
import type { Gateway } from '../../gateway/index';
import { emulatorClock, startEmulator } from '../../support/emulator';
import { memoryLogger } from '../../support/memory-logger';
import { testPlatform } from '../../support/test-platform';
import type { memoryKeyring } from '../../unit/main/vault/fakes';
import { routerCalls } from '../../support/router-calls';

export type Keyring = ReturnType<typeof memoryKeyring>;

export function backupApps(prefix: string) {
  let gateway: Gateway | undefined;
  let outDir = '';
  const opened: App[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    gateway = await startEmulator();
    outDir = await mkdtemp(join(tmpdir(), `${prefix}-out-`));
  });
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.dispose();
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  const gw = (): Gateway => {
    if (gateway === undefined) throw new Error('the emulator starts in beforeAll');
    return gateway;
  };

  async function newDataDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), `${prefix}-data-`));
    dirs.push(dir);
    return dir;
  }

  /** Keydesk on a data folder; the keyring is the machine's (a new machine has a new one). */
  async function openApp(dir: string, keyring: Keyring) {
    const app = await createApp({
      mode: 'browser',
      dataDir: dir,
      version: '9.9.9',
      log: memoryLogger().log,
      platform: testPlatform(dir, { keyring, clock: emulatorClock(gw()), secretFiles: exportsFolderSink(outDir) }),
    });
    opened.push(app);
    const { call, value } = routerCalls(app.router);
    return { app, call, value };
  }

  /** Stops an app within a test (a restart, a machine given up), so the test's end does not stop it twice. */
  async function close(app: App): Promise<void> {
    await app.dispose();
    opened.splice(opened.indexOf(app), 1);
  }

  return { gw, newDataDir, openApp, close };
}
