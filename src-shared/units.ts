// Quota units ↔ money, and money formatting: the ONLY module that divides quota. Shared by main and renderer
// (hence beside the contract): exact decimal arithmetic on bigint, rates as decimal strings, no float drift.
// Long because it is the one module that divides quota: parsing, exact arithmetic and formatting share one private
// decimal type, so no other file can compute money its own way.
import type { AccountMoney, QuotaDisplayType, SiteMoney } from './contract';

/** Spec 1 and new-api's default: 500,000 internal units per currency unit. */
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** Spec 4.6 and every new-api era: billing limits of an unlimited key read 100000000. */
const UNLIMITED_BILLING_MARKER = 100_000_000;

export type Locale = 'zh-CN' | 'en-US';

/** How an account shows money: the site's display type, divisor, rate and symbol (see SiteMoney). */
export type UnitSettings = SiteMoney;

/** A site that says nothing (no /api/status, or a spec server): the spec's ¥ at 500,000 units = ¥1. */
export const SPEC_MONEY: SiteMoney = {
  displayType: 'CNY',
  quotaPerUnit: DEFAULT_QUOTA_PER_UNIT,
  rate: '1',
  symbol: '¥',
  price: null,
};
export const DEFAULT_UNITS: UnitSettings = SPEC_MONEY;

/** An account whose site has not been read yet: the spec's yuan, which needs no rate. */
export const SPEC_ACCOUNT_MONEY: AccountMoney = {
  site: SPEC_MONEY,
  origin: 'spec',
  fetchedAt: null,
  yuanPerUsd: null,
  yuanRateSource: null,
};

// ---------------------------------------------------------------------------------------------------------------
// Exact decimals: value = n / 10^scale.

interface Decimal {
  readonly n: bigint;
  readonly scale: number;
}

const TEN = 10n;
const pow10 = (k: number): bigint => TEN ** BigInt(k);
const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** Rounds num/den half away from zero (Intl's default `halfExpand`, so renderer and main agree). */
function divHalfExpand(num: bigint, den: bigint): bigint {
  const sign = num < 0n !== den < 0n ? -1n : 1n;
  const a = abs(num);
  const b = abs(den);
  const q = a / b;
  return sign * (2n * (a % b) >= b ? q + 1n : q);
}

const DECIMAL_INPUT = /^([+-])?(\d+)?(?:\.(\d*))?$/;

function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL_INPUT.exec(text);
  if (!m) return undefined;
  const whole = m[2] ?? '';
  const frac = m[3] ?? '';
  if (whole === '' && frac === '') return undefined;
  const n = BigInt(`${whole || '0'}${frac}`);
  return { n: m[1] === '-' ? -n : n, scale: frac.length };
}

/** A JSON number as the decimal it was written as (JS prints the shortest round-tripping form). */
function numberToDecimal(x: number): Decimal {
  if (!Number.isFinite(x)) throw new RangeError(`Not a finite number: ${x}`);
  const [mantissa = '0', exponent = '0'] = x.toString().toLowerCase().split('e');
  const d = parseDecimal(mantissa);
  if (!d) throw new RangeError(`Unparseable number: ${x}`);
  // m × 10^e with m = n / 10^scale
  const shift = Number(exponent) - d.scale;
  return shift >= 0 ? { n: d.n * pow10(shift), scale: 0 } : { n: d.n, scale: -shift };
}

function decimalToString(d: Decimal): string {
  const negative = d.n < 0n;
  const digits = abs(d.n)
    .toString()
    .padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const frac = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  return `${negative && /[1-9]/.test(digits) ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A JSON number (a rate or price from a server) as its exact decimal string: 7.3 → "7.3", never 7.29999…. */
export function jsonNumberToDecimalString(x: number): string {
  return decimalToString(numberToDecimal(x));
}

const POSITIVE_DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A rate the user typed or a site sent: a positive decimal ("7.3", "0.85"); undefined for anything else. */
export function parsePositiveRate(text: string): string | undefined {
  const trimmed = text.trim();
  if (!POSITIVE_DECIMAL.test(trimmed)) return undefined;
  const d = parseDecimal(trimmed);
  return d && d.n > 0n ? decimalToString(d) : undefined;
}

function rateOf(text: string): Decimal {
  const d = parseDecimal(text);
  // A SiteMoney is built from checked rates; a broken one must not turn into a zero divisor.
  return d && d.n > 0n ? d : { n: 1n, scale: 0 };
}

function toSafeNumber(x: bigint): number {
  const n = Number(x);
  if (!Number.isSafeInteger(n)) throw new RangeError('Quota out of the safe integer range');
  return n;
}

/** Digits kept when a division does not end (a rate of 7.3, a divisor other than 500,000). */
const MAX_SCALE = 12;

/** num / den as a decimal with MAX_SCALE places, rounded half away from zero. */
const ratio = (num: bigint, den: bigint): Decimal => ({
  n: divHalfExpand(num * pow10(MAX_SCALE), den),
  scale: MAX_SCALE,
});

function checkUnits(units: number): bigint {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Units must be a safe integer: ${units}`);
  return BigInt(units);
}

