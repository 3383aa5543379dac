// The alert centre's backend: raised alerts (balance, runaway key, expiring, price change, allowance, rotation, an
// agent's hand-off) kept bounded, newest first, in the config store (older documents read as balance alerts), one per
// episode (episodeKey), pushed as alerts:raised to every window, delivered as a native notification where there is
// one, acknowledged.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type {
  AccountMoney,
  AlertDraft,
  AlertView,
  AppError,
  Language,
  Result,
  RunawayAlertView,
} from '../../../src-shared/contract';
import { formatMoney, formatUnits, type UnitSettings } from '../../../src-shared/units';
import { msFromStoredTime } from '../../../src-shared/unix-time';
import type { EventBus } from '../../event-bus';
import type { NotifierPort } from '../../platform/ports';
import type { DocumentStore } from '../../vault/config.store';
import type { AlertFiring } from './alert-rule';
import { QUOTA_STRINGS } from '../quota/strings';

/** Enough for weeks of alerts; the oldest go first. */
const MAX_ALERTS = 200;

const base = {
  id: z.string(),
  accountId: z.string(),
  accountLabel: z.string(),
  episodeKey: z.string(),
  raisedAt: z.number(),
  isAcknowledged: z.boolean(),
};
const balanceAlertSchema = z.object({
  ...base,
  kind: z.literal('balance'),
  level: z.enum(['warn', 'critical', 'soft_limit']),
  balanceUnits: z.number(),
  thresholdUnits: z.number(),
});
const runawayAlertSchema = z.object({
  ...base,
  kind: z.literal('runaway'),
  keyId: z.number().int(),
  keyName: z.string(),
  reason: z.enum(['rate', 'daily_cap']),
  hourSpendUnits: z.number(),
  usualHourUnits: z.number().nullable(),
  dailyCapUnits: z.number().nullable(),
  daySpendUnits: z.number().nullable(),
  resolution: z.enum(['disabled', 'dismissed']).nullable(),
});
const expiringAlertSchema = z.object({
  ...base,
  kind: z.literal('expiring'),
  target: z.discriminatedUnion('type', [
    z.object({ type: z.literal('key'), keyId: z.number().int(), keyName: z.string() }),
    z.object({ type: z.literal('plan'), planId: z.string(), planName: z.string() }),
    z.object({ type: z.literal('token') }),
  ]),
  expiresAtMs: z.number(),
});
const priceChangeAlertSchema = z.object({
  ...base,
  kind: z.literal('price_change'),
  group: z.string(),
  oldRatio: z.number(),
  newRatio: z.number(),
  affectedKeyNames: z.array(z.string()),
});
const agentAlertSchema = z.object({
  ...base,
  kind: z.literal('agent'),
  action: z.enum(['reveal', 'disable']),
  keyId: z.number().int(),
  keyName: z.string(),
  client: z.string().nullable(),
});
const allowanceAlertSchema = z.object({
  ...base,
  kind: z.literal('allowance'),
  keyId: z.number().int(),
  keyName: z.string(),
  reason: z.enum(['edited_elsewhere', 'made_unlimited', 'made_limited', 'deleted', 'rotated', 'refill_failed']),
});
const rotationAlertSchema = z.object({
  ...base,
  kind: z.literal('rotation'),
  rotationId: z.string(),
  oldKeyId: z.number().int(),
  oldKeyName: z.string(),
  newKeyName: z.string(),
});
const alertSchema = z.discriminatedUnion('kind', [
  balanceAlertSchema,
  runawayAlertSchema,
  expiringAlertSchema,
  priceChangeAlertSchema,
  agentAlertSchema,
  allowanceAlertSchema,
  rotationAlertSchema,
]);

/**
 * Documents written before alerts had kinds hold balance alerts without kind or episodeKey: they read as balance
 * alerts, each its own episode. An entry that fits no kind is dropped alone, not the whole list.
 */
