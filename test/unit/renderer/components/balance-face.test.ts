// What a balance meter shows, as the plain function the sidebar rows and BalanceMeter share: unknown is "—" and never a
// zero, unlimited is the word (no fill), levels follow the thresholds (none without any), the fill keeps a sliver above
// zero, and the tooltip's details; in en-US and zh-CN.
import { describe, expect, it } from 'vitest';
import type { AppError, BalanceView, Language, Thresholds } from '../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../src-shared/units';
import { balanceDetails, balanceFace } from '../../../../src-renderer/src/components/balance-face';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { YUAN_UNITS as YUAN, balanceView } from '../account-fixtures';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const SET: Thresholds = { warnUnits: 10 * YUAN, criticalUnits: 2 * YUAN };
const NONE: Thresholds = { warnUnits: null, criticalUnits: null };

const balance = (over: Partial<BalanceView> = {}): BalanceView =>
  balanceView({ fetchedAt: NOW_MS - 5 * 60_000, ...over });

const translator = (lang: Language) => {
  const i18n = createAppI18n(lang).global;
  return {
    t: (key: string, named?: Record<string, unknown>) => i18n.t(key, named ?? {}),
    te: (key: string) => i18n.te(key),
  };
};
const en = translator('en-US');
const zh = translator('zh-CN');
const face = (b: BalanceView | null, thresholds: Thresholds | null = SET, lang: Language = 'en-US') =>
  balanceFace(lang === 'en-US' ? en.t : zh.t, { balance: b, money: SPEC_ACCOUNT_MONEY, thresholds, lang });

describe('balanceFace', () => {
  it('shows an unknown balance as "—" with the word Unknown and no fill, never as zero', () => {
    for (const b of [null, balance({ remainingUnits: null, level: 'unknown' })]) {
      const shown = face(b);
      expect(shown.remainingText).toBe('—');
      expect(shown.level).toBe('unknown');
      expect(shown.levelText).toBe('Unknown');
      expect(shown.isCompactLevelShown).toBe(true);
      expect(shown.fraction).toBeNull();
      expect(shown.fillPercent).toBe(0);
      expect(shown.valueText).toBe('— · Unknown');
    }
    // A stale flag on an unknown balance dims nothing: there is no value to be old.
    expect(face(balance({ remainingUnits: null, isStale: true, level: 'unknown' })).isStale).toBe(false);
    const zhUnknown = face(null, SET, 'zh-CN');
    expect([zhUnknown.remainingText, zhUnknown.levelText]).toEqual(['—', '未知']);
  });

  it('shows an unlimited balance as the word, with no fill, in both languages', () => {
    const unlimited = balance({ isUnlimited: true, remainingUnits: -1_250_000 });
    expect(face(unlimited)).toMatchObject({ remainingText: 'Unlimited', isUnlimited: true, fraction: null });
    expect(face(unlimited, SET, 'zh-CN').remainingText).toBe('无限');
  });

  it('writes the level the thresholds give: Low and Critical in the compact form, OK only in the full one', () => {
    const low = face(balance({ remainingUnits: 8 * YUAN, level: 'warn' }));
    expect(low).toMatchObject({ remainingText: '¥8.00', level: 'warn', levelText: 'Low', isCompactLevelShown: true });
    expect(low.valueText).toBe('¥8.00 · Low');
    expect(face(balance({ remainingUnits: YUAN, level: 'critical' }), SET, 'zh-CN')).toMatchObject({
      remainingText: '¥1.00',
      levelText: '告急',
      isCompactLevelShown: true,
    });
    const ok = face(balance());
    expect(ok).toMatchObject({ remainingText: '¥60.00', level: 'ok', levelText: 'OK', isCompactLevelShown: false });
  });

  it('stays neutral without thresholds: no OK word, nothing to be OK against', () => {
    const neutral = face(balance(), NONE);
    expect(neutral).toMatchObject({ level: 'none', levelText: '', isCompactLevelShown: false });
    expect(neutral.valueText).toBe('¥60.00');
    // Thresholds not known (null) are not "none set": main's level stands.
    expect(face(balance(), null).level).toBe('ok');
  });

  it('fills the share still left, keeping a sliver above zero and none at zero', () => {
    expect(face(balance()).fraction).toBeCloseTo(0.6);
    expect(face(balance()).fillPercent).toBeCloseTo(60);
    const sliver = face(balance({ remainingUnits: 1, usedUnits: 100 * YUAN }));
    expect(sliver.fillPercent).toBe(3);
    expect(face(balance({ remainingUnits: 0, usedUnits: 0 })).fillPercent).toBe(0);
    expect(face(balance({ isStale: true })).isStale).toBe(true);
  });
});

describe('balanceDetails', () => {
  const details = (b: BalanceView | null, lang: Language = 'en-US') =>
    balanceDetails(lang === 'en-US' ? en.t : zh.t, lang === 'en-US' ? en.te : zh.te, {
      balance: b,
      money: SPEC_ACCOUNT_MONEY,
      lang,
      nowMs: NOW_MS,
    });

  it('gives the exact units, what was used and the age at the clock read it is handed', () => {
    expect(details(balance())).toBe('30,000,000 units · Used ¥40.00 · Updated 5 min. ago');
    expect(details(balance(), 'zh-CN')).toBe('30,000,000 额度单位 · 已用 ¥40.00 · 更新于5分钟前');
  });

  it('says why a balance is unknown, or that it was not fetched yet', () => {
    expect(details(null)).toBe('Balance not known yet: it has not been fetched.');
    expect(details(null, 'zh-CN')).toBe('余额未知：尚未获取。');
    const error: AppError = { code: 'server' };
    const why = details(balance({ remainingUnits: null, level: 'unknown', error }));
    expect(why).toMatch(/^Balance unknown: \S/);
    expect(why).not.toContain('¥');
  });
});
