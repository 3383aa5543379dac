// An allowance test app: the real allowance records (a config store in a temporary data folder, so a "restart" reads
// what the last run wrote), runner and service over a real keys service against the emulator, with Keydesk's clock a
// fake one that the tests move together with the emulator's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../../../src-main/event-bus';
import { AppErrorException } from '../../../src-main/errors';
import { AllowanceRecords } from '../../../src-main/features/allowance/allowance.records';
import { AllowanceRunner } from '../../../src-main/features/allowance/allowance.runner';
import { allowanceDocumentSchema, type AllowanceDocument } from '../../../src-main/features/allowance/allowance.schema';
import { AllowanceService } from '../../../src-main/features/allowance/allowance.service';
import { KeysService } from '../../../src-main/features/keys/keys.service';
import { AlertsService, EMPTY_ALERTS } from '../../../src-main/features/alerts/alerts.service';
import { disableOne } from '../../../src-main/features/spend/spend.feature';
import { emptyIdRecord } from '../../../src-main/id-record';
import { atomicFileEngine } from '../../../src-main/platform/atomic-file.engine';
import { ConfigStore } from '../../../src-main/vault/config.store';
import type { AlertView, AllowanceAlertView } from '../../../src-shared/contract';
import type { Gateway } from '../../gateway/index';
import { FakeClock } from '../../support/fake-clock';
import { memoryLogger } from '../../support/memory-logger';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { MemoryStore, recordingNotifier } from '../../unit/main/features/quota/fakes';
import { admin, readLog } from '../gateway/setup';
import { EmulatorDirectory } from '../keys/setup';

/** The management requests of key writes and reads, as `METHOD path`, since the log's sequence number `from`. */
export async function keyRequests(gw: Gateway, from = 0): Promise<string[]> {
  return (await readLog(gw))
    .filter((e) => e.seq > from && e.listener === 'base' && e.path.startsWith('/api/token'))
    .map((e) => `${e.method} ${e.path}${e.query.status_only === undefined ? '' : '?status_only'}`);
}

export const lastSeq = async (gw: Gateway): Promise<number> => (await readLog(gw)).at(-1)?.seq ?? 0;

export interface KeyState {
  readonly remain_quota: number;
  readonly used_quota: number;
  readonly status: number;
  readonly unlimited_quota: boolean;
}
export const keyOnSite = async (gw: Gateway, id: number): Promise<KeyState> =>
  (await admin(gw, 'GET', `/keys/${String(id)}`)) as KeyState;

/** Keydesk's clock and the emulator's, moved together (Keydesk in ms, the emulator in seconds). */
export async function setBoth(gw: Gateway, clock: FakeClock, at: number): Promise<void> {
  await admin(gw, 'POST', '/clock/set', { now: Math.floor(at / 1000), frozen: true });
  await clock.advanceTo(at);
}

/** The emulator's accounts, with alice's sign-in gone while `isSignedOut` says so (her management client throws). */
export class SwitchableDirectory extends EmulatorDirectory {
  isSignedOut = false;
  override management(accountId: string) {
    if (this.isSignedOut && accountId === 'alice') {
      return Promise.reject(new AppErrorException({ code: 'auth.needs_sign_in' }));
    }
    return super.management(accountId);
  }
}

export function allowanceApp(gw: Gateway, start: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-allowance-'));
  const clock = new FakeClock({ start });
  const directory = new SwitchableDirectory(gw);
  const keys = new KeysService({ directory, clock, log: recordingLogger() });
  const alertStore = new MemoryStore(EMPTY_ALERTS);
  const alerts = new AlertsService({
    store: alertStore,
    events: new EventBus(),
    notifier: recordingNotifier(false).notifier,
    language: () => 'en-US',
    now: () => clock.now(),
  });
  const tracked = new Set<string>();
  const engine = atomicFileEngine();
  let ids = 0;
  /** One run of Keydesk: its own store object over the same files, its own runner (a restart makes a new one). */
  const run = () => {
    const store = new ConfigStore<AllowanceDocument>({
      now: Date.now,
      engine,
      dataDir,
      name: 'allowances',
      schema: allowanceDocumentSchema,
      defaults: { allowances: emptyIdRecord() },
    });
    const records = new AllowanceRecords(
      store,
      new EventBus(),
      () => clock.now(),
      (id) => tracked.has(id),
    );
    const runner = new AllowanceRunner({
      records,
      directory,
      setKeyEnabled: async (accountId, keyId, isEnabled) => {
        if (!isEnabled) return disableOne(keys, accountId, keyId);
        const r = await keys.setStatus(accountId, [keyId], true);
        if (!r.ok) return r;
        const failed = r.value.failed[0];
        return failed ? { ok: false as const, error: failed.error } : { ok: true as const, value: undefined };
      },
      alerts,
      clock,
      log: memoryLogger().log,
    });
    const service = new AllowanceService({
      records,
      runner,
      directory,
      keys,
      spend: { isTracked: (id) => tracked.has(id), track: (id) => tracked.add(id) },
      now: () => clock.now(),
      newId: () => `allowance-${String(++ids)}`,
    });
    runner.start();
    return { store, records, runner, service };
  };
  let current = run();
  return {
    clock,
    keys,
    alerts,
    tracked,
    directory,
    get runner() {
      return current.runner;
    },
    get service() {
      return current.service;
    },
    get records() {
      return current.records;
    },
    /** Quits (the runner stops) and starts again on the same files. */
    async restart(): Promise<void> {
      current.runner.dispose();
      await current.runner.idle();
      current = run();
    },
    /** Lets every timer due by `at` fire and the refills they start finish. */
    async until(at: number): Promise<void> {
      await setBoth(gw, clock, at);
      await current.runner.idle();
      await clock.advance(0);
      await current.runner.idle();
    },
    allowanceAlerts: (): AllowanceAlertView[] =>
      alerts.list().filter((a: AlertView): a is AllowanceAlertView => a.kind === 'allowance'),
    async close(): Promise<void> {
      current.runner.dispose();
      await current.runner.idle();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