const storedAlertSchema = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return value;
  const old = value as Record<string, unknown>;
  if (old.kind === 'expiring' && typeof old.expiresAt === 'number' && !('expiresAtMs' in old)) {
    // Expiring alerts first kept `expiresAt`, raised with the site's seconds where milliseconds were meant (they
    // read as 1970): either unit is read as the time it names.
    const { expiresAt, ...rest } = old;
    return { ...rest, expiresAtMs: msFromStoredTime(expiresAt) };
  }
  if ('kind' in value) return value;
  return { kind: 'balance', episodeKey: `balance:${String(old.id)}`, ...old };
}, alertSchema);
export const alertsDocumentSchema = z.object({
  alerts: z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((item) => {
        const parsed = storedAlertSchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
});
export type AlertsDocument = { alerts: AlertView[] };
export const EMPTY_ALERTS: AlertsDocument = { alerts: [] };

/** The account an alert is about, as the service words it. */
export interface AlertAccount {
  readonly id: string;
  readonly label: string;
  readonly units: UnitSettings;
  readonly money?: AccountMoney;
}

/** What a runaway alert's buttons do; the spend feature supplies them (none: the buttons answer an error). */
export interface RunawayActions {
  /** Turns the key off on the server: a status-only update, one request. */
  disableKey(accountId: string, keyId: number): Promise<Result<void>>;
  /** A false alarm: the key's baseline rises so the same rate does not alert again. */
  dismiss(alert: RunawayAlertView): void;
}

export interface AlertsServiceDeps {
  readonly store: DocumentStore<AlertsDocument>;
  readonly events: EventBus;
  readonly notifier: NotifierPort;
  readonly language: () => Language;
  readonly now: () => number;
  readonly newId?: () => string;
}

/** The runaway notification's button: its action id is this prefix and the alert's id. */
export const DISABLE_ACTION = 'disable:';

export class AlertsService {
  #runaway: RunawayActions | null = null;

  constructor(private readonly deps: AlertsServiceDeps) {}

  list(): readonly AlertView[] {
    return this.deps.store.read().alerts;
  }

  /** A balance alert (the balance rule's firing); each firing is its own episode. */
  raise(account: AlertAccount, firing: AlertFiring): AlertView {
    const id = (this.deps.newId ?? randomUUID)();
    const draft: AlertDraft = {
      kind: 'balance',
      accountId: account.id,
      episodeKey: `balance:${account.id}:${firing.level}:${id}`,
      level: firing.level,
      balanceUnits: firing.balanceUnits,
      thresholdUnits: firing.thresholdUnits,
    };
    return this.#add(account, draft, id);
  }

  /** Any kind of alert; answers null when an alert of the same episode is already there (one per episode). */
  raiseAlert(account: AlertAccount, draft: AlertDraft): AlertView | null {
    if (this.hasEpisode(draft.episodeKey)) return null;
    return this.#add(account, draft, (this.deps.newId ?? randomUUID)());
  }

  hasEpisode(episodeKey: string): boolean {
    return this.list().some((a) => a.episodeKey === episodeKey);
  }

  /** Acknowledges the given alerts (all when ids is undefined); unknown ids are ignored. */
  acknowledge(ids?: readonly string[]): readonly AlertView[] {
    const wanted = ids ? new Set(ids) : null;
    const alerts = this.list().map((a) => (wanted === null || wanted.has(a.id) ? { ...a, isAcknowledged: true } : a));
    this.deps.store.write({ alerts });
    return alerts;
  }

  setRunawayActions(actions: RunawayActions): void {
    this.#runaway = actions;
  }

  /**
   * A runaway alert's Disable now or Dismiss as false alarm. The alert is then resolved and acknowledged; a failed
   * disable leaves it as it was and answers the error.
   */
  async resolveRunaway(id: string, action: 'disable' | 'dismiss'): Promise<Result<readonly AlertView[]>> {
    const alert = this.list().find((a) => a.id === id);
    if (alert?.kind !== 'runaway') return { ok: false, error: { code: 'not_found' } };
    const actions = this.#runaway;
    if (actions === null) return { ok: false, error: notAvailable };
    if (action === 'disable') {
      const result = await actions.disableKey(alert.accountId, alert.keyId);
      if (!result.ok) return result;
    } else {
      actions.dismiss(alert);
    }
    const resolved: RunawayAlertView = {
      ...alert,
      resolution: action === 'disable' ? 'disabled' : 'dismissed',
      isAcknowledged: true,
    };
    const alerts = this.list().map((a) => (a.id === id ? resolved : a));
    this.deps.store.write({ alerts });
    this.deps.events.emit('alerts:updated', resolved);
    return { ok: true, value: alerts };
  }

  #add(account: AlertAccount, draft: AlertDraft, id: string): AlertView {
    const alert = {
      ...draft,
      id,
      accountLabel: account.label,
      raisedAt: this.deps.now(),
      isAcknowledged: false,
    } as AlertView;
    this.deps.store.write({ alerts: [alert, ...this.list()].slice(0, MAX_ALERTS) });
    this.deps.events.emit('alerts:raised', alert);
    if (this.deps.notifier.isNative) this.deps.notifier.notify(this.#notification(alert, account.units, account.money));
    return alert;
  }

  #notification(alert: AlertView, units: UnitSettings, accountMoney?: AccountMoney) {
    const language = this.deps.language();
    const strings = QUOTA_STRINGS[language];
    const money = (value: number): string =>
      accountMoney ? formatMoney(value, language, accountMoney) : formatUnits(value, language, units);
    const plain = (value: number): string => formatUnits(value, language, units);
    const account = alert.accountLabel;
    switch (alert.kind) {
      case 'balance': {
        // The balance in the site's currency with the yuan beside it; the threshold as the user typed it.
        const balance = money(alert.balanceUnits);
        const threshold = plain(alert.thresholdUnits);
        const body =
          alert.level === 'soft_limit'
            ? strings.softLimitBody(account, balance, threshold)
            : strings.alertBody(account, balance, threshold);
        return { title: strings.alertTitle[alert.level], body, accountId: alert.accountId };
      }
      case 'runaway': {
        const hour = money(alert.hourSpendUnits);
        const body =
          alert.reason === 'daily_cap' && alert.dailyCapUnits !== null
            ? strings.runawayCapBody(
                account,
                alert.keyName,
                money(alert.daySpendUnits ?? 0),
                plain(alert.dailyCapUnits),
              )
            : strings.runawayBody(account, alert.keyName, hour, plain(alert.usualHourUnits ?? 0));
        return {
          title: strings.runawayTitle,
          body,
          accountId: alert.accountId,
          action: { id: `${DISABLE_ACTION}${alert.id}`, text: strings.disableNow },
        };
      }
      case 'expiring': {
        const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(alert.expiresAtMs),
        );
        const { target } = alert;
        const body =
          target.type === 'key'
            ? strings.expiringKeyBody(account, target.keyName, when)
            : target.type === 'token'
              ? strings.expiringTokenBody(account, when)
              : strings.expiringPlanBody(account, target.planName, when);
        return { title: strings.expiringTitle, body, accountId: alert.accountId };
      }
      case 'price_change': {
        const body = strings.priceChangeBody(
          account,
          alert.group,
          String(alert.oldRatio),
          String(alert.newRatio),
          alert.affectedKeyNames.join(strings.listSeparator),
        );
        return { title: strings.priceChangeTitle, body, accountId: alert.accountId };
      }
      case 'agent': {
        const client = alert.client ?? strings.agentUnnamed;
        const body =
          alert.action === 'reveal'
            ? strings.agentRevealBody(account, alert.keyName, client)
            : strings.agentDisableBody(account, alert.keyName, client);
        return { title: strings.agentTitle, body, accountId: alert.accountId };
      }
      case 'allowance':
        return {
          title: strings.allowanceTitle,
          body: strings.allowanceBody(account, alert.keyName, alert.reason),
          accountId: alert.accountId,
        };
      case 'rotation':
        return {
          title: strings.rotationTitle,
          body: strings.rotationBody(account, alert.oldKeyName),
          accountId: alert.accountId,
        };
    }
  }
}

/** Runaway actions are wired by the spend feature; without it (a test, a build without it) they are not there. */
const notAvailable: AppError = { code: 'unavailable' };
