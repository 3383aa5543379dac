// History downsampling (bounded, every sample for 6 h, hourly for 14 days) and the days-left forecast (enough data
// or nothing; top-ups start a new run; not spending means no forecast).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BalanceSample } from '../../../../../src-shared/contract';
import {
  FULL_RESOLUTION_MS,
  MAX_SAMPLES,
  RETENTION_MS,
  addSample,
  forecastDaysLeft,
  spendPerHour,
} from '../../../../../src-main/features/quota/history';

const HOUR = 3_600_000;
const T0 = 1_780_000_000_000;

function feed(times: readonly number[], value: (t: number) => number): BalanceSample[] {
  let samples: BalanceSample[] = [];
  for (const at of times) samples = addSample(samples, { at, remainingUnits: value(at) });
  return samples;
}

describe('history', () => {
  it('keeps every recent sample, one per hour beyond 6 h, nothing beyond 14 days, and stays bounded', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 60_000, max: 3 * HOUR }), { minLength: 1, maxLength: 400 }), (steps) => {
        const times = steps.reduce<number[]>((acc, s) => [...acc, (acc.at(-1) ?? T0) + s], []);
        const samples = feed(times, () => 1);
        const now = times.at(-1) ?? T0;
        expect(samples.length).toBeLessThanOrEqual(MAX_SAMPLES);
        expect(samples.map((s) => s.at)).toEqual([...samples.map((s) => s.at)].sort((a, b) => a - b));
        // every sample of the last 6 hours is there
        expect(samples.filter((s) => now - s.at <= FULL_RESOLUTION_MS).length).toBe(
          times.filter((t) => now - t <= FULL_RESOLUTION_MS).length,
        );
        expect(samples.every((s) => now - s.at <= RETENTION_MS)).toBe(true);
        const old = samples.filter((s) => now - s.at > FULL_RESOLUTION_MS).map((s) => Math.floor(s.at / HOUR));
        expect(new Set(old).size).toBe(old.length);
      }),
      { numRuns: 60 },
    );
  });

  it('forecasts days left from a steady spend and says nothing with too little data', () => {
    const perHour = 100_000; // ¥0.20 an hour
    const at = (h: number) => T0 + h * HOUR;
    const spend = (t: number) => 10_000_000 - ((t - T0) / HOUR) * perHour;
    const few = feed([0, 1, 2, 3].map(at), spend);
    expect(forecastDaysLeft(few, at(3))).toBeNull(); // 4 samples over 3 h
    const enough = feed([0, 1, 2, 3, 4, 5, 6].map(at), spend);
    // 9,400,000 left at 100,000 an hour = 94 h ≈ 3.9 days
    expect(forecastDaysLeft(enough, at(6))).toBe(3.9);
  });

  it('ignores what came before a top-up, and gives nothing when the balance is not falling', () => {
    const at = (h: number) => T0 + h * HOUR;
    const topUp = feed(
      [0, 1, 2, 3, 4, 5, 6, 7, 8].map(at),
      (t) => ((t - T0) / HOUR < 3 ? 1_000_000 : 50_000_000) - ((t - T0) / HOUR) * 10_000,
    );
    expect(forecastDaysLeft(topUp, at(8))).toBeNull(); // only 6 samples over 5 h since the top-up
    const flat = feed([0, 1, 2, 3, 4, 5, 6, 7].map(at), () => 5_000_000);
    expect(forecastDaysLeft(flat, at(7))).toBeNull();
  });

  it('gives the spend rate behind the forecast: 0 for a flat balance, null without enough history', () => {
    const at = (h: number) => T0 + h * HOUR;
    const falling = feed([0, 1, 2, 3, 4, 5, 6].map(at), (t) => 10_000_000 - ((t - T0) / HOUR) * 100_000);
    expect(spendPerHour(falling, at(6))).toBeCloseTo(100_000, 6);
    const flat = feed([0, 1, 2, 3, 4, 5, 6, 7].map(at), () => 5_000_000);
    expect(spendPerHour(flat, at(7))).toBe(0);
    expect(spendPerHour(falling.slice(0, 3), at(6))).toBeNull();
  });
});
