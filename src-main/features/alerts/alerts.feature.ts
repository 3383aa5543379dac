// The alert centre as a feature: the alerts service every watcher raises alerts through (balances, runaway spend,
// expiring keys, prices, allowances, rotations), its file, its channels, and the system notifications' clicks.
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { AlertsService, DISABLE_ACTION, EMPTY_ALERTS, alertsDocumentSchema } from './alerts.service';
import { registerAlertsHandlers } from './alerts.handlers';

export interface AlertsDeps {
  readonly accounts: AccountDirectory;
}

export type AlertsFeature = Feature & { readonly service: AlertsService };

export function createAlertsFeature(core: Core, { accounts }: AlertsDeps): AlertsFeature {
  const { log, clock } = core;
  const { notifier, window } = core.platform;
  const service = new AlertsService({
    store: core.store('alerts', alertsDocumentSchema, EMPTY_ALERTS, {
      reportAs: 'cache',
      corruptNote: 'alerts file was unreadable; kept aside and started empty',
    }),
    events: core.events,
    notifier,
    language: () => core.language(),
    now: () => clock.now(),
  });
  notifier.onClick((accountId) => {
    try {
      accounts.switch(accountId);
    } catch {
      // the account was removed since the alert: just open the window
    }
    window.show(accountId);
  });
  // A runaway key's Disable now on the notification itself (macOS shows the button): the same status-only update as
  // the alert centre's; if it fails, the window opens on the alert, still unresolved, with the reason.
  notifier.onAction((actionId) => {
    if (!actionId.startsWith(DISABLE_ACTION)) return;
    const alertId = actionId.slice(DISABLE_ACTION.length);
    void service.resolveRunaway(alertId, 'disable').then((result) => {
      if (result.ok) return;
      log.warn('Disable now from a notification failed', { code: result.error.code });
      const alert = service.list().find((a) => a.id === alertId);
      if (alert) window.show(alert.accountId);
    });
  });
  return {
    service,
    register: (router) => {
      registerAlertsHandlers(router, service);
    },
    dispose: () => undefined,
  };
}
