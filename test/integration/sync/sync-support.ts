// Keydesk instances for the sync tests: each a whole in-process app (createApp) on its own data folder and its own
// keyring, talking to the gateway emulator and to a real WebDAV server (Apache mod_dav, test/support). Sync runs
// only when a test asks (Sync now), so every step is deterministic.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArgsOf, InvokeChannel, Result, ResultOf, SyncStatus } from '../../../src-shared/contract';
import { createApp, type App } from '../../../src-main/app';
import type { Platform } from '../../../src-main/platform/ports';
import { nextVersion } from '../../../src-main/features/sync/hlc';
import { encodePlain } from '../../../src-main/features/sync/record-kind';
import {
  KEYRING_FILE,
  openKeyring,
  readKeyring,
  recordFileName,
  sealRecord,
} from '../../../src-main/features/sync/sync-crypto';
import type { WebdavServer } from '../../support/webdav-server';
import type { Gateway } from '../../gateway/index';
import { emulatorClock } from '../../support/emulator';
import { memoryLogger } from '../../support/memory-logger';
import { testPlatform } from '../../support/test-platform';
import { memoryKeyring } from '../../unit/main/vault/fakes';
import { routerCalls } from '../../support/router-calls';

export const SYNC_PASSPHRASE = 'fake sync passphrase 1';
/** Cheap but within what a keyring may ask (2^14 is the floor a folder is allowed to name). */
export const TEST_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };
const NEVER = 24 * 60 * 60_000;

export interface Instance {
  readonly app: App;
  readonly dir: string;
  call<C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<Result<ResultOf<C>>>;
  value<C extends InvokeChannel>(channel: C, args: ArgsOf<C>): Promise<ResultOf<C>>;
  sync(): Promise<SyncStatus>;
  /** The end of the next run that `isDone` accepts (`sync:changed` pushes): a latch on a run that goes by itself. */
  nextSync(isDone?: (status: SyncStatus) => boolean): Promise<SyncStatus>;
  close(): Promise<void>;
}

export interface InstanceOptions {
  /** Sync's own schedule; default: it never runs by itself (tests press Sync now). */
  readonly schedule?: { debounceMs: number; intervalMs: number; firstRetryMs?: number };
  /** Ports to replace (links that would open the system's apps, say). */
  readonly platform?: Partial<Platform>;
}

export async function openInstance(
  gw: Gateway,
  dir?: string,
  keyring = memoryKeyring(),
  options: InstanceOptions = {},
): Promise<Instance> {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), 'keydesk-sync-data-')));
  const app = await createApp({
    mode: 'browser',
    dataDir,
    version: '9.9.9',
    log: memoryLogger().log,
    platform: testPlatform(dataDir, { keyring, clock: emulatorClock(gw), ...options.platform }),
    sync: { scrypt: TEST_SCRYPT, schedule: options.schedule ?? { debounceMs: NEVER, intervalMs: NEVER } },
  });
  const { call, value } = routerCalls(app.router);
  return {
    app,
    dir: dataDir,
    call,
    value,
    sync: () => value('sync:now', undefined),
    nextSync: (isDone = () => true) =>
      new Promise<SyncStatus>((resolve) => {
        // A run that starts after this call: its "syncing" status first, then the end that `isDone` accepts.
        let hasStarted = false;
        const stop = app.events.subscribe((event, payload) => {
          if (event !== 'sync:changed') return;
          const status = payload as SyncStatus;
          if (status.isSyncing) hasStarted = true;
          if (!hasStarted || status.isSyncing || !isDone(status)) return;
          stop();
          resolve(status);
        });
      }),
    close: async () => {
      await app.dispose();
      if (dir === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function addAccount(k: Instance, gw: Gateway, label: string, user: 'alice' | 'bob' | 'carol') {
  const credential =
    user === 'bob'
      ? { kind: 'password' as const, username: 'bob', password: 'demo-password-2', remember: true }
      : { kind: 'access_token' as const, accessToken: `demo-access-token-${user}` };
  const outcome = await k.value('accounts:add', { label, baseUrl: gw.base_url, apiUrl: gw.api_url, credential });
  if (outcome.status !== 'done') throw new Error('second factor');
  return outcome.account.id;
}

/** What two machines should agree on: every account's own fields, by id. */
export async function accountsOf(k: Instance) {
  const snapshot = await k.value('accounts:list', undefined);
  return snapshot.accounts
    .map((a) => ({
      id: a.id,
      label: a.label,
      kind: a.kind,
      baseUrl: a.baseUrl,
      username: a.username,
      thresholds: a.thresholds,
      isDisabled: a.isDisabled,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Writes records into a folder on the server as a Keydesk holding the passphrase would (authentic, newest), whatever
 * their body: what a rule-breaking or newer Keydesk could put there. Answers the writer.
 */
export async function sealForFolder(dav: WebdavServer, folder: string, passphrase: string) {
  const dir = join(dav.root, folder);
  const keys = await openKeyring(readKeyring(readFileSync(join(dir, KEYRING_FILE))), passphrase);
  return (kind: string, id: string, body: unknown): void => {
    const name = recordFileName(keys, kind, id);
    // Far ahead of any clock in the tests, so no copy a machine saw is newer.
    const version = nextVersion(null, 4_000_000_000_000, '00000000-0000-4000-8000-00000000000f');
    const plain = encodePlain(kind, id, { version, deleted: false, body, conflicts: [] });
    writeFileSync(join(dir, name), sealRecord(keys, name, version, plain));
  };
}
