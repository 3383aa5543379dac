// Quota units ↔ money, and money formatting: the ONLY module that divides quota. Shared by main and renderer
// (hence beside the contract): exact decimal arithmetic on bigint, no float drift, no Node imports.

/** Spec 1: 500,000 internal units = ¥1. */
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** Spec 4.6: billing limits of an unlimited key read 100000000. */
export const UNLIMITED_BILLING_MARKER = 100_000_000;

export type Locale = 'zh-CN' | 'en-US';

/** How an account shows money. The spec fixes ¥ and 500,000; a site may say otherwise (`/api/status`). */
export interface UnitSettings {
  /** Internal units per one currency unit; a positive integer. */
  readonly quotaPerUnit: number;
  /** ISO code or a site's own label; only the symbol is shown. */
  readonly currency: string;
  readonly symbol: string;
}

export const DEFAULT_UNITS: UnitSettings = { quotaPerUnit: DEFAULT_QUOTA_PER_UNIT, currency: 'CNY', symbol: '¥' };

/** An account override from its site settings; falls back to the spec's ¥ and 500,000 for anything invalid. */
export function unitSettings(override?: { quotaPerUnit?: number; currency?: string; symbol?: string }): UnitSettings {
  const per = override?.quotaPerUnit;
  const quotaPerUnit = per !== undefined && Number.isSafeInteger(per) && per > 0 ? per : DEFAULT_QUOTA_PER_UNIT;
  const currency = override?.currency ?? DEFAULT_UNITS.currency;
  const symbol = override?.symbol ?? (currency === 'USD' ? '$' : currency === 'CNY' ? '¥' : `${currency} `);
  return { quotaPerUnit, currency, symbol };
}

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

/** value × factor / divisor, rounded half away from zero to whole units. */
function decimalToUnits(d: Decimal, factor: number, divisor = 1): number {
  return toSafeNumber(divHalfExpand(d.n * BigInt(factor), pow10(d.scale) * BigInt(divisor)));
}

function toSafeNumber(x: bigint): number {
  const n = Number(x);
  if (!Number.isSafeInteger(n)) throw new RangeError('Quota out of the safe integer range');
  return n;
}

// ---------------------------------------------------------------------------------------------------------------
// User input → units

export type ParseUnitsResult =
  | { readonly ok: true; readonly units: number }
  | { readonly ok: false; readonly reason: 'format' | 'precision' | 'range'; readonly message: string };

/**
 * Converts a typed amount ("12.5", "1,234.000002") to integer units exactly. Rounding policy: none. An amount
 * that is not a whole number of units (finer than ¥0.000002 by default) is refused rather than silently rounded,
 * because a quota the user did not type is a quota they did not mean.
 */