// ---------------------------------------------------------------------------------------------------------------
// Units → amounts

/**
 * The amount the site's console shows for a number of units, in its own currency: units ÷ quota_per_unit × rate
 * (USD rate 1, CNY usd_exchange_rate, CUSTOM its own rate); TOKENS shows the units themselves.
 */
function siteAmount(units: number, settings: UnitSettings): Decimal {
  const u = checkUnits(units);
  if (settings.displayType === 'TOKENS') return { n: u, scale: 0 };
  const rate = rateOf(settings.rate);
  return ratio(u * rate.n, BigInt(settings.quotaPerUnit) * pow10(rate.scale));
}

/**
 * The site amount as an exact decimal string ("1234.5", "-0.000002"), no grouping: the form for inputs. Exact
 * whenever the division ends within 12 places (500,000 at rate 1 always does); otherwise rounded at 12 places.
 */
export function unitsToDecimalString(units: number, settings: UnitSettings = DEFAULT_UNITS): string {
  return decimalToString(siteAmount(units, settings));
}

/** A float for meters and charts only; never for arithmetic that is stored or compared for alerts. */
export const unitsToNumber = (units: number, settings: UnitSettings = DEFAULT_UNITS): number =>
  Number(unitsToDecimalString(units, settings));

/** Whether the site's own currency is the yuan (a CNY site, or one that says nothing). */
const showsYuan = (settings: UnitSettings): boolean => settings.displayType === 'CNY';

/**
 * What the units cost in yuan, as an exact decimal string: the amount itself on a yuan site; otherwise
 * units ÷ quota_per_unit × the yuan rate in force (the site's price or the user's). undefined when that rate is
 * unknown — never a guess.
 */
export function unitsToYuan(units: number, money: AccountMoney): string | undefined {
  if (showsYuan(money.site)) return unitsToDecimalString(units, money.site);
  if (money.yuanPerUsd === null) return undefined;
  const rate = rateOf(money.yuanPerUsd);
  return decimalToString(ratio(checkUnits(units) * rate.n, BigInt(money.site.quotaPerUnit) * pow10(rate.scale)));
}

/** Sums exact decimal strings (yuan amounts) without floats. */
function sumDecimalStrings(values: readonly string[]): string {
  let total: Decimal = { n: 0n, scale: 0 };
  for (const text of values) {
    const d = parseDecimal(text);
    if (!d) throw new RangeError(`Not a decimal: ${text}`);
    const scale = Math.max(total.scale, d.scale);
    total = { n: total.n * pow10(scale - total.scale) + d.n * pow10(scale - d.scale), scale };
  }
  return decimalToString(total);
}

// ---------------------------------------------------------------------------------------------------------------
// User input → units

export type ParseUnitsResult =
  | { readonly ok: true; readonly units: number; readonly isRounded?: true }
  | { readonly ok: false; readonly reason: 'format' | 'precision' | 'range'; readonly message: string };

/**
 * Converts an amount typed in the account's currency ("12.5", "$1,234.000002") to integer units. Where one unit
 * has an exact decimal (rate 1, a divisor like 500,000), every whole number of units can be typed exactly, so an
 * amount finer than one unit is refused rather than silently rounded: a quota the user did not type is a quota
 * they did not mean. Where the rate makes exactness impossible (¥1 at 7.3 per US$ is 68,493.15… units) it is
 * rounded to the nearest unit, half away from zero, and says so (`isRounded`). TOKENS amounts are whole units.
 */
