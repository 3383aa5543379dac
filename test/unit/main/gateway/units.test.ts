import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UNITS,
  billingLimitToQuota,
  billingRemaining,
  formatQuota,
  formatUnits,
  keyRemaining,
  parseAmountToUnits,
  totalUsageToUnits,
  unitsToDecimalString,
} from '../../../../src-main/gateway/units';

const MAX = Number.MAX_SAFE_INTEGER;
const units = fc.integer({ min: -1e15, max: 1e15 });

describe('amount input → units', () => {
  it('converts yuan strings exactly', () => {
    expect(parseAmountToUnits('1')).toEqual({ ok: true, units: 500_000 });
    expect(parseAmountToUnits('0.000002')).toEqual({ ok: true, units: 1 });
    expect(parseAmountToUnits('1,234.56')).toEqual({ ok: true, units: 617_280_000 });
    expect(parseAmountToUnits('¥0.1')).toEqual({ ok: true, units: 50_000 });
    expect(parseAmountToUnits('0.30')).toEqual({ ok: true, units: 150_000 });
    expect(parseAmountToUnits('-2.5')).toEqual({ ok: true, units: -1_250_000 });
    expect(parseAmountToUnits('12.0000000')).toEqual({ ok: true, units: 6_000_000 });
  });

  it('refuses more precision than one unit instead of rounding', () => {
    const r = parseAmountToUnits('0.000001');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.reason).toBe('precision');
    expect(r.ok ? '' : r.message).toContain('¥0.000002');
    expect(parseAmountToUnits('1.0000003').ok).toBe(false);
  });

  it('refuses text that is not a number, and amounts beyond the safe range', () => {
    for (const bad of ['', 'abc', '1.2.3', '1e5', '--1', '.']) expect(parseAmountToUnits(bad).ok).toBe(false);
    const huge = parseAmountToUnits('99999999999999999999');
    expect(huge.ok ? '' : huge.reason).toBe('range');
  });

  it('round-trips every whole number of units through its decimal string (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX, max: MAX }), (u) => {
        expect(parseAmountToUnits(unitsToDecimalString(u))).toEqual({ ok: true, units: u });
      }),
    );
  });

  it('matches exact rational arithmetic for any decimal with up to 6 places', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }), (n, scale) => {
        const text = n.toString().padStart(scale + 1, '0');
        const decimal = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
        const numerator = n * 500_000n;
        const denominator = 10n ** BigInt(scale);
        const r = parseAmountToUnits(decimal);
        if (numerator % denominator === 0n && numerator / denominator <= BigInt(MAX)) {
          expect(r).toEqual({ ok: true, units: Number(numerator / denominator) });
        } else {
          expect(r.ok).toBe(false);
        }
      }),
    );
  });

  it("uses the site's divisor", () => {
    const small = { ...DEFAULT_UNITS, quotaPerUnit: 1000 };
    expect(parseAmountToUnits('1.5', small)).toEqual({ ok: true, units: 1500 });
    expect(parseAmountToUnits('0.0005', small).ok).toBe(false);
  });
});

describe('server values → units', () => {
  it('reads 100000000 as unlimited, not as a balance', () => {
    expect(billingLimitToQuota(100_000_000)).toEqual({ kind: 'unlimited' });
    expect(billingRemaining(100_000_000, 12.5)).toEqual({ kind: 'unlimited' });
  });

  it('reads billing limits (yuan) and total_usage (hundredths of a yuan) without drift', () => {
    expect(billingLimitToQuota(10)).toEqual({ kind: 'limited', units: 5_000_000 });
    expect(billingLimitToQuota(0.000002)).toEqual({ kind: 'limited', units: 1 });
    expect(billingLimitToQuota(1e-6 * 2)).toEqual({ kind: 'limited', units: 1 });
    expect(totalUsageToUnits(150)).toBe(750_000);
    expect(totalUsageToUnits(0.0002)).toBe(1);
    expect(billingRemaining(10, 150)).toEqual({ kind: 'limited', units: 4_250_000 });
  });

  it('recovers the units the server divided in floating point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (u) => {
        expect(totalUsageToUnits((u / 500_000) * 100)).toBe(u);
        expect(billingLimitToQuota(u / 500_000)).toEqual(
          u === 50_000_000_000_000 ? { kind: 'unlimited' } : { kind: 'limited', units: u },
        );
      }),
    );
  });

  it('treats an unlimited key as unlimited even with a negative remain_quota', () => {
    expect(keyRemaining(-123_456, true)).toEqual({ kind: 'unlimited' });
    expect(keyRemaining(0, false)).toEqual({ kind: 'limited', units: 0 });
  });
});

describe('formatting', () => {
  it('formats yuan with grouping and two places in both languages', () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      expect(formatUnits(617_280_000, locale)).toBe('¥1,234.56');
      expect(formatUnits(0, locale)).toBe('¥0.00');
      expect(formatUnits(-250_000, locale)).toBe('-¥0.50');
      expect(formatUnits(500_000 * 1_000_000, locale)).toBe('¥1,000,000.00');
    }
  });

  it('shows amounts below ¥0.01 with enough places to be non-zero', () => {
    expect(formatUnits(1, 'en-US')).toBe('¥0.000002');
    expect(formatUnits(2_500, 'en-US')).toBe('¥0.005');
    expect(formatUnits(-3, 'zh-CN')).toBe('-¥0.000006');
  });

  it('rounds half away from zero, like Intl', () => {
    expect(formatUnits(2_502_500, 'en-US')).toBe('¥5.01'); // 5.005
    expect(formatUnits(-2_502_500, 'en-US')).toBe('-¥5.01');
    expect(formatUnits(2_502_499, 'en-US')).toBe('¥5.00');
  });

  it('never shows a non-zero amount as zero, and agrees with Intl on ordinary amounts', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(units, (u) => {
        const text = formatUnits(u, 'en-US');
        if (u !== 0) expect(text).not.toMatch(/^-?¥0\.0+$/);
        if (Math.abs(u) >= 5_000) {
          const intlText = intl.format(unitsToDecimalString(u) as unknown as number);
          expect(text).toBe(u < 0 ? `-¥${intlText.slice(1)}` : `¥${intlText}`);
        }
      }),
    );
  });

  it('shows unlimited as a word and unknown as a dash, never as a number', () => {
    expect(formatQuota({ kind: 'unlimited' }, 'en-US')).toBe('Unlimited');
    expect(formatQuota({ kind: 'unlimited' }, 'zh-CN')).toBe('无限');
    expect(formatQuota(undefined, 'en-US')).toBe('—');
    expect(formatQuota({ kind: 'limited', units: 500_000 }, 'en-US', DEFAULT_UNITS)).toBe('¥1.00');
    expect(
      formatQuota({ kind: 'limited', units: 500_000 }, 'en-US', { ...DEFAULT_UNITS, displayType: 'USD', symbol: '$' }),
    ).toBe('$1.00');
  });
});
