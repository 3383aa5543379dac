// The alert centre's backend: raised alerts kept (bounded, newest first) in the config store, pushed as
// alert:raised to every window, delivered as a native notification where there is one, acknowledged by the user.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AccountMoney, AlertView, Language } from '../../../src-shared/contract';
import { formatMoney, formatUnits, type UnitSettings } from '../../../src-shared/units';
import type { EventBus } from '../../bridge/events';
import type { NotifierPort } from '../../platform/ports';
import type { DocumentStore } from '../../vault/config.store';
import type { AlertFiring } from './alert-rule';
import { QUOTA_STRINGS } from './strings';

/** Enough for weeks of alerts; the oldest go first. */
const MAX_ALERTS = 200;

const alertSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountLabel: z.string(),
  level: z.enum(['warn', 'critical', 'soft_limit']),
  balanceUnits: z.number(),
  thresholdUnits: z.number(),
  raisedAt: z.number(),
  isAcknowledged: z.boolean(),
});
export const alertsDocumentSchema = z.object({ alerts: z.array(alertSchema).catch([]) });
export type AlertsDocument = z.infer<typeof alertsDocumentSchema>;
export const EMPTY_ALERTS: AlertsDocument = { alerts: [] };

export interface AlertsServiceDeps {
  readonly store: DocumentStore<AlertsDocument>;
  readonly events: EventBus;
  readonly notifier: NotifierPort;
  readonly language: () => Language;
  readonly now: () => number;
  readonly newId?: () => string;
}

export class AlertsService {
  constructor(private readonly deps: AlertsServiceDeps) {}

  list(): readonly AlertView[] {
    return this.deps.store.read().alerts;
  }

  raise(
    account: { id: string; label: string; units: UnitSettings; money?: AccountMoney },
    firing: AlertFiring,
  ): AlertView {
    const alert: AlertView = {
      id: (this.deps.newId ?? randomUUID)(),
      accountId: account.id,
      accountLabel: account.label,
      level: firing.level,
      balanceUnits: firing.balanceUnits,
      thresholdUnits: firing.thresholdUnits,
      raisedAt: this.deps.now(),
      isAcknowledged: false,
    };
    this.deps.store.write({ alerts: [alert, ...this.list()].slice(0, MAX_ALERTS) });
    this.deps.events.emit('alert:raised', alert);
    if (this.deps.notifier.isNative) this.deps.notifier.notify(this.#notification(alert, account.units, account.money));
    return alert;
  }

  /** Acknowledges the given alerts (all when ids is undefined); unknown ids are ignored. */
  acknowledge(ids?: readonly string[]): readonly AlertView[] {
    const wanted = ids ? new Set(ids) : null;
    const alerts = this.list().map((a) => (wanted === null || wanted.has(a.id) ? { ...a, isAcknowledged: true } : a));
    this.deps.store.write({ alerts });
    return alerts;
  }

  #notification(alert: AlertView, units: UnitSettings, accountMoney?: AccountMoney) {
    const strings = QUOTA_STRINGS[this.deps.language()];
    const language = this.deps.language();
    // The balance in the site's currency with the yuan beside it; the threshold as the user typed it.
    const balance = accountMoney
      ? formatMoney(alert.balanceUnits, language, accountMoney)
      : formatUnits(alert.balanceUnits, language, units);
    const threshold = formatUnits(alert.thresholdUnits, language, units);
    const body =
      alert.level === 'soft_limit'
        ? strings.softLimitBody(alert.accountLabel, balance, threshold)
        : strings.alertBody(alert.accountLabel, balance, threshold);
    return { title: strings.alertTitle[alert.level], body, accountId: alert.accountId };
  }
}