export function parseAmountToUnits(input: string, settings: UnitSettings = DEFAULT_UNITS): ParseUnitsResult {
  let cleaned = input.trim();
  for (const symbol of [settings.symbol.trim(), '¥', '$']) {
    if (symbol !== '' && cleaned.startsWith(symbol)) {
      cleaned = cleaned.slice(symbol.length).trim();
      break;
    }
  }
  cleaned = cleaned.replace(/,(?=\d{3}(\D|$))/g, '');
  const d = parseDecimal(cleaned);
  if (!d) return { ok: false, reason: 'format', message: `"${input}" is not a number.` };
  const rate = settings.displayType === 'TOKENS' ? { n: 1n, scale: 0 } : rateOf(settings.rate);
  const perUnit = settings.displayType === 'TOKENS' ? 1n : BigInt(settings.quotaPerUnit);
  // units = amount × quota_per_unit ÷ rate = (d.n × qpu × 10^rate.scale) / (10^d.scale × rate.n)
  const num = d.n * perUnit * pow10(rate.scale);
  const den = pow10(d.scale) * rate.n;
  const isExact = num % den === 0n;
  // One unit has an exact decimal only for a rate of 1 and a divisor made of 2s and 5s (500,000 is).
  const isUnitExact = rate.n === pow10(rate.scale) && terminates(perUnit);
  if (!isExact && isUnitExact) {
    return {
      ok: false,
      reason: 'precision',
      message: `Amounts go in steps of ${formatUnits(1, 'en-US', settings)}: "${input}" is finer than that.`,
    };
  }
  const units = Number(divHalfExpand(num, den));
  if (!Number.isSafeInteger(units)) return { ok: false, reason: 'range', message: `"${input}" is too large.` };
  return isExact ? { ok: true, units } : { ok: true, units, isRounded: true };
}

function terminates(divisor: bigint): boolean {
  let d = divisor;
  while (d % 2n === 0n) d /= 2n;
  while (d % 5n === 0n) d /= 5n;
  return d === 1n;
}

// ---------------------------------------------------------------------------------------------------------------
// Server values → units

/** A quota as the UI needs it: unlimited is its own kind, never a huge number; unknown is never zero. */
export type QuotaValue = { readonly kind: 'unlimited' } | { readonly kind: 'limited'; readonly units: number };

/**
 * A billing amount (new-api controller/billing.go) back to units. The billing endpoints answer in the site's
 * display type: USD and CUSTOM = units ÷ quota_per_unit (billing.go has no CUSTOM case), CNY = that ×
 * usd_exchange_rate, TOKENS = the units. The float the server sent is read as the decimal it printed, then
 * rounded to whole units (the server's own float division is not exact either).
 */
function billingAmountToUnits(d: Decimal, settings: UnitSettings, hundredths: boolean): number {
  const extra = hundredths ? 100n : 1n;
  if (settings.displayType === 'TOKENS') return toSafeNumber(divHalfExpand(d.n, pow10(d.scale) * extra));
  const perUnit = BigInt(settings.quotaPerUnit);
  if (settings.displayType === 'CNY') {
    const rate = rateOf(settings.rate);
    return toSafeNumber(divHalfExpand(d.n * perUnit * pow10(rate.scale), pow10(d.scale) * rate.n * extra));
  }
  return toSafeNumber(divHalfExpand(d.n * perUnit, pow10(d.scale) * extra));
}

/** A billing limit field to units; 100000000 is the unlimited marker in every display type. */
export function billingLimitToQuota(value: number, settings: UnitSettings = DEFAULT_UNITS): QuotaValue {
  if (value === UNLIMITED_BILLING_MARKER) return { kind: 'unlimited' };
  return { kind: 'limited', units: billingAmountToUnits(numberToDecimal(value), settings, false) };
}

/** Billing `total_usage` is the display-type amount × 100. */
export function totalUsageToUnits(totalUsage: number, settings: UnitSettings = DEFAULT_UNITS): number {
  return billingAmountToUnits(numberToDecimal(totalUsage), settings, true);
}

/** Remaining = hard limit − usage (new-api-compat: the limits are the total granted). */
export function billingRemaining(hardLimit: number, totalUsage: number, settings = DEFAULT_UNITS): QuotaValue {
  const limit = billingLimitToQuota(hardLimit, settings);
  if (limit.kind === 'unlimited') return limit;
  return { kind: 'limited', units: limit.units - totalUsageToUnits(totalUsage, settings) };
}

/** A key's remaining quota: an unlimited key's remain_quota is ignored and may be negative (spec 2.1). */
export const keyRemaining = (remainQuota: number, isUnlimited: boolean): QuotaValue =>
  isUnlimited ? { kind: 'unlimited' } : { kind: 'limited', units: remainQuota };

// ---------------------------------------------------------------------------------------------------------------
// Formatting

