// Balance history and the days-left forecast, pure. Samples are downsampled as they age (every sample for the
// last 6 hours, the last sample of each hour for 14 days, nothing older) so the history stays small: at most
// ~360 + 336 samples per account at the 1-minute floor.
import type { BalanceSample } from '../../../src-shared/contract';

const HOUR = 3_600_000;
export const FULL_RESOLUTION_MS = 6 * HOUR;
export const RETENTION_MS = 14 * 24 * HOUR;
/** A hard cap in case the clock jumps around; the oldest samples go first. */
export const MAX_SAMPLES = 1_000;

/** Adds a sample (ordered by time; an out-of-order one replaces nothing and is dropped) and downsamples. */
export function addSample(samples: readonly BalanceSample[], sample: BalanceSample): BalanceSample[] {
  const last = samples.at(-1);
  if (last && sample.at < last.at) return [...samples];
  const next = last && last.at === sample.at ? [...samples.slice(0, -1), sample] : [...samples, sample];
  return downsample(next, sample.at);
}

function downsample(samples: readonly BalanceSample[], now: number): BalanceSample[] {
  const kept: BalanceSample[] = [];
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i];
    if (!sample) continue;
    const age = now - sample.at;
    if (age > RETENTION_MS) continue;
    if (age <= FULL_RESOLUTION_MS) {
      kept.push(sample);
      continue;
    }
    // Older than full resolution: keep the last sample of its hour only.
    const following = samples[i + 1];
    const hour = Math.floor(sample.at / HOUR);
    if (!following || Math.floor(following.at / HOUR) !== hour || now - following.at <= FULL_RESOLUTION_MS) {
      kept.push(sample);
    }
  }
  return kept.slice(-MAX_SAMPLES);
}

/** The forecast looks at this much recent history… */
const FORECAST_WINDOW_MS = 72 * HOUR;
/** …and speaks only with at least this many samples since the last top-up… */
const FORECAST_MIN_SAMPLES = 6;
/** …spanning at least this long, so a burst of spending in one afternoon is not read as a daily rate. */
const FORECAST_MIN_SPAN_MS = 6 * HOUR;

/**
 * Units spent per hour recently: the negated slope of a least-squares line through the samples of the last 72
 * hours after the last top-up (a rise in balance starts a new run, since spending is what we measure). 0 when the
 * balance is flat or rising; null without enough data (a gap is not a rate of zero).
 */
export function spendPerHour(samples: readonly BalanceSample[], now: number): number | null {
  const recent = samples.filter((s) => now - s.at <= FORECAST_WINDOW_MS && s.at <= now);
  let start = 0;
  for (let i = 1; i < recent.length; i++) {
    const here = recent[i];
    const before = recent[i - 1];
    if (here && before && here.remainingUnits > before.remainingUnits) start = i;
  }
  const run = recent.slice(start);
  const first = run[0];
  const last = run.at(-1);
  if (!first || !last || run.length < FORECAST_MIN_SAMPLES || last.at - first.at < FORECAST_MIN_SPAN_MS) return null;
  // Centre on the first sample: epoch milliseconds squared would lose precision.
  const xs = run.map((s) => (s.at - first.at) / HOUR);
  const ys = run.map((s) => s.remainingUnits);
  const n = run.length;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - meanX;
    sxy += dx * ((ys[i] ?? 0) - meanY);
    sxx += dx * dx;
  }
  if (sxx === 0) return null;
  const perHour = sxy / sxx;
  return perHour >= 0 ? 0 : -perHour;
}

/**
 * ≈ days until the balance reaches zero at the recent rate of spending (spendPerHour). null without enough data,
 * or when the balance is not going down.
 */
export function forecastDaysLeft(samples: readonly BalanceSample[], now: number): number | null {
  const spent = spendPerHour(samples, now);
  if (spent === null || spent === 0) return null;
  const last = samples.filter((s) => s.at <= now).at(-1);
  if (!last) return null;
  if (last.remainingUnits <= 0) return 0;
  const days = last.remainingUnits / spent / 24;
  return Math.round(days * 10) / 10;
}
