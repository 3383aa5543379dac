// Composition root shared by the Electron and browser-mode entries: a small Core (platform ports, log, events,
// router, settings, vault, HTTP transport), then a short list of features, each registering its own handlers.
// Refuses to start when a contract channel has no handler. Returns what a transport carries and the one ordered
// shutdown for quit (shutdown.ts): no new call, the clipboard, calls in flight, features, sessions, stores.
import type { AppMode } from '../src-shared/contract';
import type { EventBus } from './event-bus';
import type { Router } from './bridge/router';
import { createCore } from './core';
import { createAccountInfoFeature } from './features/account/account.feature';
import { createAccountsFeature } from './features/accounts/accounts.feature';
import type { AccountsService } from './features/accounts/accounts.service';
import { createAgentsFeature } from './features/agents/agents.feature';
import { createAlertsFeature } from './features/alerts/alerts.feature';
import { createAllowanceFeature } from './features/allowance/allowance.feature';
import { createAppFeature } from './features/app/app.feature';
import { createFirstFrameFeature } from './features/app/first-frame.feature';
import { createAuditFeature } from './features/audit/audit.feature';
import { createBackupFeature } from './features/backup/backup.feature';
import { createChannelFeature } from './features/channel/channel.feature';
import { createExportsFeature } from './features/exports/exports.feature';
import type { Feature } from './features/feature';
import { createHandoffFeature } from './features/handoff/handoff.feature';
import { createHealthFeature } from './features/health/health.feature';
import { HeldKeys } from './features/health/held-keys';
import { createImportFeature } from './features/import/import.feature';
import { createKeysFeature } from './features/keys/keys.feature';
import { createNotifyFeature } from './features/notify/notify.feature';
import { createQuotaFeature, type QuotaFeature } from './features/quota/quota.feature';
import { createRotationFeature } from './features/rotation/rotation.feature';
import { createSettingsFeature } from './features/settings/settings.feature';
import type { SettingsService } from './features/settings/settings.service';
import { createSiteFeature, createSiteMoneyService } from './features/site/site.feature';
import { createSpendFeature } from './features/spend/spend.feature';
import { liveSnapshot } from './features/status/status.feature';
import { createSyncFeature, type SyncFeature, type SyncFeatureOptions } from './features/sync/sync.feature';
import { createUpdatesFeature } from './features/updates/updates.feature';
import { createVaultFeature } from './features/vault/vault.feature';
import { createWatchFeature } from './features/watch/watch.feature';
import type { Logger } from './log/logger';
import type { Platform } from './platform/ports';
import type { SchedulerOptions } from './schedule/scheduler';
import { Shutdown, type ShutdownReport } from './shutdown';
import { refuseNewerData } from './vault/data-format';

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
  /** Runs the allowance refills due now on this machine and resolves when they are done (tests, on their clock). */
  readonly allowances: { runDue(): Promise<void> };
  /** The whole shutdown, in order and awaited; a second call waits for the first. Resolves once it is safe to exit. */
  dispose(): Promise<ShutdownReport>;
}

