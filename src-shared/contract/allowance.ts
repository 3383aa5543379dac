// The contract for key allowances: a daily, weekly or monthly amount per key that the site itself enforces (Keydesk
// sets the key's remaining quota to it at each period's start), or, for an unlimited key, a cap Keydesk keeps while
// it runs (disable at the cap, enable at the next period). Its types, channels and event.
import type { AppError } from './errors';

export const ALLOWANCE_PERIODS = ['day', 'week', 'month'] as const;
/** Days start at midnight, weeks on Monday, months on the 1st: in the allowance's own time zone. */
export type AllowancePeriod = (typeof ALLOWANCE_PERIODS)[number];

/**
 * `refill`: a key with a quota; its remaining quota is set to the amount at each period's start, and the site stops
 * it at the amount even while Keydesk is closed. `cap`: an unlimited key; Keydesk disables it once its spend in the
 * period reaches the amount and enables it at the next period, which holds only while Keydesk runs.
 */
export type AllowanceMode = 'refill' | 'cap';

/**
 * Why an allowance stopped on its own. The key was changed on the site (or elsewhere in Keydesk) so that the
 * allowance cannot go on without overwriting that change: its quota raised or lowered by hand (`edited_elsewhere`),
 * made unlimited (`made_unlimited`, refill) or limited (`made_limited`, cap), deleted; or it moved to a key's twin.
 */
export type AllowanceStopReason = 'edited_elsewhere' | 'made_unlimited' | 'made_limited' | 'deleted' | 'rotated';

/** One thing the allowance did, for the key's history (newest first, bounded). Amounts in quota units. */
export interface AllowanceEvent {
  /** Epoch ms. */
  readonly at: number;
  /** The start of the period it was for (epoch ms). */
  readonly periodStart: number;
  /**
   * `refill`: remaining quota set from `fromUnits` to `toUnits`; `enabled`: a key the site had marked exhausted was
   * enabled after its refill, or a capped key at its next period; `disabled`: an unlimited key reached its cap
   * (`fromUnits` what it had spent); `stopped`: the allowance stopped (see stopReason).
   */
  readonly kind: 'refill' | 'enabled' | 'disabled' | 'stopped';
  readonly fromUnits: number | null;
  readonly toUnits: number | null;
}

export interface AllowanceView {
  /** Keydesk's own id of the allowance. */
  readonly id: string;
  readonly accountId: string;
  readonly keyId: number;
  /** The key's name when last seen (it stays readable after the key is deleted). */
  readonly keyName: string;
  readonly period: AllowancePeriod;
  readonly mode: AllowanceMode;
  /** The allowance per period, in quota units. */
  readonly amountUnits: number;
  /** IANA time zone whose midnights start the periods (the user's when the allowance was set). */
  readonly timeZone: string;
  readonly isActive: boolean;
  readonly stopReason: AllowanceStopReason | null;
  /** Epoch ms; null while active. */
  readonly stoppedAt: number | null;
  /** The start of the period last refilled (or, for a cap, last counted from); null before the first. */
  readonly lastPeriodStart: number | null;
  /** Epoch ms when the next period starts: the next refill, or the capped key's next enable. */
  readonly nextPeriodStart: number;
  /** A refill was sent and its outcome is not yet known: it is checked, never sent again blind. */
  readonly isPending: boolean;
  /** Cap: Keydesk disabled the key at its cap in this period. */
  readonly isHeld: boolean;
  /** Cap: what the key spent this period as far as Keydesk saw (a floor); null when not read yet. */
  readonly periodSpentUnits: number | null;
  /** The last failure (a refill that could not be sent, a read that failed); null when the last try worked. */
  readonly lastError: AppError | null;
  readonly history: readonly AllowanceEvent[];
  /**
   * Which machine refills and caps it (with sync, one machine runs each allowance). `isHere`: this one; otherwise
   * `deviceName` names the machine that does, or is null when that machine left the sync folder (it runs nowhere).
   */
  readonly runner: AllowanceRunner;
}

export interface AllowanceRunner {
  readonly isHere: boolean;
  readonly deviceName: string | null;
}

/** Whether an account's keys can have an allowance of each mode here, and if not, why (a plain reason). */
export interface AllowanceSupport {
  readonly refill: AppError | null;
  readonly cap: AppError | null;
}

export interface AllowanceSetArgs {
  readonly accountId: string;
  readonly keyId: number;
  readonly period: AllowancePeriod;
  readonly mode: AllowanceMode;
  readonly amountUnits: number;
  readonly timeZone: string;
}

/** Invoke channels of allowances. */
export interface AllowanceInvokeMap {
  /** Every allowance (one account's when given), active and stopped. */
  'allowance:list': { args: { readonly accountId?: string }; result: readonly AllowanceView[] };
  /** What an account's site lets an allowance do (one request the first time: which key table the site has). */
  'allowance:support': { args: { readonly accountId: string }; result: AllowanceSupport };
  /**
   * Sets a key's allowance (a new one, a change, or a stopped one started again). A new refill allowance refills at
   * once, for the current period; a changed one keeps this period's refill and uses the new amount from the next.
   */
  'allowance:set': { args: AllowanceSetArgs; result: AllowanceView };
  /** Removes a key's allowance and its history; the key keeps whatever quota it has. */
  'allowance:remove': {
    args: { readonly accountId: string; readonly keyId: number };
    result: readonly AllowanceView[];
  };
  /** Moves a key's allowance to this machine: from now on this one refills or caps it, and the others do not. */
  'allowance:runHere': { args: { readonly accountId: string; readonly keyId: number }; result: AllowanceView };
}

export const ALLOWANCE_CHANNELS: { readonly [C in keyof AllowanceInvokeMap]: true } = {
  'allowance:list': true,
  'allowance:support': true,
  'allowance:set': true,
  'allowance:remove': true,
  'allowance:runHere': true,
};

export interface AllowanceEventMap {
  /** An allowance changed (refilled, capped, stopped, failed): the key's drawer shows it as it happens. */
  'allowance:changed': AllowanceView;
}
export const ALLOWANCE_EVENTS: { readonly [E in keyof AllowanceEventMap]: true } = {
  'allowance:changed': true,
};
