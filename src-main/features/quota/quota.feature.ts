// The quota feature: the balance monitor and the tray controller, built on Core (clock, stores, events, language,
// the platform's tray, power and window) and the account directory; alerts go through the alerts feature.
import { basename } from 'node:path';
import type { Thresholds } from '../../../src-shared/contract';
import type { Core } from '../../core';
import type { ConfigStore } from '../../vault/config.store';
import { WriteBehindStore } from '../../vault/write-behind.store';
import type { AccountDirectory } from '../accounts/account-directory';
import type { AlertsService } from '../alerts/alerts.service';
import type { Feature } from '../feature';
import type { SchedulerOptions } from '../../schedule/scheduler';
import {
  EMPTY_QUOTA_CACHE,
  EMPTY_QUOTA_HISTORY,
  QuotaMonitor,
  quotaCacheSchema,
  quotaHistorySchema,
} from './quota.monitor';
import { registerQuotaHandlers } from './quota.handlers';
import { TrayController } from './tray.controller';

export interface QuotaDeps {
  readonly accounts: AccountDirectory;
  readonly alerts: AlertsService;
  /** Test-only tuning of the polling floor, set by the browser-mode entry (serve.ts); never in a real launch. */
  readonly schedulerOptions?: SchedulerOptions;
}

/**
 * How long the balance cache holds a poll's write for the next ones: twenty accounts polled each minute make one
 * write per spell instead of twenty. A quit writes at once; a crash loses at most this much of the last balances.
 */
export const CACHE_WRITE_DELAY_MS = 20_000;
/**
 * The same for the balance history, longer: two weeks of it is about 700 samples an account (a megabyte for twenty),
 * and a crash that loses five minutes of samples changes no forecast, which looks at the last three days.
 */
export const HISTORY_WRITE_DELAY_MS = 5 * 60_000;

export interface QuotaFeature extends Feature {
  readonly monitor: QuotaMonitor;
  readonly tray: TrayController;
  dispose(): void;
}

export function createQuotaFeature(core: Core, deps: QuotaDeps): QuotaFeature {
  const { events, log, clock } = core;
  const { accounts, alerts } = deps;
  const shell = core.platform;
  const cacheNote = (name: string) => ({
    reportAs: 'cache' as const,
    corruptNote: `${name} file was unreadable; kept aside and started empty`,
  });
  const language = () => core.language();
  const thresholdsOf = (id: string): Thresholds => {
    try {
      return accounts.get(id).thresholds;
    } catch {
      return { warnUnits: null, criticalUnits: null };
    }
  };
  const writeBehind = <T extends object>(inner: ConfigStore<T>, delayMs: number) =>
    new WriteBehindStore<T>(inner, {
      clock,
      delayMs,
      onError: (error) => {
        log.warn(`${basename(inner.path)} could not be written`, { error });
      },
    });
  const cache = writeBehind(
    core.store('quota-cache', quotaCacheSchema, EMPTY_QUOTA_CACHE, cacheNote('quota-cache')),
    CACHE_WRITE_DELAY_MS,
  );
  const history = writeBehind(
    core.store('quota-history', quotaHistorySchema, EMPTY_QUOTA_HISTORY, cacheNote('quota-history')),
    HISTORY_WRITE_DELAY_MS,
  );
  const monitor = new QuotaMonitor({
    directory: accounts,
    thresholdsOf,
    cache,
    history,
    alerts,
    events,
    clock,
    intervalMinutes: core.settings.get().refreshIntervalMinutes,
    log: log.child('quota'),
    ...(deps.schedulerOptions ? { schedulerOptions: deps.schedulerOptions } : {}),
  });

  const tray = new TrayController({
    port: shell.tray,
    monitor,
    accounts: () => accounts.list(),
    activeId: () => accounts.activeId(),
    language,
    title: () => core.settings.get().trayTitle,
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
  let lastLanguage = language();
  let lastTitle = core.settings.get().trayTitle;
  const unsubscribeEvents = events.on('settings:changed', (settings) => {
    monitor.setIntervalMinutes(settings.refreshIntervalMinutes);
    if (language() !== lastLanguage || settings.trayTitle !== lastTitle) {
      lastLanguage = language();
      lastTitle = settings.trayTitle;
      tray.render();
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
    tray,
    register: (router) => {
      registerQuotaHandlers(router, monitor);
    },
    dispose: () => {
      unsubscribePower();
      unsubscribeEvents();
      unsubscribeAccounts();
      tray.dispose();
      monitor.dispose();
      cache.dispose();
      history.dispose();
    },
  };
}
