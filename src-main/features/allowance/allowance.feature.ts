// The allowance feature: its store (allowances.json), the runner that refills at each period's start and keeps caps
// on the spend tracker's passes, the service behind the allowance: channels, and what ties them to the rest (a
// removed account's allowances go with it; a machine that wakes looks again at once).
import type { Core } from '../../core';
import { emptyIdRecord } from '../../id-record';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../alerts/alerts.service';
import { disableOne } from '../spend/spend.feature';
import type { SpendTracker } from '../spend/spend.tracker';
import { registerAllowanceHandlers } from './allowance.handlers';
import { AllowanceRecords } from './allowance.records';
import { AllowanceRunner } from './allowance.runner';
import { allowanceDocumentSchema, type AllowanceDocument, type AllowanceRecord } from './allowance.schema';
import { AllowanceService } from './allowance.service';

export interface AllowanceDeps {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'get' | 'shape' | 'setStatus'>;
  readonly spend: Pick<SpendTracker, 'settings' | 'setTracking' | 'onPass'>;
  readonly alerts: AlertsService;
  /**
   * The sync devices: this machine's id (null without sync) and another's name (null once it left the folder).
   * With sync, each allowance runs on one of them; absent, this machine runs them all.
   */
  readonly devices?: AllowanceDevices;
  /** End-to-end tests only: a shorter wait before the first check after start. */
  readonly startDelayMs?: number;
}

export interface AllowanceDevices {
  here(): string | null;
  nameOf(deviceId: string): string | null;
}

/**
 * Whether this machine runs an allowance: one never synced (runsOn null), or one whose runner is this machine's sync
 * device. A machine that left sync runs none of the synced ones until the user says "Run here": the machine that ran
 * one may still be running it, and two runners would refill a period twice.
 */
export const runsHere = (devices: AllowanceDevices | undefined, record: Pick<AllowanceRecord, 'runsOn'>): boolean =>
  record.runsOn === null || record.runsOn === (devices?.here() ?? null);

export type AllowanceFeature = Feature & {
  readonly service: AllowanceService;
  readonly runner: AllowanceRunner;
  readonly records: AllowanceRecords;
};

export function createAllowanceFeature(core: Core, deps: AllowanceDeps): AllowanceFeature {
  const { directory, spend } = deps;
  const { clock } = core;
  const log = core.log.child('allowance');
  // Kept aside and reported, never read as "no allowances" and overwritten; starting empty refills nothing.
  const store = core.store<AllowanceDocument>(
    'allowances',
    allowanceDocumentSchema,
    { allowances: emptyIdRecord() },
    {
      reportAs: 'key_records',
      corruptNote: 'allowances were unreadable; kept aside, no allowance runs until set again',
    },
  );
  const isTracked = (accountId: string): boolean => spend.settings().trackedAccountIds.includes(accountId);
  const records = new AllowanceRecords(
    store,
    core.events,
    () => clock.now(),
    isTracked,
    (record) =>
      runsHere(deps.devices, record)
        ? { isHere: true, deviceName: null }
        : { isHere: false, deviceName: record.runsOn === null ? null : (deps.devices?.nameOf(record.runsOn) ?? null) },
  );
  const runner = new AllowanceRunner({
    records,
    directory,
    setKeyEnabled: async (accountId, keyId, isEnabled) =>
      isEnabled ? enableOne(deps.keys, accountId, keyId) : disableOne(deps.keys, accountId, keyId),
    alerts: deps.alerts,
    clock,
    log,
    isRunHere: (record) => runsHere(deps.devices, record),
    ...(deps.startDelayMs === undefined ? {} : { startDelayMs: deps.startDelayMs }),
  });
  const service = new AllowanceService({
    records,
    runner,
    directory,
    keys: deps.keys,
    spend: { isTracked, track: (accountId) => spend.setTracking(accountId, true) },
    now: () => clock.now(),
    deviceHere: () => deps.devices?.here() ?? null,
  });
  service.forgetRemovedAccounts();
  const stopAccounts = directory.onChange(() => {
    service.forgetRemovedAccounts();
    runner.retryNow();
  });
  // An unlock or a sign-in announces the accounts again: a refill that waited for a credential goes now.
  const stopEvents = core.events.on('accounts:changed', () => {
    runner.retryNow();
  });
  const stopPasses = spend.onPass((accountId, keys) => {
    void runner.onPass(accountId, keys);
  });
  const stopPower = core.platform.power.onResume(() => {
    runner.poke();
  });
  runner.start();
  return {
    service,
    runner,
    records,
    register: (router) => {
      registerAllowanceHandlers(router, service);
    },
    dispose: async () => {
      stopPower();
      stopEvents();
      stopPasses();
      stopAccounts();
      runner.dispose();
      await runner.idle();
    },
  };
}

/** One status-only enable; the key's own failure is the answer. */
async function enableOne(
  keys: Pick<KeysService, 'setStatus'>,
  accountId: string,
  keyId: number,
): ReturnType<typeof disableOne> {
  const outcome = await keys.setStatus(accountId, [keyId], true);
  if (!outcome.ok) return outcome;
  const failed = outcome.value.failed[0];
  return failed ? { ok: false, error: failed.error } : { ok: true, value: undefined };
}
