// The quota feature: the balance monitor and the tray controller, built on Core (clock, stores, events, language,
// the platform's tray, power and window) and the account directory; alerts go through the alerts feature.
import type { Thresholds } from '../../../src-shared/contract';
import type { Core } from '../../core';
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
  const monitor = new QuotaMonitor({
    directory: accounts,
    thresholdsOf,
    cache: core.store('quota-cache', quotaCacheSchema, EMPTY_QUOTA_CACHE, cacheNote('quota-cache')),
    history: core.store('quota-history', quotaHistorySchema, EMPTY_QUOTA_HISTORY, cacheNote('quota-history')),
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
  const unsubscribeEvents = events.on('settings:changed', (settings) => {
    monitor.setIntervalMinutes(settings.refreshIntervalMinutes);
    if (language() !== lastLanguage) {
      lastLanguage = language();
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
    },
  };
}
