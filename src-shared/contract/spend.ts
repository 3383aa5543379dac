// The contract for per-key spend: which accounts have their keys' spend tracked, each key's daily cap,
// and the top spenders over the last hour and day. Its types and channels.

/** One key's spend over the last hour and day, in quota units; null where the reads do not cover the window. */
export interface KeySpendView {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly keyId: number;
  readonly keyName: string;
  readonly lastHourUnits: number | null;
  readonly lastDayUnits: number | null;
}

/** What the user set: the accounts whose keys are listed every 5 minutes, and caps per key per day. */
export interface SpendSettings {
  readonly trackedAccountIds: readonly string[];
  /** accountId → keyId → cap in quota units per day. */
  readonly dailyCaps: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** A key's reads over the last 24 hours, for its chart: used quota in units, null where a read failed (a gap). */
export interface KeySpendHistory {
  /** False when the key's account is not tracked: there is nothing to draw. */
  readonly isTracked: boolean;
  /**
   * [epoch ms, used quota units or null], oldest first; a third element `1` closes a run of equal reads (every pass
   * since the entry before read that value), which is drawn joined however long it lasts.
   */
  readonly reads: readonly (readonly [number, number | null] | readonly [number, number, 1])[];
}

/** Invoke channels of per-key spend. */
export interface SpendInvokeMap {
  'spend:settings': { args: undefined; result: SpendSettings };
  /** Turns "Track spending per key" on or off for a password or access-token account. */
  'spend:setTracking': { args: { readonly accountId: string; readonly isTracking: boolean }; result: SpendSettings };
  /** A key's cap per day in quota units (null removes it). */
  'spend:setDailyCap': {
    args: { readonly accountId: string; readonly keyId: number; readonly capUnits: number | null };
    result: SpendSettings;
  };
  /** One key's reads of the last 24 hours (its chart in the key's details). */
  'spend:keyHistory': { args: { readonly accountId: string; readonly keyId: number }; result: KeySpendHistory };
  /** Tracked keys by spend in the last hour, most first (unknown last); one account or all. */
  'spend:top': { args: { readonly accountId?: string; readonly limit?: number }; result: readonly KeySpendView[] };
}

export const SPEND_CHANNELS: { readonly [C in keyof SpendInvokeMap]: true } = {
  'spend:settings': true,
  'spend:setTracking': true,
  'spend:setDailyCap': true,
  'spend:top': true,
  'spend:keyHistory': true,
};
