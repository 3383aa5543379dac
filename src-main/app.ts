// Composition root shared by the Electron and browser-mode entries: a small Core (platform ports, log, events,
// router, settings, vault, HTTP transport), then a short list of features, each registering its own handlers.
// Refuses to start when a contract channel has no handler. Returns what a transport carries and a dispose for quit.
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
import { HeldKeys } from './features/health/held-keys';
import { createHealthFeature } from './features/health/health.feature';
import { createAuditFeature } from './features/audit/audit.feature';
import { createMoneyFeature, createSiteMoneyService } from './features/money/money.feature';
import { createVaultFeature } from './features/vault/vault.feature';
import { createQuotaFeature, type QuotaFeature } from './features/quota/quota.feature';
import { createWatchFeature } from './features/watch/watch.feature';
import { createSpendFeature } from './features/spend/spend.feature';
import { EMPTY_SEEN_RATIOS, seenRatiosSchema } from './features/watch/price-watch';
import { ConfigStore } from './vault/config.store';
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
}

export interface App {
  readonly router: Router;
  readonly events: EventBus;
  readonly settings: SettingsService;
  readonly accounts: AccountsService;
  /** The quota monitor (focus and resume triggers from the shell). */
  readonly quota: QuotaFeature;
  dispose(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
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
  // Keys Keydesk holds this session (revealed, or listed whole by older eras): the only keys health checks use.
  const heldKeys = new HeldKeys(() => Math.floor(platform.clock.now() / 1000));
  const keys = createKeysFeature(core, accounts.service, heldKeys);
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
    clock: {
      now: () => platform.clock.now(),
      setTimer: (ms, run) => {
        const timer = platform.clock.setTimer(ms, run);
        return () => {
          platform.clock.clearTimer(timer);
        };
      },
    },
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
  const features: readonly Feature[] = [
    createAppFeature(core),
    accounts,
    createVaultFeature(core, accounts.service),
    createMoneyFeature(core, accounts.service, siteMoney),
    keys,
    handoffFeature(core, accounts.service, keys.services),
    createImportFeature(core, accounts.service),
    accountInfo,
    watch,
    quota,
    spend,
    { register: () => undefined, dispose: () => status.dispose() },
    updates,
    createBackupFeature(core, accounts.service),
    createHealthFeature(core, { directory: accounts.service, keys: keys.services.keys, held: heldKeys }),
    createAuditFeature(core, accounts.service),
    { register: () => undefined, dispose: stopNotingKeys },
  ];
  for (const feature of features) feature.register(core.router);
  updates.start();

  const dispose = async (): Promise<void> => {
    for (const feature of [...features].reverse()) await feature.dispose();
  };
  const missing = core.router.missingChannels();
  if (missing.length > 0) {
    await dispose();
    throw new Error(`Channels without a handler: ${missing.join(', ')}`);
  }

  return { router: core.router, events: core.events, settings, accounts: accounts.service, quota, dispose };
}
