// The charge audit's arithmetic: each consume row of the usage log recomputed at the prices the site publishes now
// (charge-model.ts), compared with what it was charged and with the ratios its own row recorded, and summed per
// account and per key. Pure: the rows, the prices and the keys' groups come in, the report goes out.
import type {
  AuditCall,
  AuditKeyLine,
  AuditReport,
  AuditSkipReason,
  AuditTotals,
  RatioDifference,
} from '../../../src-shared/contract';
import type { PricingListing, PublishedPrice } from '../../gateway/model-listing';
import type { RecordedPrice, UsageLogRead, UsageLogRow } from '../../gateway/usage-logs';
import { expectedCharge, publishedTerms, type CallTokens, type PriceTerms } from './charge-model';

/** The most flagged calls the report lists (newest first); the totals count them all. */
export const MAX_FLAGGED = 200;
/** Two ratios are the same when they differ by less than this share (both sides print floats). */
const SAME = 1e-9;

export interface KeyGroups {
  /** The group each key name calls as, where the name is one key's (or all its keys share a group); '' = default. */
  readonly groupOfName: ReadonlyMap<string, string>;
  /** The key's id per name, where exactly one key has the name. */
  readonly idOfName: ReadonlyMap<string, number>;
  /** The account's own group: what '' means. Null when it could not be read. */
  readonly accountGroup: string | null;
}

export interface AuditInput {
  readonly accountId: string;
  readonly since: number;
  readonly until: number;
  readonly read: UsageLogRead;
  readonly pricing: PricingListing;
  readonly quotaPerUnit: number;
  readonly keys: KeyGroups;
}

type Outcome =
  | { readonly kind: 'skipped'; readonly why: AuditSkipReason }
  | {
      readonly kind: 'checked';
      readonly verdict: 'as_published' | 'above' | 'below';
      readonly call: AuditCall;
    };

const EMPTY_TOTALS = (): Mutable<AuditTotals> => ({
  calls: 0,
  checked: 0,
  asPublished: 0,
  above: 0,
  aboveUnits: 0,
  below: 0,
  belowUnits: 0,
  ratioDiffers: 0,
  skipped: {},
});

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function auditReport(input: AuditInput): AuditReport {
  const prices = new Map(input.pricing.prices.map((p) => [p.model, p]));
  const hasIds = input.read.rows.some((r) => r.token_id !== undefined && r.token_id > 0);
  const totals = EMPTY_TOTALS();
  const lines = new Map<string, Mutable<AuditKeyLine>>();
  const flagged: AuditCall[] = [];
  for (const row of input.read.rows) {
    const lineKey = hasIds ? `id:${String(row.token_id ?? 0)}` : `name:${row.token_name}`;
    let line = lines.get(lineKey);
    if (line === undefined) {
      const keyId = hasIds ? (row.token_id ?? null) : (input.keys.idOfName.get(row.token_name) ?? null);
      line = { ...EMPTY_TOTALS(), keyId: keyId === 0 ? null : keyId, keyName: row.token_name };
      lines.set(lineKey, line);
    }
    const outcome = auditRow(row, prices, input);
    for (const t of [totals, line]) count(t, outcome);
    if (outcome.kind === 'checked' && (outcome.verdict === 'above' || outcome.call.differences.length > 0)) {
      flagged.push(outcome.call);
    }
  }
  const keys = [...lines.values()].sort(
    (a, b) => b.aboveUnits - a.aboveUnits || b.calls - a.calls || a.keyName.localeCompare(b.keyName),
  );
  return {
    kind: 'report',
    accountId: input.accountId,
    since: input.since,
    until: input.until,
    totals,
    keys,
    flagged: flagged.sort((a, b) => b.at - a.at).slice(0, MAX_FLAGGED),
    isTruncated: input.read.isTruncated,
    matchedBy: hasIds ? 'id' : 'name',
  };
}

function count(t: Mutable<AuditTotals>, outcome: Outcome): void {
  t.calls += 1;
  if (outcome.kind === 'skipped') {
    t.skipped = { ...t.skipped, [outcome.why]: (t.skipped[outcome.why] ?? 0) + 1 };
    return;
  }
  t.checked += 1;
  const { call, verdict } = outcome;
  if (call.differences.length > 0) t.ratioDiffers += 1;
  if (verdict === 'as_published') t.asPublished += 1;
  else if (verdict === 'above') {
    t.above += 1;
    t.aboveUnits += call.chargedUnits - call.expectedUnits;
  } else {
    t.below += 1;
    t.belowUnits += call.expectedUnits - call.chargedUnits;
  }
}

/** Marks in `other` of billing this audit cannot recompute: an expression, tool surcharges, audio, realtime. */
const isBeyondText = (o: RecordedPrice | null | undefined): boolean =>
  o != null &&
  ((o.billing_mode !== undefined && o.billing_mode !== '') ||
    (o.tool_surcharges !== undefined && o.tool_surcharges.length > 0) ||
    o.audio === true ||
    o.ws === true);

