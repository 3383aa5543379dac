// Money as each kind of site shows it: amounts per display type, yuan beside them, totals, typed amounts and
// billing answers read back per display type — exact, with property tests against float drift.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountMoney, SiteMoney } from '../../../../src-shared/contract';
import {
  SPEC_ACCOUNT_MONEY,
  billingLimitToQuota,
  formatMoney,
  formatUnits,
  parseAmountToUnits,
  parsePositiveRate,
  totalInYuan,
  totalUsageToUnits,
  unitsToDecimalString,
  unitsToYuan,
} from '../../../../src-main/gateway/units';

const USD: SiteMoney = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' };
const CNY: SiteMoney = { displayType: 'CNY', quotaPerUnit: 500_000, rate: '7.3', symbol: '¥', price: '7.3' };
const TOKENS: SiteMoney = { displayType: 'TOKENS', quotaPerUnit: 500_000, rate: '1', symbol: '', price: null };
const CUSTOM: SiteMoney = { displayType: 'CUSTOM', quotaPerUnit: 500_000, rate: '0.85', symbol: '€', price: '1' };

const money = (site: SiteMoney, yuanPerUsd: string | null = site.price): AccountMoney => ({
  site,
  origin: 'site',
  fetchedAt: 0,
  yuanPerUsd,
  yuanRateSource: yuanPerUsd === null ? null : 'site_price',
});

const MAX = Number.MAX_SAFE_INTEGER;

describe('amounts as the site console shows them', () => {
  it('shows 500,000 units as US$1 on a default new-api site, ¥7.30 on a CNY site, the count on a TOKENS site', () => {
    expect(formatUnits(500_000, 'en-US', USD)).toBe('$1.00');
    expect(formatUnits(500_000, 'en-US', CNY)).toBe('¥7.30');
    expect(formatUnits(12_345, 'en-US', TOKENS)).toBe('12,345 tokens');
    expect(formatUnits(500_000, 'zh-CN', CUSTOM)).toBe('€0.85');
    // The spec's site that says nothing: 500,000 units = ¥1.
    expect(formatUnits(500_000, 'en-US')).toBe('¥1.00');
  });

  it('keeps amounts below one cent non-zero at a rate that does not divide evenly', () => {
    expect(formatUnits(1, 'en-US', CNY)).toBe('¥0.000015'); // 0.0000146
    expect(formatUnits(1, 'en-US', USD)).toBe('$0.000002');
  });

  it('shows the yuan it cost beside a non-yuan amount, at the site price or the user rate', () => {
    expect(formatMoney(617_000, 'en-US', money(USD))).toBe('$1.23 ≈ ¥9.01');
    expect(formatMoney(500_000, 'en-US', money(USD, '0.85'))).toBe('$1.00 ≈ ¥0.85');
    // A yuan site needs nothing beside; an unknown rate shows the site amount alone, never a guess.
    expect(formatMoney(500_000, 'en-US', money(CNY))).toBe('¥7.30');
    expect(formatMoney(500_000, 'en-US', money(USD, null))).toBe('$1.00');
    expect(formatMoney(500_000, 'en-US', money(TOKENS, '7.3'))).toBe('500,000 tokens ≈ ¥7.30');
  });

  it('totals in yuan by each account’s rate and leaves out accounts whose rate is unknown', () => {
    const total = totalInYuan([
      { id: 'a', units: 500_000, money: money(USD) }, // ¥7.3
      { id: 'b', units: 500_000, money: SPEC_ACCOUNT_MONEY }, // ¥1
      { id: 'c', units: 500_000, money: money(CNY) }, // ¥7.3
      { id: 'd', units: 500_000, money: money(USD, null) }, // unknown
    ]);
    expect(total).toEqual({ yuan: '15.6', counted: 3, excluded: ['d'] });
  });

  it('adds yuan exactly: the total of many small balances equals the balance of their sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { maxLength: 20 }), (parts) => {
        const m = money(USD, '7.3');
        const sum = parts.reduce((a, b) => a + b, 0);
        // 7.3 / 500,000 ends within 12 places, so each part is exact and so is the sum.
        expect(totalInYuan(parts.map((units, i) => ({ id: String(i), units, money: m }))).yuan).toBe(
          unitsToYuan(sum, m),
        );
      }),
    );
  });
});

describe('typed amounts in the account currency → units', () => {
  it('converts dollars exactly and rounds yuan at 7.3 per US$ to the nearest unit, saying so', () => {
    expect(parseAmountToUnits('$1.5', USD)).toEqual({ ok: true, units: 750_000 });
    expect(parseAmountToUnits('7.3', CNY)).toEqual({ ok: true, units: 500_000 });
    expect(parseAmountToUnits('1', CNY)).toEqual({ ok: true, units: 68_493, isRounded: true });
    expect(parseAmountToUnits('1,234', TOKENS)).toEqual({ ok: true, units: 1234 });
    expect(parseAmountToUnits('1.5', TOKENS).ok).toBe(false);
    expect(parseAmountToUnits('€0.85', CUSTOM)).toEqual({ ok: true, units: 500_000 });
  });

  it('round-trips every whole number of units through the amount shown in any display type', () => {
    const sites = fc.constantFrom(USD, CNY, TOKENS, CUSTOM, { ...CNY, rate: '6.9831' }, { ...USD, quotaPerUnit: 7 });
    fc.assert(
      fc.property(sites, fc.integer({ min: -MAX, max: MAX }), (site, u) => {
        const back = parseAmountToUnits(unitsToDecimalString(u, site), site);
        expect(back.ok && back.units).toBe(u);
      }),
    );
  });

  it('accepts any positive decimal as a rate and nothing else', () => {
    expect(parsePositiveRate('7.30')).toBe('7.3');
    expect(parsePositiveRate('0.85')).toBe('0.85');
    for (const bad of ['0', '-1', 'abc', '', '1e3', '0.000']) expect(parsePositiveRate(bad)).toBeUndefined();
  });
});

describe('billing answers read by display type', () => {
  it('reads limits: USD and CUSTOM as dollars, CNY as yuan at the site rate, TOKENS as units', () => {
    expect(billingLimitToQuota(10, USD)).toEqual({ kind: 'limited', units: 5_000_000 });
    expect(billingLimitToQuota(73, CNY)).toEqual({ kind: 'limited', units: 5_000_000 });
    expect(billingLimitToQuota(10, CUSTOM)).toEqual({ kind: 'limited', units: 5_000_000 });
    expect(billingLimitToQuota(5_000_000, TOKENS)).toEqual({ kind: 'limited', units: 5_000_000 });
    for (const site of [USD, CNY, CUSTOM, TOKENS]) {
      expect(billingLimitToQuota(100_000_000, site)).toEqual({ kind: 'unlimited' });
    }
  });

  it('recovers the units a CNY site divided and multiplied in floating point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), (u) => {
        const amount = (u / 500_000) * 7.3;
        if (amount === 100_000_000) return;
        expect(billingLimitToQuota(amount, CNY)).toEqual({ kind: 'limited', units: u });
        expect(totalUsageToUnits(amount * 100, CNY)).toBe(u);
        expect(totalUsageToUnits(u * 100, TOKENS)).toBe(u);
      }),
    );
  });
});
