// Composition root shared by the Electron and browser-mode entries: a small Core (platform ports, log, events,
// router, settings, vault, HTTP transport), then a short list of features, each registering its own handlers.
// Refuses to start when a contract channel has no handler. Returns what a transport carries and the one ordered
// shutdown for quit (shutdown.ts): no new call, the clipboard, calls in flight, features, sessions, stores.
import type { AppMode } from '../src-shared/contract';
import type { EventBus } from './bridge/events';
import type { Router } from './bridge/router';
import { createCore } from './core';
import { createAccountInfoFeature } from './features/account-info/account-info.feature';
import { createAccountsFeature } from './features/accounts/accounts.feature';
import { createBackupFeature } from './features/backup/backup.feature';
import type { AccountsService } from './features/accounts/accounts.service';
import { createAppFeature } from './features/app/app.feature';
import type { SettingsService } from './features/app/settings.service';
import type { Feature } from './features/feature';
import { handoffFeature } from './features/handoff/handoff.feature';
import { createImportFeature } from './features/import/import.feature';
import { createUpdatesFeature } from './features/updates/updates.feature';
import { createStatusFeature } from './features/status/status.feature';
import { createKeysFeature } from './features/keys/keys.feature';
import { createExportsFeature } from './features/exports/exports.feature';
import { createMoneyFeature, createSiteMoneyService } from './features/money/money.feature';
import { createVaultFeature } from './features/vault/vault.feature';
import { createQuotaFeature, type QuotaFeature } from './features/quota/quota.feature';
import { createWatchFeature } from './features/watch/watch.feature';
import { createSpendFeature } from './features/spend/spend.feature';
import { createSyncFeature, type SyncFeatureOptions } from './features/sync/sync.feature';
import { createAllowanceFeature } from './features/allowance/allowance.feature';
import { createRotationFeature } from './features/rotation/rotation.feature';
import { EMPTY_SEEN_RATIOS, seenRatiosSchema } from './features/watch/price-watch';
import { ConfigStore } from './vault/config.store';
import { Shutdown, type ShutdownReport } from './shutdown';
import { refuseNewerData } from './vault/data-format';
import type { SchedulerOptions } from './features/quota/scheduler';
import type { Logger } from './log/logger';
import type { Platform } from './platform/ports';

export interface AppOptions {
  readonly mode: AppMode;
  readonly dataDir: string;
  readonly version: string;
  readonly log: Logger;
  /** Every runtime port, all required: electronPlatform() or nodePlatform(). */
  readonly platform: Platform;
  /** End-to-end tests only (read by serve.ts): a shorter quota polling floor. Absent in every real launch. */
  readonly quotaScheduler?: SchedulerOptions;
  /** End-to-end tests only: a shorter spacing of the spend feature's list passes. */
  readonly spendScheduler?: SchedulerOptions;
  /** End-to-end tests only: a shorter spacing of the watch schedule's hourly checks. */
  readonly watchScheduler?: SchedulerOptions;
  /** Tests only: cheaper scrypt for a new sync folder, quicker sync timers. */
  readonly sync?: SyncFeatureOptions;
  /** End-to-end tests only: the allowance's first check and the rotation's reads of old keys, sooner. */
  readonly keyCareTestMs?: number;
}

export interface App {
  readonly router: Router;
  readonly events: EventBus;
  readonly settings: SettingsService;
  readonly accounts: AccountsService;
  /** The quota monitor (focus and resume triggers from the shell). */
  readonly quota: QuotaFeature;
  /** The whole shutdown, in order and awaited; a second call waits for the first. Resolves once it is safe to exit. */
  dispose(): Promise<ShutdownReport>;
}

