// Builds the quota monitor, the alerts service and (where there is one) the tray controller from the app's
// stores, settings and shell ports; app.ts calls this once and disposes what it returns on quit.
import type { ZodType } from 'zod';
import type { Language, Settings, Thresholds } from '../../../src-shared/contract';
import type { EventBus } from '../../bridge/events';
import type { Logger } from '../../log/logger';
import { InAppOnlyNotifier, noPowerEvents } from '../../platform/node/in-app.notifier';
import type { NotifierPort, PowerPort, TrayPort } from '../../platform/ports';
import type { StoreEngine } from '../../platform/store-engine';
import { ConfigStore, type StoreReport } from '../../vault/config.store';
import type { AccountDirectory } from '../accounts/account-directory';
import { AlertsService, EMPTY_ALERTS, alertsDocumentSchema } from './alerts.service';
import {
  EMPTY_QUOTA_CACHE,
  EMPTY_QUOTA_HISTORY,
  QuotaMonitor,
  quotaCacheSchema,
  quotaHistorySchema,
} from './quota.monitor';
import { systemSchedulerClock, type SchedulerClock, type SchedulerOptions } from './scheduler';
import { TrayController } from './tray.controller';

/** What the desktop shell offers; browser mode passes nothing and gets in-app alerts only. */
export interface QuotaShell {
  readonly tray?: TrayPort;
  readonly notifier?: NotifierPort;
  readonly power?: PowerPort;
  readonly openWindow?: (accountId?: string) => void;
  readonly quit?: () => void;
}

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
  readonly shell?: QuotaShell;
  readonly clock?: SchedulerClock;
  /** Where each cache file's problems go (the store status); the name is the file's base name. */
  readonly onStoreReport?: (name: string) => (report: StoreReport) => void;
}

export interface QuotaFeature {
  readonly monitor: QuotaMonitor;
  readonly alerts: AlertsService;
  readonly tray: TrayController | null;
  dispose(): void;
}

/** The UI language when the user has not picked one: the system's, by the same rule as the renderer. */
export function systemLanguage(): Language {
  const tag = Intl.DateTimeFormat().resolvedOptions().locale;
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/**
 * End-to-end tests only: KEYDESK_QUOTA_TEST_FLOOR_MS shortens the one-per-minute floor and the cache (never below
 * one second) so a test can watch several refreshes without waiting minutes. Unset in every real launch.
 */
function testPollingFloor(): { schedulerOptions?: SchedulerOptions } {
  const raw = Number(process.env.KEYDESK_QUOTA_TEST_FLOOR_MS);
  if (!Number.isFinite(raw) || raw <= 0) return {};
  const floor = Math.max(1_000, raw);
  return { schedulerOptions: { minSpacingMs: floor, cacheTtlMs: Math.floor(floor / 2), backoffBaseMs: floor } };
}

export function createQuotaFeature(options: QuotaFeatureOptions): QuotaFeature {
  const { dataDir, events, log, accounts, storeEngine } = options;
  const clock = options.clock ?? systemSchedulerClock;
  const shell = options.shell ?? {};
  const onCorrupt = (name: string) => (keptAt: string, reason: string) => {
    log.warn(`${name} file was unreadable; kept aside and started empty`, { keptAt, reason });
  };
  const store = <T extends object>(name: string, schema: ZodType<T>, defaults: T) =>
    new ConfigStore<T>({
      engine: storeEngine,
      dataDir,
      name,
      schema,
      defaults,
      onCorrupt: onCorrupt(name),
      ...(options.onStoreReport ? { onReport: options.onStoreReport(name) } : {}),
      now: () => clock.now(),
    });

  const language = (): Language => options.settings().language ?? systemLanguage();
  const notifier = shell.notifier ?? new InAppOnlyNotifier();
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
    ...testPollingFloor(),
  });

  let tray: TrayController | null = null;
  if (shell.tray) {
    const openWindow = shell.openWindow ?? (() => undefined);
    tray = new TrayController({
      port: shell.tray,
      monitor,
      accounts: () => accounts.list(),
      activeId: () => accounts.activeId(),
      language,
      switchAccount: (id) => {
        accounts.switch(id);
      },
      openWindow,
      quit: shell.quit ?? (() => undefined),
    });
  }
  notifier.onClick((accountId) => {
    try {
      accounts.switch(accountId);
    } catch {
      // the account was removed since the alert: just open the window
    }
    shell.openWindow?.(accountId);
  });

  let lastLanguage = language();
  const unsubscribeEvents = events.subscribe((event, payload) => {
    if (event === 'settings:changed') {
      monitor.setIntervalMinutes((payload as Settings).refreshIntervalMinutes);
      if (language() !== lastLanguage) {
        lastLanguage = language();
        tray?.render();
      }
    }
  });
  // Added, removed, renamed, re-thresholded or switched accounts redraw the tray (the monitor syncs itself).
  const unsubscribeAccounts = accounts.onChange(() => {
    tray?.render();
  });
  const unsubscribePower = (shell.power ?? noPowerEvents).onResume(() => {
    monitor.resume();
  });

  monitor.start();
  tray?.start();
  return {
    monitor,
    alerts,
    tray,
    dispose: () => {
      unsubscribePower();
      unsubscribeEvents();
      unsubscribeAccounts();
      tray?.dispose();
      monitor.dispose();
    },
  };
}