const GROUP = ',';
const POINT = '.';
const WORDS: Readonly<Record<Locale, { unlimited: string; unknown: string; tokens: string }>> = {
  'zh-CN': { unlimited: '无限', unknown: '—', tokens: 'tokens' },
  'en-US': { unlimited: 'Unlimited', unknown: '—', tokens: 'tokens' },
};

/** Places shown for ordinary amounts; non-zero amounts below one cent show enough digits to stay non-zero. */
const DISPLAY_PLACES = 2;
/** Significant digits kept below one cent where the amount does not end (units at a rate of 7.3). */
const SMALL_DIGITS = 2;

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+$)/g, GROUP);

/**
 * A decimal amount with a symbol: "¥1,234.56", "-$0.50", and below one cent enough decimals to stay non-zero
 * ("¥0.000002" is one unit at the spec's rate). Rounding: half away from zero, as Intl.NumberFormat does.
 */
function formatAmount(exact: Decimal, symbol: string): string {
  let places = DISPLAY_PLACES;
  const isBelowCent = exact.n !== 0n && abs(exact.n) * 100n < pow10(exact.scale);
  if (isBelowCent) {
    // The first significant digit's place, then a little more: exact amounts keep their digits, endless ones stop.
    const leadingZeros = exact.scale - abs(exact.n).toString().length;
    places = Math.min(exact.scale, Math.max(DISPLAY_PLACES + 1, leadingZeros + SMALL_DIGITS));
  }
  const rounded = roundTo(exact, places);
  const digits = abs(rounded.n)
    .toString()
    .padStart(places + 1, '0');
  const whole = group(digits.slice(0, digits.length - places));
  let frac = digits.slice(digits.length - places);
  // Small amounts show only the digits they need ("0.000002", not "0.0000020").
  if (places > DISPLAY_PLACES) frac = frac.replace(/0+$/, '');
  return `${rounded.n < 0n ? '-' : ''}${symbol}${whole}${frac ? `${POINT}${frac}` : ''}`;
}

function roundTo(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return { n: d.n * pow10(places - d.scale), scale: places };
  return { n: divHalfExpand(d.n, pow10(d.scale - places)), scale: places };
}

/**
 * Units as the site's console shows them: "$12.34" (USD), "¥90.08" (CNY, or a site that says nothing),
 * "12,345 tokens" (TOKENS: the console shows the raw count), "T1.50" (CUSTOM, its own symbol).
 */
export function formatUnits(units: number, locale: Locale, settings: UnitSettings = DEFAULT_UNITS): string {
  if (settings.displayType === 'TOKENS') {
    const u = checkUnits(units);
    return `${u < 0n ? '-' : ''}${group(abs(u).toString())} ${WORDS[locale].tokens}`;
  }
  return formatAmount(siteAmount(units, settings), settings.symbol);
}

/** A yuan amount (an exact decimal string, e.g. a total) formatted as "¥1,234.56". */
export function formatYuanAmount(yuan: string): string {
  const d = parseDecimal(yuan);
  if (!d) throw new RangeError(`Not a decimal: ${yuan}`);
  return formatAmount(d, '¥');
}

/** The yuan the units cost, formatted; undefined on a yuan site (nothing to add) or when the rate is unknown. */
export function formatYuanBeside(units: number, money: AccountMoney): string | undefined {
  if (showsYuan(money.site)) return undefined;
  const yuan = unitsToYuan(units, money);
  return yuan === undefined ? undefined : formatYuanAmount(yuan);
}

/** "$12.34 ≈ ¥90.08" where the site's currency is not yuan and the rate is known; else the site amount alone. */
export function formatMoney(units: number, locale: Locale, money: AccountMoney): string {
  const site = formatUnits(units, locale, money.site);
  const yuan = formatYuanBeside(units, money);
  return yuan === undefined ? site : `${site} ≈ ${yuan}`;
}

/** A quota for display: the unlimited word, the amount, or "—" for unknown (never ¥0.00). */
export function formatQuota(value: QuotaValue | undefined, locale: Locale, settings = DEFAULT_UNITS): string {
  if (value === undefined) return WORDS[locale].unknown;
  return value.kind === 'unlimited' ? WORDS[locale].unlimited : formatUnits(value.units, locale, settings);
}

/** Like formatQuota, with the yuan beside a non-yuan amount. */
export function formatQuotaMoney(value: QuotaValue | undefined, locale: Locale, money: AccountMoney): string {
  if (value === undefined || value.kind === 'unlimited') return formatQuota(value, locale, money.site);
  return formatMoney(value.units, locale, money);
}

