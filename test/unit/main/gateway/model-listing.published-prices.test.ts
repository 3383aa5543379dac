// What /api/pricing publishes about each model's price, read per era's shape, and what a usage-log row recorded of
// the price it was charged at (`other`: an object today, a JSON string before, absent on one-api).
import { describe, expect, it } from 'vitest';
import { pricingSchema, toSitePricing } from '../../../../src-main/gateway/model-listing';
import { usageLogSchema } from '../../../../src-main/gateway/usage-logs';

const listing = (data: unknown[], extra: Record<string, unknown> = {}) =>
  toSitePricing(pricingSchema.parse({ success: true, data, ...extra }));

describe('published prices', () => {
  it('a per-call price, a per-token price with its cache ratios, an expression, and the group ratios', () => {
    const read = listing(
      [
        { model_name: 'a', quota_type: 1, model_price: 0.003, model_ratio: 0, completion_ratio: 0 },
        { model_name: 'b', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, cache_ratio: 0.1 },
        { model_name: 'c', quota_type: 0, model_ratio: 1, billing_mode: 'tiered_expr', billing_expr: 'p * 2' },
      ],
      { group_ratio: { default: 1, vip: 1.5 } },
    );
    expect(read.prices).toEqual([
      { kind: 'per_call', model: 'a', modelPrice: 0.003 },
      {
        kind: 'per_token',
        model: 'b',
        modelRatio: 0.075,
        completionRatio: 4,
        cacheRatio: 0.1,
        createCacheRatio: null,
      },
      { kind: 'other', model: 'c' },
    ]);
    expect(read.groupRatios).toEqual({ default: 1, vip: 1.5 });
    // The listing the Models page reads is unchanged by the prices beside it.
    expect(read.models.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('an odd price field leaves that price unknown, never the listing unreadable', () => {
    const read = listing(
      [
        { model_name: 'a', quota_type: 1, model_price: 'free' },
        { model_name: 'b', quota_type: 7 },
        { model_name: 'c', quota_type: 0, model_ratio: -3, completion_ratio: 1e12 },
      ],
      { group_ratio: { default: 'one' } },
    );
    expect(read.prices).toEqual([
      { kind: 'per_call', model: 'a', modelPrice: null },
      { kind: 'other', model: 'b' },
      {
        kind: 'per_token',
        model: 'c',
        modelRatio: null,
        completionRatio: null,
        cacheRatio: null,
        createCacheRatio: null,
      },
    ]);
    expect(read.groupRatios).toBeNull();
  });
});

describe('recorded prices in a usage-log row', () => {
  const base = { created_at: 1, type: 2, token_name: 'k', model_name: 'm', quota: 10 };

  it('reads today’s object and older eras’ JSON string alike; one-api’s rows have none', () => {
    const recorded = { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1.5, cache_tokens: 20, model_price: -1 };
    expect(usageLogSchema.parse({ ...base, other: recorded }).other).toMatchObject(recorded);
    expect(usageLogSchema.parse({ ...base, other: JSON.stringify(recorded), group: 'vip' })).toMatchObject({
      other: recorded,
      group: 'vip',
    });
    expect(usageLogSchema.parse(base).other).toBeUndefined();
  });

  it('what cannot be read is unknown: a broken string, a huge one, odd fields; the row itself still reads', () => {
    expect(usageLogSchema.parse({ ...base, other: '{"model_ratio":' }).other).toBeNull();
    expect(usageLogSchema.parse({ ...base, other: 'x'.repeat(40_000) }).other).toBeNull();
    expect(usageLogSchema.parse({ ...base, other: [1, 2] }).other).toBeNull();
    const odd = usageLogSchema.parse({ ...base, other: { model_ratio: 'high', cache_tokens: -5, claude: true } });
    expect(odd.other).toEqual({ claude: true });
    expect(odd.quota).toBe(10);
  });

  it('keeps the marks of billing an audit cannot recompute', () => {
    const other = { billing_mode: 'tiered_expr', tool_surcharges: [{ name: 'web_search', count: 1 }], audio: true };
    expect(usageLogSchema.parse({ ...base, other }).other).toMatchObject(other);
  });
});
