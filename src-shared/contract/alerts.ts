// The contract for the alert centre (the alerts: channels and events): every kind of alert, its channels and events.
import type { AllowanceStopReason } from './allowance';

/** What every alert carries, whatever it is about. */
interface AlertBase {
  readonly id: string;
  readonly accountId: string;
  /** The account's label when the alert was raised (the account may be renamed or removed later). */
  readonly accountLabel: string;
  /**
   * One alert per episode per item: alerts with the same episodeKey are the same episode (the service raises the
   * first and ignores the rest). A new episode (the balance fell again, the key ran away again) has a new key.
   */
  readonly episodeKey: string;
  readonly raisedAt: number;
  readonly isAcknowledged: boolean;
}

/** A balance below a threshold, or a watched key past its soft limit (the alert Keydesk always had). */
export interface BalanceAlertView extends AlertBase {
  readonly kind: 'balance';
  readonly level: 'warn' | 'critical' | 'soft_limit';
  readonly balanceUnits: number;
  readonly thresholdUnits: number;
}

/** What the user did about a runaway key; null while nothing was done. */
export type RunawayResolution = 'disabled' | 'dismissed';

/** A key spending far above its own usual rate, or above the daily cap the user set for it. */
export interface RunawayAlertView extends AlertBase {
  readonly kind: 'runaway';
  readonly keyId: number;
  readonly keyName: string;
  /** What raised it: the rate against the key's usual rate, or the user's daily cap. */
  readonly reason: 'rate' | 'daily_cap';
  /** Spent in the last hour, in units. */
  readonly hourSpendUnits: number;
  /** The key's usual hourly spend (its baseline), in units; null when it has none yet (the daily cap fired). */
  readonly usualHourUnits: number | null;
  /** The user's daily cap for the key, in units, when reason is daily_cap. */
  readonly dailyCapUnits: number | null;
  /** Spent in the last day, in units. */
  readonly daySpendUnits: number | null;
  readonly resolution: RunawayResolution | null;
}

/** A key, subscription plan or the account's access token expiring soon (the Extend action lives with a key). */
export interface ExpiringAlertView extends AlertBase {
  readonly kind: 'expiring';
  readonly target:
    | { readonly type: 'key'; readonly keyId: number; readonly keyName: string }
    | { readonly type: 'plan'; readonly planId: string; readonly planName: string }
    | { readonly type: 'token' };
  /** When it ends, in epoch ms (the site's Unix seconds converted once, where the alert is raised). */
  readonly expiresAtMs: number;
}

/** A group's price ratio changed on the site, for a group some of the account's keys use. */
export interface PriceChangeAlertView extends AlertBase {
  readonly kind: 'price_change';
  readonly group: string;
  readonly oldRatio: number;
  readonly newRatio: number;
  readonly affectedKeyNames: readonly string[];
}

/** A key's allowance stopped on its own (the key was changed elsewhere), or its refill kept failing. */
export interface AllowanceAlertView extends AlertBase {
  readonly kind: 'allowance';
  readonly keyId: number;
  readonly keyName: string;
  readonly reason: AllowanceStopReason | 'refill_failed';
}

/** A rotation disabled the old key a few days ago: it can be deleted now (the user confirms). */
export interface RotationAlertView extends AlertBase {
  readonly kind: 'rotation';
  readonly rotationId: string;
  readonly oldKeyId: number;
  readonly oldKeyName: string;
  readonly newKeyName: string;
}

/**
 * An agent (an MCP client through `keydesk mcp`) used an ability the user switched on for the account: it was handed a
 * key's full value, or it disabled a key. One alert per act, so every hand-off is on record where the user looks.
 */
export interface AgentAlertView extends AlertBase {
  readonly kind: 'agent';
  readonly action: 'reveal' | 'disable';
  readonly keyId: number;
  readonly keyName: string;
  /** The client's name as it introduced itself (its own words, not verified, bounded); null when it gave none. */
  readonly client: string | null;
}

/** An alert in the alert centre: a discriminated union by kind. */
export type AlertView =
  | BalanceAlertView
  | RunawayAlertView
  | ExpiringAlertView
  | PriceChangeAlertView
  | AllowanceAlertView
  | RotationAlertView
  | AgentAlertView;
export type AlertKind = AlertView['kind'];

type Distribute<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An alert as a rule raises it: the service adds id, account label, time and acknowledgement. */
export type AlertDraft = Distribute<AlertView, 'id' | 'accountLabel' | 'raisedAt' | 'isAcknowledged'>;

/** Invoke channels of the alert centre. */
export interface AlertsInvokeMap {
  /** Alert history, newest first (bounded). */
  'alerts:list': { args: undefined; result: readonly AlertView[] };
  /** Acknowledge the given alerts, or every alert when ids is omitted; answers the new list. */
  'alerts:acknowledge': { args: { readonly ids?: readonly string[] }; result: readonly AlertView[] };
  /**
   * A runaway alert's actions: "disable" turns the key off on the server (a status-only update, one request);
   * "dismiss" marks a false alarm and raises the key's baseline so the same rate does not alert again. Answers the
   * new list.
   */
  'alerts:resolveRunaway': {
    args: { readonly id: string; readonly action: 'disable' | 'dismiss' };
    result: readonly AlertView[];
  };
}

export const ALERTS_CHANNELS: { readonly [C in keyof AlertsInvokeMap]: true } = {
  'alerts:list': true,
  'alerts:acknowledge': true,
  'alerts:resolveRunaway': true,
};

/** One alert at a time (the event names are singular: each carries one alert). */
export interface AlertsEventMap {
  'alerts:raised': AlertView;
  /** An alert changed after it was raised (a runaway key disabled or dismissed). */
  'alerts:updated': AlertView;
}
export const ALERTS_EVENTS: { readonly [E in keyof AlertsEventMap]: true } = {
  'alerts:raised': true,
  'alerts:updated': true,
};