export async function createApp(options: AppOptions): Promise<App> {
  // Before any file is opened: a folder a newer Keydesk wrote is refused whole, never read by half and rewritten.
  refuseNewerData(options.dataDir);
  const core = await createCore(options);
  const { log, platform, settings, storeStatus } = core;
  const siteMoney = createSiteMoneyService(core);
  const accounts = await createAccountsFeature(core, siteMoney);
  const quota = createQuotaFeature({
    dataDir: core.dataDir,
    storeEngine: platform.storeEngine,
    events: core.events,
    log,
    accounts: accounts.service,
    settings: () => settings.get(),
    clock: platform.clock,
    shell: platform,
    onStoreReport: (name) => storeStatus.reporter('cache', `${name}.json`),
    ...(options.quotaScheduler ? { schedulerOptions: options.quotaScheduler } : {}),
  });
  // Files written with full keys in them (exports, saved snippets) are recorded, listed and deleted after N days.
  const exportsFeature = createExportsFeature(core);
  const keys = createKeysFeature(core, accounts.service, exportsFeature.sinks.keys);
  // `keydesk status` (issue 16): the same balances on a local read-only endpoint while Keydesk runs.
  const status = await createStatusFeature({
    dataDir: core.dataDir,
    accounts: accounts.service,
    monitor: quota.monitor,
    log: log.child('status'),
  });
  // Updates (issue 15): the first check is scheduled a while after start (below), never awaited.
  const updates = createUpdatesFeature({
    dataDir: core.dataDir,
    version: core.version,
    events: core.events,
    log,
    platform: platform.updates,
    storeEngine: platform.storeEngine,
    clock: platform.clock,
  });
  const accountInfo = createAccountInfoFeature(core, accounts.service);
  // Per-key spend (issue 17): list passes every 5 minutes for the accounts the user tracks; runaway alerts.
  const spend = createSpendFeature({
    dataDir: core.dataDir,
    storeEngine: platform.storeEngine,
    directory: accounts.service,
    keys: keys.services.keys,
    alerts: quota.alerts,
    clock: platform.clock,
    log,
    ...(options.spendScheduler ? { schedulerOptions: options.spendScheduler } : {}),
  });
  const watch = createWatchFeature({
    directory: accounts.service,
    keys: keys.services.keys,
    info: accountInfo.service,
    clock: platform.clock,
    expiringWithinDays: () => settings.get().expiringWithinDays,
    alerts: quota.alerts,
    schedule: {
      clock: platform.clock,
      log: log.child('watch'),
      ...(options.watchScheduler ? { options: options.watchScheduler } : {}),
    },
    seenRatios: new ConfigStore({
      engine: platform.storeEngine,
      dataDir: core.dataDir,
      name: 'group-ratios',
      schema: seenRatiosSchema,
      defaults: EMPTY_SEEN_RATIOS,
      onCorrupt: (keptAt, reason) => {
        log.warn('group ratios last seen were unreadable; kept aside, the next read is first sight', {
          keptAt,
          reason,
        });
      },
    }),
  });
  // The spend feature's 5-minute list passes also feed the expiry check, at no request of their own.
  const stopNotingKeys = spend.tracker.onPass((accountId, listed) => {
    if (listed) watch.service.noteKeys(accountId, listed);
  });
  const handoff = handoffFeature(core, accounts.service, keys.services, exportsFeature.sinks.snippets);
  // Allowances the site enforces (refilled at each period's start) and caps kept on the spend tracker's passes.
  const allowance = createAllowanceFeature({
    dataDir: core.dataDir,
    storeEngine: platform.storeEngine,
    events: core.events,
    directory: accounts.service,
    keys: keys.services.keys,
    spend: spend.tracker,
    alerts: quota.alerts,
    power: platform.power,
    clock: platform.clock,
    log,
    onStoreReport: storeStatus.reporter('key_records', 'allowances.json'),
    ...(options.keyCareTestMs === undefined ? {} : { startDelayMs: options.keyCareTestMs }),
  });
  // One-step rotation: a twin handed to every place the old key went, the old key disabled once idle.
  const rotation = createRotationFeature({
    dataDir: core.dataDir,
    storeEngine: platform.storeEngine,
    events: core.events,
    directory: accounts.service,
    keys: keys.services.keys,
    handoff: handoff.service,
    allowance: allowance.service,
    alerts: quota.alerts,
    clock: platform.clock,
    log,
    onStoreReport: storeStatus.reporter('key_records', 'rotations.json'),
    ...(options.keyCareTestMs === undefined ? {} : { watchMs: options.keyCareTestMs }),
  });
  const features: readonly (readonly [string, Feature])[] = [
    ['app', createAppFeature(core)],
    ['accounts', accounts],
    ['vault', createVaultFeature(core, accounts.service)],
    ['money', createMoneyFeature(core, accounts.service, siteMoney)],
    ['keys', keys],
    ['handoff', handoff],
    ['exports', exportsFeature],
    ['import', createImportFeature(core, accounts.service)],
    ['account-info', accountInfo],
    ['watch', watch],
    ['quota', quota],
    ['spend', spend],
    ['allowance', allowance],
    ['rotation', rotation],
    ['status', { register: () => undefined, dispose: () => status.dispose() }],
    ['updates', updates],
    ['backup', createBackupFeature(core, accounts.service)],
    ['sync', createSyncFeature(core, accounts.service, options.sync)],
    ['spend-to-watch', { register: () => undefined, dispose: stopNotingKeys }],
  ];
  for (const [, feature] of features) feature.register(core.router);

  const shutdown = new Shutdown({ log: log.child('shutdown') });
  shutdown.join('intake', 'refuse new calls', () => {
    core.router.close();
  });
  // A key left on the clipboard is taken back before anything else, and nothing is copied after.
  shutdown.join('clipboard', 'clipboard', () => keys.services.clipboard.dispose());
  shutdown.join('requests', 'calls in flight', () => core.router.drain());
  for (const [name, feature] of features) shutdown.join('features', name, () => feature.dispose());
  shutdown.join('sessions', 'site sessions', () => accounts.service.endSessions());
  shutdown.join('stores', 'vault', () => core.vault.flush());

  const missing = core.router.missingChannels();
  if (missing.length > 0) {
    await shutdown.run();
    throw new Error(`Channels without a handler: ${missing.join(', ')}`);
  }
  updates.start();

  return {
    router: core.router,
    events: core.events,
    settings,
    accounts: accounts.service,
    quota,
    dispose: () => shutdown.run(),
  };
}
