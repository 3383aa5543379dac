// What one text call should cost, recomputed as new-api computes it. Read in QuantumNous/new-api:
// service/text_quota.go @ 00899e66 (calculateTextQuotaSummary): a per-call price costs model_price × QuotaPerUnit ×
// group ratio; a per-token price costs (prompt − cached − cache-written + cached × cache ratio + cache-written ×
// cache-write ratio + completion × completion ratio) × model ratio × group ratio, the prompt base never below 0 and,
// with Claude's usage (prompt tokens already without the cached ones), nothing subtracted; at least 1 unit where the
// ratio is not 0 and the call had tokens, 0 when it had none. relay/helper/price.go @ 00a1c00a: a one-hour cache
// write costs 6 / 3.75 of the five-minute one. The sites round half away from zero (common.QuotaFromDecimalChecked);
// some builds truncated instead (decimal.IntPart), so either of the two charges is as published.
import type { PublishedPrice } from '../../gateway/model-listing';
import {
  ZERO,
  decimalOf,
  floor,
  isNegative,
  isZero,
  minus,
  plus,
  roundHalfAway,
  times,
  type Decimal,
} from './exact-decimal';

/** One call's tokens, as its log row records them. */
export interface CallTokens {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cacheTokens: number;
  readonly cacheWriteTokens: number;
  readonly cacheWrite5mTokens: number;
  readonly cacheWrite1hTokens: number;
  /** Claude's usage: prompt tokens exclude the cached ones. */
  readonly isClaude: boolean;
}

/** The prices a call is recomputed with: published ones, or the ones its row recorded. */
export type PriceTerms =
  | { readonly kind: 'per_call'; readonly modelPrice: number; readonly quotaPerUnit: number }
  | {
      readonly kind: 'per_token';
      readonly modelRatio: number;
      readonly completionRatio: number;
      /** null: no cache price known (then a call with cached or cache-written tokens cannot be recomputed). */
      readonly cacheRatio: number | null;
      readonly cacheWriteRatio: number | null;
    };

export type Expected =
  | {
      readonly kind: 'known';
      /** The figure rounded as today's sites round it, and the charges a site's rounding can make of it. */
      readonly units: number;
      readonly lowUnits: number;
      readonly highUnits: number;
    }
  | { readonly kind: 'unknown'; readonly why: 'cache_unpriced' };

const CACHE_1H_FACTOR: Decimal = { n: 16n, e: 1 }; // 6 / 3.75 = 1.6

export function expectedCharge(terms: PriceTerms, groupRatio: number, tokens: CallTokens): Expected {
  const group = decimalOf(groupRatio);
  if (terms.kind === 'per_call') {
    return known(times(times(decimalOf(terms.modelPrice), decimalOf(terms.quotaPerUnit)), group), false);
  }
  const usesCache = tokens.cacheTokens > 0;
  const writesCache = tokens.cacheWriteTokens > 0 || tokens.cacheWrite5mTokens > 0 || tokens.cacheWrite1hTokens > 0;
  if ((usesCache && terms.cacheRatio === null) || (writesCache && terms.cacheWriteRatio === null)) {
    return { kind: 'unknown', why: 'cache_unpriced' };
  }
  const cacheRatio = decimalOf(terms.cacheRatio ?? 0);
  const writeRatio = decimalOf(terms.cacheWriteRatio ?? 0);
  let base = decimalOf(tokens.promptTokens);
  let cached = ZERO;
  let written = ZERO;
  if (usesCache) {
    if (!tokens.isClaude) base = minus(base, decimalOf(tokens.cacheTokens));
    cached = times(decimalOf(tokens.cacheTokens), cacheRatio);
  }
  if (writesCache) {
    if (!tokens.isClaude) {
      base = minus(base, decimalOf(tokens.cacheWriteTokens));
      written = times(decimalOf(tokens.cacheWriteTokens), writeRatio);
    } else {
      const rest = Math.max(tokens.cacheWriteTokens - tokens.cacheWrite5mTokens - tokens.cacheWrite1hTokens, 0);
      written = plus(
        plus(times(decimalOf(rest), writeRatio), times(decimalOf(tokens.cacheWrite5mTokens), writeRatio)),
        times(decimalOf(tokens.cacheWrite1hTokens), times(writeRatio, CACHE_1H_FACTOR)),
      );
    }
  }
  if (isNegative(base)) base = ZERO;
  const prompt = plus(plus(base, cached), written);
  const completion = times(decimalOf(tokens.completionTokens), decimalOf(terms.completionRatio));
  const ratio = times(decimalOf(terms.modelRatio), group);
  const exact = times(plus(prompt, completion), ratio);
  const hasTokens = tokens.promptTokens + tokens.completionTokens > 0;
  if (!hasTokens) return { kind: 'known', units: 0, lowUnits: 0, highUnits: 0 };
  return known(exact, !isZero(ratio));
}

/** The figure and its band (truncated to rounded); a call with a non-zero ratio never costs less than 1. */
function known(exact: Decimal, hasMinimum: boolean): Expected {
  let units = roundHalfAway(exact);
  let lowUnits = floor(exact);
  let highUnits = units;
  if (hasMinimum) {
    units = Math.max(units, 1);
    lowUnits = Math.max(lowUnits, 1);
    highUnits = Math.max(highUnits, 1);
  }
  return { kind: 'known', units, lowUnits, highUnits };
}

/** A published price as terms to recompute with; null when it lacks what the recomputation needs. */
export function publishedTerms(price: PublishedPrice, quotaPerUnit: number): PriceTerms | null {
  switch (price.kind) {
    case 'per_call':
      return price.modelPrice === null ? null : { kind: 'per_call', modelPrice: price.modelPrice, quotaPerUnit };
    case 'per_token':
      if (price.modelRatio === null) return null;
      return {
        kind: 'per_token',
        modelRatio: price.modelRatio,
        // A token-priced model without a published completion ratio is billed at 1 (GetCompletionRatio's default).
        completionRatio: price.completionRatio ?? 1,
        cacheRatio: price.cacheRatio,
        cacheWriteRatio: price.createCacheRatio,
      };
    case 'other':
      return null;
  }
}
