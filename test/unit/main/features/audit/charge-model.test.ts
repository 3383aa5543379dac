// What a call should cost, recomputed as new-api computes it: per-call and per-token prices, cached and cache-written
// tokens (OpenAI's and Claude's usage), the group ratio, exact decimals, the rounding band and the 1-unit minimum.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectedCharge,
  publishedTerms,
  type CallTokens,
  type PriceTerms,
} from '../../../../../src-main/features/audit/charge-model';
import { ceil, decimalOf, floor, roundHalfAway } from '../../../../../src-main/features/audit/exact-decimal';

const tokens = (over: Partial<CallTokens> = {}): CallTokens => ({
  promptTokens: 1000,
  completionTokens: 100,
  cacheTokens: 0,
  cacheWriteTokens: 0,
  cacheWrite5mTokens: 0,
  cacheWrite1hTokens: 0,
  isClaude: false,
  ...over,
});
const perToken = (over: Partial<Extract<PriceTerms, { kind: 'per_token' }>> = {}): PriceTerms => ({
  kind: 'per_token',
  modelRatio: 0.075,
  completionRatio: 4,
  cacheRatio: 0.1,
  cacheWriteRatio: 1.25,
  ...over,
});
const units = (terms: PriceTerms, group: number, t: CallTokens) => {
  const e = expectedCharge(terms, group, t);
  if (e.kind !== 'known') throw new Error(`unknown: ${e.why}`);
  return e;
};

describe('expected charge', () => {
  it('a per-call price: model_price × quota per unit × group ratio, whatever the tokens', () => {
    const terms: PriceTerms = { kind: 'per_call', modelPrice: 0.003, quotaPerUnit: 500_000 };
    expect(units(terms, 1.5, tokens())).toMatchObject({ units: 2250, lowUnits: 2250, highUnits: 2250 });
    expect(units(terms, 1, tokens({ promptTokens: 0, completionTokens: 0 })).units).toBe(1500);
  });

  it('a per-token price: (prompt − cached + cached × cache + completion × completion) × model × group', () => {
    // (1000 − 200 + 200 × 0.1 + 100 × 4) × 0.075 × 1.5 = 137.25
    expect(units(perToken(), 1.5, tokens({ cacheTokens: 200 }))).toMatchObject({
      units: 137,
      lowUnits: 137,
      highUnits: 137,
    });
  });

  it('Claude’s usage does not subtract cached tokens (its prompt count already leaves them out)', () => {
    // (1000 + 200 × 0.1 + 100 × 4) × 0.075 = 106.5
    expect(units(perToken(), 1, tokens({ cacheTokens: 200, isClaude: true })).units).toBe(107);
  });

  it('cache writes: OpenAI’s usage subtracts them; Claude’s five-minute and one-hour writes at 1× and 1.6×', () => {
    // (1000 − 100 + 100 × 1.25 + 400) × 0.075 = 106.875
    expect(units(perToken(), 1, tokens({ cacheWriteTokens: 100 })).units).toBe(107);
    // (1000 + 100 × 1.25 + 100 × 1.25 × 1.6 + 400) × 0.075 = 129.375
    const claude = tokens({ isClaude: true, cacheWriteTokens: 200, cacheWrite5mTokens: 100, cacheWrite1hTokens: 100 });
    expect(units(perToken(), 1, claude).units).toBe(129);
  });

  it('the prompt base never goes below 0 when cached and written tokens overlap it', () => {
    // base clamps to 0: (0 + 900 × 0.1 + 900 × 1.25 + 0) × 0.075 = 91.125
    const t = tokens({ promptTokens: 1000, completionTokens: 0, cacheTokens: 900, cacheWriteTokens: 900 });
    expect(units(perToken(), 1, t).units).toBe(91);
  });

  it('cached tokens without a published cache price cannot be recomputed', () => {
    expect(expectedCharge(perToken({ cacheRatio: null }), 1, tokens({ cacheTokens: 1 }))).toEqual({
      kind: 'unknown',
      why: 'cache_unpriced',
    });
    expect(expectedCharge(perToken({ cacheRatio: null }), 1, tokens()).kind).toBe('known');
  });

  it('at least 1 unit where the ratio is not 0; nothing for a call without tokens or a free group', () => {
    expect(units(perToken(), 1, tokens({ promptTokens: 2, completionTokens: 0 }))).toMatchObject({
      units: 1,
      lowUnits: 1,
    });
    expect(units(perToken(), 1, tokens({ promptTokens: 0, completionTokens: 0 })).highUnits).toBe(0);
    expect(units(perToken(), 0, tokens()).highUnits).toBe(0);
  });

  it('works in exact decimals: 30 × 0.075 is 2.25, 50 × 0.075 is 3.75, never their binary neighbours', () => {
    expect(units(perToken(), 1, tokens({ promptTokens: 30, completionTokens: 0 })).units).toBe(2);
    expect(units(perToken(), 1, tokens({ promptTokens: 50, completionTokens: 0 })).units).toBe(4);
    // 0.1 + 0.2 is 0.3 here: a float sum would put 3 × 0.1 a hair above 0.3.
    expect(
      units(perToken({ modelRatio: 0.1, completionRatio: 2 }), 1, tokens({ promptTokens: 1, completionTokens: 1 })),
    ).toMatchObject({ lowUnits: 1, highUnits: 1 });
  });

  it('the band runs from the truncated to the rounded charge', () => {
    // 106.875: truncated 106, rounded 107; 137.25: both 137.
    expect(units(perToken(), 1, tokens({ cacheWriteTokens: 100 }))).toMatchObject({ lowUnits: 106, highUnits: 107 });
  });

  it('floor, ceiling and rounding agree with the numbers they stand for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 4 }), (n, e) => {
        const d = { n: BigInt(n), e };
        const value = n / 10 ** e;
        expect(floor(d)).toBe(Math.floor(value));
        expect(ceil(d)).toBe(Math.ceil(value));
        expect(roundHalfAway(d)).toBeGreaterThanOrEqual(floor(d));
        expect(roundHalfAway(d)).toBeLessThanOrEqual(ceil(d));
      }),
    );
    expect(roundHalfAway(decimalOf(2.5))).toBe(3);
    expect(roundHalfAway(decimalOf(-2.5))).toBe(-3);
    expect(decimalOf(1e-7)).toEqual({ n: 1n, e: 7 });
    expect(decimalOf(1.5e21)).toEqual({ n: 1_500_000_000_000_000_000_000n, e: 0 });
  });
});

describe('published terms', () => {
  it('read what each kind of price needs; an expression or a missing ratio cannot be used', () => {
    expect(publishedTerms({ kind: 'per_call', model: 'm', modelPrice: 0.01 }, 500_000)).toEqual({
      kind: 'per_call',
      modelPrice: 0.01,
      quotaPerUnit: 500_000,
    });
    expect(publishedTerms({ kind: 'per_call', model: 'm', modelPrice: null }, 500_000)).toBeNull();
    expect(
      publishedTerms(
        {
          kind: 'per_token',
          model: 'm',
          modelRatio: 2,
          completionRatio: null,
          cacheRatio: null,
          createCacheRatio: null,
        },
        500_000,
      ),
    ).toMatchObject({ modelRatio: 2, completionRatio: 1, cacheRatio: null });
    expect(publishedTerms({ kind: 'other', model: 'm' }, 500_000)).toBeNull();
  });
});