// ---------------------------------------------------------------------------------------------------------------
// Totals across accounts

export interface YuanTotal {
  /** Exact decimal string of yuan; "0" when nothing could be added. */
  readonly yuan: string;
  /** How many balances were added. */
  readonly counted: number;
  /** Ids of accounts left out because their yuan rate is unknown (never dollars added to yuan). */
  readonly excluded: readonly string[];
}

/** Sums balances in yuan, each at its own account's rate; accounts without a known rate are left out and named. */
export function totalInYuan(items: readonly { id: string; units: number; money: AccountMoney }[]): YuanTotal {
  const parts: string[] = [];
  const excluded: string[] = [];
  for (const item of items) {
    const yuan = unitsToYuan(item.units, item.money);
    if (yuan === undefined) excluded.push(item.id);
    else parts.push(yuan);
  }
  return { yuan: sumDecimalStrings(parts), counted: parts.length, excluded };
}

export interface AccountsTotal extends YuanTotal {
  /** Ids of accounts whose balance is unknown (never read, or failed): not added, never counted as zero. */
  readonly unknown: readonly string[];
  /** Yuan spent per day across the counted accounts that have a spend rate; null when none has one. */
  readonly yuanPerDay: number | null;
  /** ≈ days the money of the accounts with a spend rate lasts at that rate; null without a rate or when flat. */
  readonly daysLeft: number | null;
  /** Counted accounts without a spend rate yet (too little history): outside yuanPerDay and daysLeft. */
  readonly withoutRate: number;
}

/**
 * The total across accounts for the sidebar and the tray: balances summed in yuan each at its own rate (unknown
 * balances and unknown rates left out and named, unlimited ones not counted), the spend rate across them and a
 * days-left estimate. Rates are floats: they feed a sentence, never stored amounts.
 */
export function accountsTotal(
  items: readonly {
    id: string;
    units: number | null;
    isUnlimited: boolean;
    money: AccountMoney;
    spendPerDayUnits: number | null;
  }[],
): AccountsTotal {
  const unknown = items.filter((i) => !i.isUnlimited && i.units === null).map((i) => i.id);
  const known = items.flatMap((i) => (i.isUnlimited || i.units === null ? [] : [{ ...i, units: i.units }]));
  const total = totalInYuan(known);
  let yuanPerDay: number | null = null;
  let covered = 0;
  let withoutRate = 0;
  for (const item of known) {
    if (total.excluded.includes(item.id)) continue;
    const spent =
      item.spendPerDayUnits === null ? undefined : unitsToYuan(Math.round(item.spendPerDayUnits), item.money);
    const balance = unitsToYuan(item.units, item.money);
    if (spent === undefined || balance === undefined) {
      withoutRate++;
      continue;
    }
    yuanPerDay = (yuanPerDay ?? 0) + Number(spent);
    covered += Number(balance);
  }
  const daysLeft =
    yuanPerDay === null || yuanPerDay <= 0 ? null : Math.round((Math.max(covered, 0) / yuanPerDay) * 10) / 10;
  return { ...total, unknown, yuanPerDay, daysLeft, withoutRate };
}

/** "$ at ¥7.30 (site price)"-style facts for a total's tooltip: the symbol, the rate and where it came from. */
export function describeRate(
  money: AccountMoney,
):
  | { kind: 'yuan' }
  | { kind: 'rate'; symbol: string; yuanPerUsd: string; source: 'site_price' | 'user' }
  | { kind: 'unknown' } {
  if (showsYuan(money.site)) return { kind: 'yuan' };
  if (money.yuanPerUsd === null || money.yuanRateSource === null) return { kind: 'unknown' };
  const symbol = money.site.displayType === 'TOKENS' ? 'tokens' : money.site.symbol;
  return { kind: 'rate', symbol, yuanPerUsd: money.yuanPerUsd, source: money.yuanRateSource };
}

/** The yuan rate in force: the user's own wins over the site's top-up price; none when neither is known. */
export function resolveYuanRate(
  site: SiteMoney,
  userYuanPerUsd: string | null,
): { yuanPerUsd: string; source: 'site_price' | 'user' } | null {
  if (userYuanPerUsd !== null) return { yuanPerUsd: userYuanPerUsd, source: 'user' };
  if (site.price !== null) return { yuanPerUsd: site.price, source: 'site_price' };
  return null;
}

export type { QuotaDisplayType };
