// The total across accounts: yuan at each account's rate, unknown balances and unknown rates left out and named
// (never zero), unlimited balances not counted, the spend rate across accounts and the days left at that rate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountMoney } from '../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY, accountsTotal } from '../../../src-shared/units';

/** A US$ site at the default 500,000 units per US$, topped up at ¥7 per US$ (so 500,000 units = ¥7). */
const USD_AT_7: AccountMoney = {
  site: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7' },
  origin: 'site',
  fetchedAt: 1,
  yuanPerUsd: '7',
  yuanRateSource: 'site_price',
};
/** A US$ site with no top-up price and no rate set by the user: its yuan are unknown. */
const USD_NO_RATE: AccountMoney = {
  ...USD_AT_7,
  site: { ...USD_AT_7.site, price: null },
  yuanPerUsd: null,
  yuanRateSource: null,
};

const item = (
  id: string,
  units: number | null,
  money: AccountMoney = SPEC_ACCOUNT_MONEY,
  spendPerDayUnits: number | null = null,
  isUnlimited = false,
) => ({ id, units, money, spendPerDayUnits, isUnlimited });

describe('accountsTotal', () => {
  it('adds yuan at each rate, and names unknown balances and unknown rates instead of counting them as zero', () => {
    const total = accountsTotal([
      item('cny', 5_000_000), // ¥10
      item('usd', 1_000_000, USD_AT_7), // $2 at ¥7 = ¥14
      item('norate', 1_000_000, USD_NO_RATE),
      item('unread', null),
      item('unlimited', null, SPEC_ACCOUNT_MONEY, null, true),
    ]);
    expect(total.yuan).toBe('24');
    expect(total.counted).toBe(2);
    expect(total.excluded).toEqual(['norate']);
    expect(total.unknown).toEqual(['unread']);
  });

  it('sums spend rates in yuan and says how long the money of those accounts lasts', () => {
    const total = accountsTotal([
      item('cny', 5_000_000, SPEC_ACCOUNT_MONEY, 500_000), // ¥10, ¥1 a day
      item('usd', 1_000_000, USD_AT_7, 50_000), // ¥14, ¥0.70 a day
      item('young', 5_000_000), // ¥10, no rate yet
    ]);
    expect(total.yuanPerDay).toBeCloseTo(1.7, 10);
    expect(total.daysLeft).toBe(14.1); // ¥24 / ¥1.70
    expect(total.withoutRate).toBe(1);
    expect(total.yuan).toBe('34');
  });

  it('has no rate and no days left without history, and no days left when nothing is spent', () => {
    const none = accountsTotal([item('a', 5_000_000)]);
    expect(none.yuanPerDay).toBeNull();
    expect(none.daysLeft).toBeNull();
    const flat = accountsTotal([item('a', 5_000_000, SPEC_ACCOUNT_MONEY, 0)]);
    expect(flat.yuanPerDay).toBe(0);
    expect(flat.daysLeft).toBeNull();
  });

  it('never counts an unknown balance or rate, whatever the mix (property)', () => {
    const arb = fc.array(
      fc.record({
        id: fc.uuid(),
        units: fc.option(fc.integer({ min: -10_000_000, max: 10_000_000_000 }), { nil: null }),
        money: fc.constantFrom(SPEC_ACCOUNT_MONEY, USD_AT_7, USD_NO_RATE),
        spendPerDayUnits: fc.option(fc.double({ min: 0, max: 10 ** 8, noNaN: true }), { nil: null }),
        isUnlimited: fc.boolean(),
      }),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(arb, (items) => {
        const total = accountsTotal(items);
        const limited = items.filter((i) => !i.isUnlimited);
        expect(total.unknown).toEqual(limited.filter((i) => i.units === null).map((i) => i.id));
        expect(total.excluded).toEqual(
          limited.filter((i) => i.units !== null && i.money === USD_NO_RATE).map((i) => i.id),
        );
        expect(total.counted + total.excluded.length + total.unknown.length).toBe(limited.length);
        if (total.daysLeft !== null) expect(total.daysLeft).toBeGreaterThanOrEqual(0);
        if (total.counted === 0) expect(total.yuanPerDay).toBeNull();
      }),
    );
  });
});
