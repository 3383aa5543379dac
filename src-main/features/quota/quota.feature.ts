// The quota feature: the monitor, the alerts service and the tray controller, built from the app's stores,
// settings and the platform's tray, notifier, power and window ports; app.ts registers it and disposes it on quit.
import type { ZodType } from 'zod';
import type { Language, Settings, Thresholds } from '../../../src-shared/contract';
import type { EventBus } from '../../bridge/events';
import type { Logger } from '../../log/logger';
import { DISABLE_ACTION } from './alerts.service';
import type { Platform } from '../../platform/ports';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore, type StoreReport } from '../../vault/config.store';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { AlertsService, EMPTY_ALERTS, alertsDocumentSchema } from './alerts.service';
import {
  EMPTY_QUOTA_CACHE,
  EMPTY_QUOTA_HISTORY,
  QuotaMonitor,
  quotaCacheSchema,
  quotaHistorySchema,
} from './quota.monitor';
import { registerQuotaHandlers } from './quota.handlers';
import type { SchedulerClock, SchedulerOptions } from './scheduler';
import { TrayController } from './tray.controller';

/** The platform ports the feature drives: browser mode's say "nothing native" (in-app alerts only). */
export type QuotaShell = Pick<Platform, 'tray' | 'notifier' | 'power' | 'window'>;

/** The accounts service as the quota feature sees it. */
export type QuotaAccounts = AccountDirectory;

export interface QuotaFeatureOptions {
  readonly dataDir: string;
  /** Carries the cache files (alerts, history, …) like every other data file. */
  readonly storeEngine: StoreEngine;
  readonly events: EventBus;
  readonly log: Logger;
  readonly accounts: QuotaAccounts;
  readonly settings: () => Settings;
  readonly shell: QuotaShell;
  readonly clock: SchedulerClock;
  /** Test-only tuning of the polling floor, set by the browser-mode entry (serve.ts); never in a real launch. */
  readonly schedulerOptions?: SchedulerOptions;
  /** Where each cache file's problems go (the store status); the name is the file's base name. */
  readonly onStoreReport?: (name: string) => (report: StoreReport) => void;
}

export interface QuotaFeature extends Feature {
  readonly monitor: QuotaMonitor;
  readonly alerts: AlertsService;
  readonly tray: TrayController;
  dispose(): void;
}

/** The UI language when the user has not picked one: the system's, by the same rule as the renderer. */
export function systemLanguage(): Language {
  const tag = Intl.DateTimeFormat().resolvedOptions().locale;
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function createQuotaFeature(options: QuotaFeatureOptions): QuotaFeature {
  const { dataDir, events, log, accounts } = options;
  const { clock, shell } = options;
  const onCorrupt = (name: string) => (keptAt: string, reason: string) => {
    log.warn(`${name} file was unreadable; kept aside and started empty`, { keptAt, reason });
  };
  const store = <T extends object>(name: string, schema: ZodType<T>, defaults: T) =>
    new ConfigStore<T>({
      engine: options.storeEngine,
      dataDir,
      name,
      schema,
      defaults,
      onCorrupt: onCorrupt(name),
      ...(options.onStoreReport ? { onReport: options.onStoreReport(name) } : {}),
      now: () => clock.now(),
    });

  const language = (): Language => options.settings().language ?? systemLanguage();
  const { notifier } = shell;
  const alerts = new AlertsService({
    store: store('alerts', alertsDocumentSchema, EMPTY_ALERTS),
    events,
    notifier,
    language,
    now: () => clock.now(),
  });
  const thresholdsOf = (id: string): Thresholds => {
    try {
      return accounts.get(id).thresholds;
    } catch {
      return { warnUnits: null, criticalUnits: null };
    }
  };
  const monitor = new QuotaMonitor({
    directory: accounts,
    thresholdsOf,
    cache: store('quota-cache', quotaCacheSchema, EMPTY_QUOTA_CACHE),
    history: store('quota-history', quotaHistorySchema, EMPTY_QUOTA_HISTORY),
    alerts,
    events,
    clock,
    intervalMinutes: options.settings().refreshIntervalMinutes,
    log: log.child('quota'),
    ...(options.schedulerOptions ? { schedulerOptions: options.schedulerOptions } : {}),
  });

  const tray = new TrayController({
    port: shell.tray,
    monitor,
    accounts: () => accounts.list(),
    activeId: () => accounts.activeId(),
    language,
    title: () => options.settings().trayTitle,
    switchAccount: (id) => {
      accounts.switch(id);
    },
    openWindow: (accountId) => {
      shell.window.show(accountId);
    },
    quit: () => {
      shell.window.quit();
    },
  });
  notifier.onClick((accountId) => {
    try {
      accounts.switch(accountId);
    } catch {
      // the account was removed since the alert: just open the window
    }
    shell.window.show(accountId);
  });
  // A runaway key's Disable now on the notification itself (macOS shows the button): the same status-only update as
  // the alert centre's; if it fails, the window opens on the alert, still unresolved, with the reason.
  notifier.onAction((actionId) => {
    if (!actionId.startsWith(DISABLE_ACTION)) return;
    const alertId = actionId.slice(DISABLE_ACTION.length);
    void alerts.resolveRunaway(alertId, 'disable').then((result) => {
      if (result.ok) return;
      log.warn('Disable now from a notification failed', { code: result.error.code });
      const alert = alerts.list().find((a) => a.id === alertId);
      if (alert) shell.window.show(alert.accountId);
    });
  });

  let lastLanguage = language();
  let lastTitle = options.settings().trayTitle;
  const unsubscribeEvents = events.subscribe((event, payload) => {
    if (event === 'settings:changed') {
      monitor.setIntervalMinutes((payload as Settings).refreshIntervalMinutes);
      if (language() !== lastLanguage || (payload as Settings).trayTitle !== lastTitle) {
        lastLanguage = language();
        lastTitle = (payload as Settings).trayTitle;
        tray.render();
      }
    }
  });
  // Added, removed, renamed, re-thresholded or switched accounts redraw the tray (the monitor syncs itself).
  const unsubscribeAccounts = accounts.onChange(() => {
    tray.render();
  });
  const unsubscribePower = shell.power.onResume(() => {
    monitor.resume();
  });

  monitor.start();
  tray.start();
  return {
    monitor,
    alerts,
    tray,
    register: (router) => {
      registerQuotaHandlers(router, monitor, alerts);
    },
    dispose: () => {
      unsubscribePower();
      unsubscribeEvents();
      unsubscribeAccounts();
      tray.dispose();
      monitor.dispose();
    },
  };
}
