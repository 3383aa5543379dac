// Exact decimal arithmetic for prices: a value is an integer over a power of ten. The sites compute charges with
// shopspring decimals built from each ratio's shortest decimal form (decimal.NewFromFloat), so 0.075 is exactly
// 0.075 there, not the binary float nearest to it; recomputing in floats would put some calls a unit off.

export interface Decimal {
  readonly n: bigint;
  /** value = n / 10^e, e ≥ 0. */
  readonly e: number;
}

const DECIMAL_FORM = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/** A finite number at its shortest decimal form (what String() gives, as Go's shortest formatting). */
export function decimalOf(x: number): Decimal {
  const m = DECIMAL_FORM.exec(String(x));
  if (m === null) throw new RangeError('not a finite number');
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = m;
  const e = fraction.length - Number(exponent);
  const n = BigInt(`${sign}${whole}${fraction}`);
  return e >= 0 ? { n, e } : { n: n * 10n ** BigInt(-e), e: 0 };
}

export const ZERO: Decimal = { n: 0n, e: 0 };

export const times = (a: Decimal, b: Decimal): Decimal => ({ n: a.n * b.n, e: a.e + b.e });

export function plus(a: Decimal, b: Decimal): Decimal {
  const e = Math.max(a.e, b.e);
  return { n: a.n * 10n ** BigInt(e - a.e) + b.n * 10n ** BigInt(e - b.e), e };
}

export const minus = (a: Decimal, b: Decimal): Decimal => plus(a, { n: -b.n, e: b.e });

export const isZero = (a: Decimal): boolean => a.n === 0n;
export const isNegative = (a: Decimal): boolean => a.n < 0n;

/** Rounded half away from zero (decimal.Round(0), math.Round). */
export function roundHalfAway(a: Decimal): number {
  const scale = 10n ** BigInt(a.e);
  const magnitude = a.n < 0n ? -a.n : a.n;
  const rounded = (magnitude * 2n + scale) / (scale * 2n);
  return Number(a.n < 0n ? -rounded : rounded);
}

/** The whole part toward minus infinity, and toward plus infinity. */
export function floor(a: Decimal): number {
  const scale = 10n ** BigInt(a.e);
  const q = a.n / scale;
  return Number(a.n < 0n && q * scale !== a.n ? q - 1n : q);
}

export function ceil(a: Decimal): number {
  const scale = 10n ** BigInt(a.e);
  const q = a.n / scale;
  return Number(a.n > 0n && q * scale !== a.n ? q + 1n : q);
}
