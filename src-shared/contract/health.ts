// The contract for key health checks: does a key work right now, asked of the site with the key itself (GET
// /v1/models, free) or, when the user chooses, with a one-token call. Its types, channels and event.
import type { AppError } from './errors';

/**
 * What a check found. `works`: the site accepted the key (by `models` it lists `modelCount` models). The refusals:
 * the key is `disabled`, `expired` or `exhausted`; `refused` without a cause anyone can tell (today's new-api answers
 * every refusal with the same words, and the key's record shows nothing wrong: deleted, replaced, or refused for a
 * reason the site keeps to itself); its group may not be used (`group_denied`); this computer's address is not on its
 * list (`ip_refused`); the site refused the account itself (`forbidden`: banned, or out of quota). A one-token call
 * adds: the key may not call that model (`model_denied`), or no channel serves it for the key's group
 * (`model_unavailable`). `not_held`: Keydesk does not hold this key this session, and a check never reveals one.
 * `failed`: the check itself could not be made (network, a server error, a rate limit).
 */
export const KEY_HEALTH_STATES = [
  'works',
  'disabled',
  'expired',
  'exhausted',
  'refused',
  'group_denied',
  'ip_refused',
  'forbidden',
  'model_denied',
  'model_unavailable',
  'not_held',
  'failed',
] as const;
export type KeyHealthState = (typeof KEY_HEALTH_STATES)[number];

/** Who told us the cause: the site's own answer, or (where the site answers every refusal alike) the key's record. */
export type HealthCauseSource = 'site' | 'record';

export interface KeyHealthView {
  readonly accountId: string;
  readonly keyId: number;
  readonly state: KeyHealthState;
  /** Set for a refusal whose cause is known; null when nobody can say (the site's words and the record agree on none). */
  readonly causeSource: HealthCauseSource | null;
  /** Epoch ms of the check. */
  readonly checkedAt: number;
  /** `models`: GET /v1/models, free. `call`: the one-token call the user asked for, to `model`. */
  readonly via: 'models' | 'call';
  readonly model: string | null;
  /** Models the site listed for the key (`works` by `models`); null otherwise. */
  readonly modelCount: number | null;
  /** Their ids (the first 200), for choosing the one-token call's model; null when not read this session. */
  readonly modelIds: readonly string[] | null;
  /** How long the site took to answer, ms; null when nothing was sent. */
  readonly latencyMs: number | null;
  /** The site's own words about the refusal, cleaned; shown quoted under our sentence. */
  readonly serverMessage: string | null;
  /** `failed`: why the check could not be made. */
  readonly error: AppError | null;
}

/** What a one-token call to `model` would cost the key, from the site's published prices, before it is made. */
export interface CallQuote {
  readonly model: string;
  /**
   * Quota units: `low` for the shortest prompt the site could count, `high` for the longest it will (equal for a
   * price per call). null when the site publishes no price Keydesk can read for the model (then it says so).
   */
  readonly lowUnits: number | null;
  readonly highUnits: number | null;
  /** Why there is no figure: the site publishes no prices, not this model's, or one by an expression. */
  readonly unknownBecause: 'no_prices' | 'model_unpriced' | 'expression' | 'group_unknown' | null;
  /** The group ratio the figure used. */
  readonly groupRatio: number | null;
}

/** How often every held key of every account is checked (0 = only when asked). */
export const HEALTH_INTERVALS_HOURS = [0, 1, 6, 24] as const;
export type HealthIntervalHours = (typeof HEALTH_INTERVALS_HOURS)[number];

export interface HealthSettings {
  readonly intervalHours: HealthIntervalHours;
  /** Epoch ms the last scheduled pass began; null before the first. */
  readonly lastPassAt: number | null;
}

/** One account's check of all its keys: what was checked, and the keys it could not check (not held). */
export interface HealthPassOutcome {
  readonly accountId: string;
  readonly results: readonly KeyHealthView[];
  /** The account's keys could not be listed: none was checked. */
  readonly error: AppError | null;
}

export interface HealthKeyRef {
  readonly accountId: string;
  readonly keyId: number;
}

/** Invoke channels of key health. */
export interface HealthInvokeMap {
  /** Every result Keydesk keeps (the last check of each key), for the table and the drawer. */
  'health:list': { args: undefined; result: readonly KeyHealthView[] };
  /** Checks one key with GET /v1/models, if Keydesk holds it; never reveals it. */
  'health:check': { args: HealthKeyRef; result: KeyHealthView };
  /** Checks every key of an account Keydesk holds (the others come back `not_held`). */
  'health:checkAccount': { args: { readonly accountId: string }; result: HealthPassOutcome };
  /** The cost of a one-token call to `model`, from the site's published prices (reads them; sends no call). */
  'health:quote': { args: HealthKeyRef & { readonly model: string }; result: CallQuote };
  /** The one-token call itself (the user saw its quote and confirmed). */
  'health:call': { args: HealthKeyRef & { readonly model: string }; result: KeyHealthView };
  'health:settings': { args: undefined; result: HealthSettings };
  'health:setSchedule': { args: { readonly intervalHours: HealthIntervalHours }; result: HealthSettings };
}

export const HEALTH_CHANNELS: { readonly [C in keyof HealthInvokeMap]: true } = {
  'health:list': true,
  'health:check': true,
  'health:checkAccount': true,
  'health:quote': true,
  'health:call': true,
  'health:settings': true,
  'health:setSchedule': true,
};

/** Events of key health: results that changed (a check by the user or by the schedule). */
export interface HealthEventMap {
  'health:changed': readonly KeyHealthView[];
}

export const HEALTH_EVENTS: { readonly [E in keyof HealthEventMap]: true } = {
  'health:changed': true,
};