function auditRow(row: UsageLogRow, prices: ReadonlyMap<string, PublishedPrice>, input: AuditInput): Outcome {
  const recorded = row.other ?? null;
  if (isBeyondText(recorded)) return { kind: 'skipped', why: 'not_recomputable' };
  const price = prices.get(row.model_name);
  if (price === undefined) return { kind: 'skipped', why: 'model_unpriced' };
  if (price.kind === 'other') return { kind: 'skipped', why: 'not_recomputable' };
  const terms = publishedTerms(price, input.quotaPerUnit);
  if (terms === null) return { kind: 'skipped', why: 'model_unpriced' };
  const groupRatio = publishedGroupRatio(row, input);
  if (groupRatio === null) return { kind: 'skipped', why: 'group_unknown' };
  const tokens = tokensOf(row, recorded);
  const expected = expectedCharge(terms, groupRatio, tokens);
  if (expected.kind === 'unknown') return { kind: 'skipped', why: expected.why };
  const recordedTerms = recorded === null ? null : termsRecorded(recorded, terms, input.quotaPerUnit);
  const recordedExpected =
    recordedTerms === null || recorded?.group_ratio === undefined
      ? null
      : expectedCharge(recordedTerms, recorded.group_ratio, tokens);
  const charged = row.quota;
  const verdict =
    charged > expected.highUnits ? 'above' : charged < expected.lowUnits ? 'below' : ('as_published' as const);
  return {
    kind: 'checked',
    verdict,
    call: {
      at: row.created_at,
      keyName: row.token_name,
      model: row.model_name,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
      cacheTokens: tokens.cacheTokens,
      chargedUnits: charged,
      // What "by how much" is measured from: the published figure, or the edge of its rounding band it passed.
      expectedUnits:
        verdict === 'above' ? expected.highUnits : verdict === 'below' ? expected.lowUnits : expected.units,
      recordedUnits: recordedExpected?.kind === 'known' ? recordedExpected.units : null,
      differences: recorded === null ? [] : differencesOf(recorded, terms, groupRatio, tokens),
    },
  };
}

/** The ratio of the group the call ran as, as published: the row's group, else its key's, else the account's. */
function publishedGroupRatio(row: UsageLogRow, input: AuditInput): number | null {
  const ratios = input.pricing.groupRatios;
  if (ratios === null) return null;
  let group = row.group ?? input.keys.groupOfName.get(row.token_name);
  if (group === undefined) return null;
  if (group === '') group = input.keys.accountGroup ?? '';
  // 'auto' picks a group per call, and today's rows do not say which.
  if (group === '' || group === 'auto') return null;
  return Object.hasOwn(ratios, group) ? (ratios[group] ?? null) : null;
}

function tokensOf(row: UsageLogRow, o: RecordedPrice | null): CallTokens {
  return {
    promptTokens: row.prompt_tokens,
    completionTokens: row.completion_tokens,
    cacheTokens: o?.cache_tokens ?? 0,
    cacheWriteTokens: o?.cache_creation_tokens ?? 0,
    cacheWrite5mTokens: o?.cache_creation_tokens_5m ?? 0,
    cacheWrite1hTokens: o?.cache_creation_tokens_1h ?? 0,
    isClaude: o?.claude === true,
  };
}

/** The terms the row says it was charged at, where it says all of them; null otherwise. */
function termsRecorded(o: RecordedPrice, published: PriceTerms, quotaPerUnit: number): PriceTerms | null {
  if (published.kind === 'per_call') {
    return o.model_price === undefined || o.model_price < 0
      ? null
      : { kind: 'per_call', modelPrice: o.model_price, quotaPerUnit };
  }
  if (o.model_ratio === undefined || o.completion_ratio === undefined) return null;
  return {
    kind: 'per_token',
    modelRatio: o.model_ratio,
    completionRatio: o.completion_ratio,
    cacheRatio: o.cache_ratio ?? published.cacheRatio,
    cacheWriteRatio: o.cache_creation_ratio ?? published.cacheWriteRatio,
  };
}

const differs = (a: number, b: number): boolean => Math.abs(a - b) > SAME * Math.max(1, Math.abs(a), Math.abs(b));

/** The recorded ratios that are not the published ones (only those the call's price depends on). */
function differencesOf(
  o: RecordedPrice,
  published: PriceTerms,
  groupRatio: number,
  tokens: CallTokens,
): RatioDifference[] {
  const out: RatioDifference[] = [];
  const check = (name: RatioDifference['name'], recorded: number | undefined, value: number | null) => {
    if (recorded !== undefined && recorded >= 0 && value !== null && differs(recorded, value)) {
      out.push({ name, recorded, published: value });
    }
  };
  if (published.kind === 'per_call') {
    check('model_price', o.model_price, published.modelPrice);
  } else {
    check('model_ratio', o.model_ratio, published.modelRatio);
    check('completion_ratio', o.completion_ratio, published.completionRatio);
    if (tokens.cacheTokens > 0) check('cache_ratio', o.cache_ratio, published.cacheRatio);
  }
  check('group_ratio', o.group_ratio, groupRatio);
  return out;
}