export async function createApp(options: AppOptions): Promise<App> {
  // Before any file is opened: a folder a newer Keydesk wrote is refused whole, never read by half and rewritten.
  refuseNewerData(options.dataDir);
  const core = await createCore(options);
  const testMs = options.keyCareTestMs;

  // Each feature is built on Core and the features it names; the list below is also the order of their clean-up.
  const siteMoney = createSiteMoneyService(core);
  const accounts = await createAccountsFeature(core, { siteMoney });
  const directory = accounts.service;
  const alerts = createAlertsFeature(core, { accounts: directory });
  const quota = createQuotaFeature(core, {
    accounts: directory,
    alerts: alerts.service,
    ...(options.quotaScheduler ? { schedulerOptions: options.quotaScheduler } : {}),
  });
  // Files written with full keys in them (exports, saved snippets) are recorded, listed and deleted after N days.
  const exportsFeature = createExportsFeature(core);
  // Keys Keydesk holds this session (revealed, or listed whole by older eras): the only keys health checks use.
  const heldKeys = new HeldKeys(() => Math.floor(core.clock.now() / 1000));
  const keys = createKeysFeature(core, { directory, files: exportsFeature.sinks.keys, keySink: heldKeys });
  const accountInfo = createAccountInfoFeature(core, { directory });
  const spend = createSpendFeature(core, {
    directory,
    keys: keys.services.keys,
    alerts: alerts.service,
    ...(options.spendScheduler ? { schedulerOptions: options.spendScheduler } : {}),
  });
  const watch = createWatchFeature(core, {
    directory,
    keys: keys.services.keys,
    info: accountInfo.service,
    alerts: alerts.service,
    spend: spend.tracker,
    ...(options.watchScheduler ? { schedulerOptions: options.watchScheduler } : {}),
  });
  const handoff = createHandoffFeature(core, {
    accounts: directory,
    keys: keys.services,
    files: exportsFeature.sinks.snippets,
  });
  // What `keydesk mcp` asks the running app, and the abilities the user switches on per account.
  const agents = createAgentsFeature(core, {
    directory,
    keys: keys.services.keys,
    secrets: keys.services.secrets,
    watch: watch.service,
    spend: {
      trackedAccountIds: () => spend.tracker.settings().trackedAccountIds,
      keysOf: (accountId) => spend.watcher.topSpenders(accountId, Number.MAX_SAFE_INTEGER),
      readsSince: (accountId, keyId, from) => spend.watcher.readsSince(accountId, keyId, from),
    },
    alerts: alerts.service,
    handoffs: handoff.records,
  });
  // `keydesk status` and `keydesk mcp` ask the running app through one local channel (a socket or a named pipe).
  const channel = await createChannelFeature(core, {
    methods: {
      status: () => liveSnapshot({ accounts: directory, monitor: quota.monitor }, () => core.clock.now()),
      ...agents.methods,
    },
  });
  // Sync is built after the features whose records it carries; they ask it for the devices through this late link.
  const syncLink: { service: SyncFeature['service'] | null } = { service: null };
  const devices = {
    here: () => syncLink.service?.deviceId() ?? null,
    nameOf: (id: string) => syncLink.service?.deviceName(id) ?? null,
  };
  const allowance = createAllowanceFeature(core, {
    directory,
    devices,
    keys: keys.services.keys,
    spend: spend.tracker,
    alerts: alerts.service,
    ...(testMs === undefined ? {} : { startDelayMs: testMs }),
  });
  const rotation = createRotationFeature(core, {
    directory,
    keys: keys.services.keys,
    handoff: handoff.service,
    elsewhere: { forKey: (accountId, keyId) => handoff.elsewhere.forKey(accountId, keyId), nameOf: devices.nameOf },
    allowance: allowance.service,
    alerts: alerts.service,
    ...(testMs === undefined ? {} : { watchMs: testMs }),
  });
  const updates = createUpdatesFeature(core);
  const sync = createSyncFeature(core, {
    accounts: directory,
    allowances: allowance,
    handoffs: handoff,
    spend: spend.tracker,
    ...(options.sync ? { options: options.sync } : {}),
  });
  syncLink.service = sync.service;
  const features: readonly (readonly [string, Feature])[] = [
    ['app', createAppFeature(core)],
    ['settings', createSettingsFeature(core)],
    ['first-frame', createFirstFrameFeature(core)],
    ['accounts', accounts],
    ['vault', createVaultFeature(core, { accounts: directory })],
    ['site', createSiteFeature(core, { accounts: directory, siteMoney })],
    ['keys', keys],
    ['handoff', handoff],
    ['exports', exportsFeature],
    ['import', createImportFeature(core, { accounts: directory })],
    ['account', accountInfo],
    ['notify', createNotifyFeature(core, { accounts: directory })],
    ['watch', watch],
    ['alerts', alerts],
    ['quota', quota],
    ['spend', spend],
    ['agents', agents],
    ['channel', channel],
    ['allowance', allowance],
    ['rotation', rotation],
    ['updates', updates],
    [
      'backup',
      createBackupFeature(core, {
        accounts: directory,
        allowances: allowance,
        handoffs: handoff,
        deviceId: devices.here,
      }),
    ],
    ['sync', sync],
    ['health', createHealthFeature(core, { directory, keys: keys.services.keys, held: heldKeys })],
    ['audit', createAuditFeature(core, { accounts: directory })],
  ];
  for (const [, feature] of features) feature.register(core.router);

  const shutdown = new Shutdown({ log: core.log.child('shutdown') });
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
  // The first update check is scheduled a while after start, never awaited.
  updates.start();

  return {
    router: core.router,
    events: core.events,
    settings: core.settings,
    accounts: directory,
    quota,
    allowances: { runDue: () => allowance.runner.runDue() },
    dispose: () => shutdown.run(),
  };
}
