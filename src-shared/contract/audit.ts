// The contract for the charge audit: each call in the site's usage log recomputed from its published prices, and
// reported per account and per key. Its types and channels. Amounts are quota units.

/** A ratio a call's log row recorded that is not the one the site publishes now. */
export interface RatioDifference {
  readonly name: 'model_ratio' | 'completion_ratio' | 'cache_ratio' | 'group_ratio' | 'model_price';
  readonly recorded: number;
  readonly published: number;
}

/** One call the audit lists: charged above its published price, or recorded with a ratio the site no longer shows. */
export interface AuditCall {
  /** Unix seconds. */
  readonly at: number;
  readonly keyName: string;
  readonly model: string;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cacheTokens: number;
  readonly chargedUnits: number;
  /** What the call costs at the prices published now. */
  readonly expectedUnits: number;
  /** What it costs at the ratios its own row recorded; null where the row records none. */
  readonly recordedUnits: number | null;
  readonly differences: readonly RatioDifference[];
}

/** Why a call could not be recomputed. */
export const AUDIT_SKIP_REASONS = [
  /** The site publishes no price for the model (or none this reader understands). */
  'model_unpriced',
  /** The model is billed by an expression, or the call carried tool, audio or realtime charges. */
  'not_recomputable',
  /** The group the call ran as is not known (today's rows do not say, and the key's group could not be found). */
  'group_unknown',
  /** The call used cached tokens and the site publishes no cache price for the model. */
  'cache_unpriced',
] as const;
export type AuditSkipReason = (typeof AUDIT_SKIP_REASONS)[number];

/** Totals of a set of calls (an account, or one key). */
export interface AuditTotals {
  /** Consume rows read in the window. */
  readonly calls: number;
  /** Calls recomputed. */
  readonly checked: number;
  /** Checked calls charged what the published price says (within the site's rounding). */
  readonly asPublished: number;
  /** Checked calls charged more, and by how much altogether. */
  readonly above: number;
  readonly aboveUnits: number;
  /** Checked calls charged less, and by how much altogether. */
  readonly below: number;
  readonly belowUnits: number;
  /** Calls whose row recorded a ratio different from the one published now. */
  readonly ratioDiffers: number;
  readonly skipped: Readonly<Partial<Record<AuditSkipReason, number>>>;
}

export interface AuditKeyLine extends AuditTotals {
  /** The key, where the rows say which (older new-api) or its name is unique; null otherwise. */
  readonly keyId: number | null;
  readonly keyName: string;
}

export interface AuditReport {
  readonly kind: 'report';
  readonly accountId: string;
  /** Unix seconds: the window read. */
  readonly since: number;
  readonly until: number;
  readonly totals: AuditTotals;
  /** Keys by their calls above the published price (units), then by calls. */
  readonly keys: readonly AuditKeyLine[];
  /** Calls charged above their published price or recorded with another ratio, newest first (the first 200). */
  readonly flagged: readonly AuditCall[];
  /** More calls were in the window than were read: the newest only are counted. */
  readonly isTruncated: boolean;
  /** `name`: the rows carry no key id (today's new-api, one-api): keys sharing a name are counted together. */
  readonly matchedBy: 'id' | 'name';
}

/**
 * Why no audit could be made, plainly: the site keeps no usage log Keydesk can read (`no_logs`), or publishes no
 * prices (`no_prices`); or the window holds no calls at all (`no_calls`: none made, or the site records none).
 */
export interface AuditUnavailable {
  readonly kind: 'unavailable';
  readonly accountId: string;
  readonly why: 'no_logs' | 'no_prices' | 'no_calls';
}

export type AuditOutcome = AuditReport | AuditUnavailable;

/** The windows the audit reads, in hours. */
export const AUDIT_WINDOWS_HOURS = [24, 168, 720] as const;
export type AuditWindowHours = (typeof AUDIT_WINDOWS_HOURS)[number];

/** Invoke channels of the charge audit. */
export interface AuditInvokeMap {
  /** Reads the account's calls in the window and the site's prices, and recomputes each call (read only). */
  'audit:run': { args: { readonly accountId: string; readonly windowHours: AuditWindowHours }; result: AuditOutcome };
}

export const AUDIT_CHANNELS: { readonly [C in keyof AuditInvokeMap]: true } = {
  'audit:run': true,
};
