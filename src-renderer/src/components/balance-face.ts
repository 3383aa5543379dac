// What a balance meter shows, as plain values: the amount, the level and its word, the bar's fill, and the details
// its tooltip gives. BalanceMeter draws them; the sidebar's account rows draw the compact form in their own template.
import type { AccountMoney, AppError, BalanceView, Language, Thresholds } from '../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY, formatMoney, formatUnits, unitsToNumber } from '../../../src-shared/units';
import { ageText } from '../composables/use-now';
import { errorSentence } from './error-text';

type Translate = (key: string, named?: Record<string, unknown>) => string;

/** `none`: main says "ok", but the account has no thresholds, so there is nothing to be OK against. */
export type FaceLevel = BalanceView['level'] | 'none';

export interface BalanceFace {
  /** The amount, "Unlimited", or "—" when unknown (never a zero). */
  readonly remainingText: string;
  /** Drawn as a chip, not as a number. */
  readonly isUnlimited: boolean;
  readonly level: FaceLevel;
  /** Empty for `none`. */
  readonly levelText: string;
  /** Whether the compact form writes the level: not for `none`, and not "OK" (the sidebar says only what needs care). */
  readonly isCompactLevelShown: boolean;
  /** Share of remaining + used still left, 0…1; null (no fill) when unknown or unlimited. */
  readonly fraction: number | null;
  /** The fill's width in percent: a sliver stays visible above zero. */
  readonly fillPercent: number;
  readonly isStale: boolean;
  /** The bar's aria-valuetext: the amount and the level's word. */
  readonly valueText: string;
}

export interface FaceInput {
  readonly balance: BalanceView | null;
  readonly money: AccountMoney | null;
  readonly thresholds: Thresholds | null;
  readonly lang: Language;
}

const isUnknownBalance = (b: BalanceView | null): boolean => !b || (!b.isUnlimited && b.remainingUnits === null);

/** What the meter shows for a balance, in the language `t` writes. */
export function balanceFace(t: Translate, { balance, money, thresholds, lang }: FaceInput): BalanceFace {
  const isUnknown = isUnknownBalance(balance);
  const hasNoThresholds = thresholds != null && thresholds.warnUnits === null && thresholds.criticalUnits === null;
  const reported = isUnknown ? 'unknown' : (balance?.level ?? 'unknown');
  const level: FaceLevel = reported === 'ok' && hasNoThresholds ? 'none' : reported;
  const levelText = level === 'none' ? '' : t(`quota.levels.${level}`);
  const accountMoney = money ?? SPEC_ACCOUNT_MONEY;
  let remainingText = '—';
  if (balance && !isUnknown)
    remainingText = balance.isUnlimited
      ? t('quota.unlimited')
      : formatMoney(balance.remainingUnits ?? 0, lang, accountMoney);
  let fraction: number | null = null;
  if (balance && !balance.isUnlimited && balance.remainingUnits !== null) {
    const remaining = Math.max(0, unitsToNumber(balance.remainingUnits, accountMoney.site));
    const total = remaining + Math.max(0, unitsToNumber(balance.usedUnits ?? 0, accountMoney.site));
    fraction = total > 0 ? remaining / total : 0;
  }
  return {
    remainingText,
    isUnlimited: balance?.isUnlimited === true,
    level,
    levelText,
    isCompactLevelShown: level !== 'none' && level !== 'ok',
    fraction,
    fillPercent: fraction === null ? 0 : Math.max(fraction * 100, fraction > 0 ? 3 : 0),
    isStale: balance?.isStale === true && !isUnknown,
    valueText: levelText === '' ? remainingText : `${remainingText} · ${levelText}`,
  };
}

/** The theme colour (a --kd-* variable's name) of a level: red, amber, green, or the quiet text colour. */
/** How the meter is announced (role meter, 0–100, the amount and level in words), wherever it is drawn. */
export function meterAria(face: BalanceFace, label: string): Record<string, string | number | undefined> {
  return {
    role: 'meter',
    'aria-label': label,
    'aria-valuetext': face.valueText,
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': face.fraction === null ? undefined : Math.round(face.fraction * 100),
  };
}

export const LEVEL_COLOUR_VARS: Readonly<Record<FaceLevel, string>> = {
  critical: '--kd-error',
  warn: '--kd-warning',
  ok: '--kd-success',
  unknown: '--kd-text-3',
  none: '--kd-text-3',
};

/** "Used ¥12.00" in the site's currency (with the yuan beside it where that is not yuan); null when unknown. */
export function usedText(t: Translate, balance: BalanceView | null, money: AccountMoney | null, lang: Language) {
  const used = balance?.usedUnits;
  return used === null || used === undefined
    ? null
    : t('quota.used', { amount: formatMoney(used, lang, money ?? SPEC_ACCOUNT_MONEY) });
}

/**
 * The meter's tooltip: exact units, used, the soft limit, the value's age at `nowMs` and a failed last refresh; for an
 * unknown balance, why it is unknown (the whole reason: which address refused, which certificate).
 */
export function balanceDetails(
  t: Translate,
  te: (key: string) => boolean,
  input: Omit<FaceInput, 'thresholds'> & { readonly nowMs: number },
): string {
  const { balance: b, money, lang, nowMs } = input;
  const reason = (error: AppError): string => errorSentence(t, te, error);
  if (!b || isUnknownBalance(b)) {
    return b?.error ? t('quota.unknownBecause', { reason: reason(b.error) }) : t('quota.notFetchedYet');
  }
  const site = (money ?? SPEC_ACCOUNT_MONEY).site;
  const parts: string[] = [];
  if (b.remainingUnits !== null && !b.isUnlimited)
    parts.push(t('quota.exactUnits', { units: b.remainingUnits.toLocaleString(lang) }));
  const used = usedText(t, b, money, lang);
  if (used) parts.push(used);
  if (b.softLimitUnits !== null)
    parts.push(t('quota.softLimit', { amount: formatUnits(b.softLimitUnits, lang, site) }));
  if (b.fetchedAt !== null) parts.push(t('quota.updated', { age: ageText(b.fetchedAt, nowMs, lang) }));
  if (b.error) parts.push(t('quota.lastRefreshFailed', { reason: reason(b.error) }));
  return parts.join(' · ');
}