export function parseAmountToUnits(input: string, settings: UnitSettings = DEFAULT_UNITS): ParseUnitsResult {
  const cleaned = input
    .trim()
    .replace(/^[¥$]/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const d = parseDecimal(cleaned);
  if (!d) return { ok: false, reason: 'format', message: `"${input}" is not a number.` };
  const num = d.n * BigInt(settings.quotaPerUnit);
  const den = pow10(d.scale);
  if (num % den !== 0n) {
    return {
      ok: false,
      reason: 'precision',
      message: `Amounts go in steps of ${settings.symbol}${unitsToDecimalString(1, settings)}: "${input}" is finer than that.`,
    };
  }
  const units = Number(num / den);
  if (!Number.isSafeInteger(units)) return { ok: false, reason: 'range', message: `"${input}" is too large.` };
  return { ok: true, units };
}

// ---------------------------------------------------------------------------------------------------------------
// Units → exact decimal strings

/** Digits kept when the divisor does not divide a power of ten (never for the spec's 500,000). */
const MAX_SCALE = 12;

/**
 * units / quotaPerUnit as an exact decimal string ("1234.5", "-0.000002"), no grouping: the form for inputs.
 * Exact whenever the divisor divides 10^12 (500,000 does); otherwise rounded half away from zero at 12 places.
 */
export function unitsToDecimalString(units: number, settings: UnitSettings = DEFAULT_UNITS): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Units must be a safe integer: ${units}`);
  const scaled = divHalfExpand(BigInt(units) * pow10(MAX_SCALE), BigInt(settings.quotaPerUnit));
  return decimalToString({ n: scaled, scale: MAX_SCALE });
}

function decimalToString(d: Decimal): string {
  const negative = d.n < 0n;
  const digits = abs(d.n)
    .toString()
    .padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const frac = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** A float for meters and charts only; never for arithmetic that is stored or compared for alerts. */
export const unitsToNumber = (units: number, settings: UnitSettings = DEFAULT_UNITS): number =>
  Number(unitsToDecimalString(units, settings));

/** Money amount (a decimal string, e.g. a threshold typed in yuan) to units; see parseAmountToUnits. */
export const amountToUnits = parseAmountToUnits;

// ---------------------------------------------------------------------------------------------------------------
// Server values → units

/** A quota as the UI needs it: unlimited is its own kind, never a huge number; unknown is never zero. */
export type QuotaValue = { readonly kind: 'unlimited' } | { readonly kind: 'limited'; readonly units: number };

/**
 * A billing limit field (spec 4.6: already in currency, internal / quotaPerUnit) to units. 100000000 is the
 * unlimited marker. The float the server sent is read as the decimal it printed, then rounded to whole units.
 */
export function billingLimitToQuota(value: number, settings: UnitSettings = DEFAULT_UNITS): QuotaValue {
  if (value === UNLIMITED_BILLING_MARKER) return { kind: 'unlimited' };
  return { kind: 'limited', units: decimalToUnits(numberToDecimal(value), settings.quotaPerUnit) };
}

/** Billing `total_usage` is in hundredths of the currency unit (spec 4.6). */
export function totalUsageToUnits(totalUsage: number, settings: UnitSettings = DEFAULT_UNITS): number {
  return decimalToUnits(numberToDecimal(totalUsage), settings.quotaPerUnit, 100);
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

const SEPARATORS: Readonly<Record<Locale, { group: string; decimal: string }>> = {
  'zh-CN': { group: ',', decimal: '.' },
  'en-US': { group: ',', decimal: '.' },
};
const WORDS: Readonly<Record<Locale, { unlimited: string; unknown: string }>> = {
  'zh-CN': { unlimited: '无限', unknown: '—' },
  'en-US': { unlimited: 'Unlimited', unknown: '—' },
};

/** Places shown for ordinary amounts; non-zero amounts below one cent show their exact digits. */
const DISPLAY_PLACES = 2;

/**
 * "¥1,234.56", "-¥0.50", and below ¥0.01 enough decimals to stay non-zero ("¥0.000002" is one unit).
 * Rounding: half away from zero, as Intl.NumberFormat does.
 */
export function formatUnits(units: number, locale: Locale, settings: UnitSettings = DEFAULT_UNITS): string {
  const exact = parseDecimal(unitsToDecimalString(units, settings));
  if (!exact) throw new RangeError('unreachable: our own decimal string did not parse');
  // Below one cent, rounding to cents would show 0.00 or double the amount: show the exact digits instead.
  const isBelowCent = exact.n !== 0n && abs(exact.n) * 100n < pow10(exact.scale);
  const places = isBelowCent ? Math.max(DISPLAY_PLACES + 1, exact.scale) : DISPLAY_PLACES;
  const rounded = roundTo(exact, places);
  const sep = SEPARATORS[locale];
  const digits = abs(rounded.n)
    .toString()
    .padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+$)/g, sep.group);
  let frac = digits.slice(digits.length - places);
  // Small amounts show only the digits they need ("0.000002", not "0.000002000000").
  if (places > DISPLAY_PLACES) frac = frac.replace(/0+$/, '');
  return `${rounded.n < 0n ? '-' : ''}${settings.symbol}${whole}${sep.decimal}${frac}`;
}

function roundTo(d: Decimal, places: number): Decimal {
  if (d.scale <= places) return { n: d.n * pow10(places - d.scale), scale: places };
  return { n: divHalfExpand(d.n, pow10(d.scale - places)), scale: places };
}

/** A quota for display: the unlimited word, the amount, or "—" for unknown (never ¥0.00). */
export function formatQuota(value: QuotaValue | undefined, locale: Locale, settings = DEFAULT_UNITS): string {
  if (value === undefined) return WORDS[locale].unknown;
  return value.kind === 'unlimited' ? WORDS[locale].unlimited : formatUnits(value.units, locale, settings);
}
