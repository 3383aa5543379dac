// The allowance feature: its store (allowances.json), the runner that refills at each period's start and keeps caps
// on the spend tracker's passes, the service behind the allowance: channels, and what ties them to the rest (a
// removed account's allowances go with it; a machine that wakes looks again at once).
import type { EventBus } from '../../bridge/events';
import { emptyIdRecord } from '../../id-record';
import type { Logger } from '../../log/logger';
import type { PowerPort } from '../../platform/ports';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore, type StoreReport } from '../../vault/config.store';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../quota/alerts.service';
import type { SchedulerClock } from '../quota/scheduler';
import { disableOne } from '../spend/spend.feature';
import type { SpendTracker } from '../spend/spend.tracker';
import { registerAllowanceHandlers } from './allowance.handlers';
import { AllowanceRecords } from './allowance.records';
import { AllowanceRunner } from './allowance.runner';
import { allowanceDocumentSchema, type AllowanceDocument } from './allowance.schema';
import { AllowanceService } from './allowance.service';

export interface AllowanceFeatureOptions {
  readonly dataDir: string;
  readonly storeEngine: StoreEngine;
  readonly events: EventBus;
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'get' | 'shape' | 'setStatus'>;
  readonly spend: Pick<SpendTracker, 'settings' | 'setTracking' | 'onPass'>;
  readonly alerts: AlertsService;
  readonly power: PowerPort;
  readonly clock: SchedulerClock;
  readonly log: Logger;
  readonly onStoreReport?: (report: StoreReport) => void;
  /** End-to-end tests only: a shorter wait before the first check after start. */
  readonly startDelayMs?: number;
}

export type AllowanceFeature = Feature & { readonly service: AllowanceService; readonly runner: AllowanceRunner };

export function createAllowanceFeature(options: AllowanceFeatureOptions): AllowanceFeature {
  const { directory, clock, spend } = options;
  const log = options.log.child('allowance');
  const store = new ConfigStore<AllowanceDocument>({
    engine: options.storeEngine,
    dataDir: options.dataDir,
    name: 'allowances',
    schema: allowanceDocumentSchema,
    defaults: { allowances: emptyIdRecord() },
    // Kept aside and reported, never read as "no allowances" and overwritten; starting empty refills nothing.
    onCorrupt: (keptAt, reason) => {
      log.warn('allowances were unreadable; kept aside, no allowance runs until set again', { keptAt, reason });
    },
    ...(options.onStoreReport ? { onReport: options.onStoreReport } : {}),
  });
  const isTracked = (accountId: string): boolean => spend.settings().trackedAccountIds.includes(accountId);
  const records = new AllowanceRecords(store, options.events, () => clock.now(), isTracked);
  const runner = new AllowanceRunner({
    records,
    directory,
    setKeyEnabled: async (accountId, keyId, isEnabled) =>
      isEnabled ? enableOne(options.keys, accountId, keyId) : disableOne(options.keys, accountId, keyId),
    alerts: options.alerts,
    clock,
    log,
    ...(options.startDelayMs === undefined ? {} : { startDelayMs: options.startDelayMs }),
  });
  const service = new AllowanceService({
    records,
    runner,
    directory,
    keys: options.keys,
    spend: { isTracked, track: (accountId) => spend.setTracking(accountId, true) },
    now: () => clock.now(),
  });
  service.forgetRemovedAccounts();
  const stopAccounts = directory.onChange(() => {
    service.forgetRemovedAccounts();
    runner.retryNow();
  });
  // An unlock or a sign-in announces the accounts again: a refill that waited for a credential goes now.
  const stopEvents = options.events.subscribe((event) => {
    if (event === 'accounts:changed') runner.retryNow();
  });
  const stopPasses = spend.onPass((accountId, keys) => {
    void runner.onPass(accountId, keys);
  });
  const stopPower = options.power.onResume(() => {
    runner.poke();
  });
  runner.start();
  return {
    service,
    runner,
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
