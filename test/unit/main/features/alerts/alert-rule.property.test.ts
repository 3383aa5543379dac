// The alert rule over random balance sequences: exactly one alert per downward episode of each threshold (the
// more severe one when both are crossed at once), re-armed only above threshold + margin, and nothing at all from
// stale or unknown readings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Thresholds } from '../../../../../src-shared/contract';
import {
  ARMED,
  MIN_REARM_MARGIN_UNITS,
  rearmMargin,
  stepAlerts,
  type AlertArming,
  type AlertFiring,
  type AlertReading,
} from '../../../../../src-main/features/alerts/alert-rule';

const fresh = (remainingUnits: number | null): AlertReading => ({
  isFresh: true,
  remainingUnits,
  isUnlimited: false,
  usedUnits: null,
  softLimitUnits: null,
});

function run(thresholds: Thresholds, readings: readonly AlertReading[]): AlertFiring[][] {
  let arming: AlertArming = ARMED;
  return readings.map((reading) => {
    const step = stepAlerts(arming, thresholds, reading);
    arming = step.arming;
    return [...step.fired];
  });
}

/**
 * Reference model, written differently: per threshold, the readings at which a new episode starts (first value
 * below the line since the start or since a value at or above line + margin). Only fresh known values count.
 */
function episodeStarts(values: readonly (number | null)[], threshold: number | null): Set<number> {
  const starts = new Set<number>();
  if (threshold === null) return starts;
  let inEpisode = false;
  values.forEach((v, i) => {
    if (v === null) return;
    if (!inEpisode && v < threshold) {
      starts.add(i);
      inEpisode = true;
    } else if (inEpisode && v >= threshold + Math.max(Math.ceil(threshold / 10), MIN_REARM_MARGIN_UNITS)) {
      inEpisode = false;
    }
  });
  return starts;
}

const units = fc.integer({ min: -1_000_000, max: 20_000_000 });
const thresholdsArb: fc.Arbitrary<Thresholds> = fc
  .record({
    warn: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
    critical: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
  })
  .map(({ warn, critical }) => ({ warnUnits: warn, criticalUnits: critical }));

const readingArb: fc.Arbitrary<AlertReading> = fc.oneof(
  { weight: 6, arbitrary: units.map(fresh) },
  { weight: 1, arbitrary: units.map((u): AlertReading => ({ ...fresh(u), isFresh: false })) },
  { weight: 1, arbitrary: fc.constant(fresh(null)) },
  { weight: 1, arbitrary: fc.constant<AlertReading>({ ...fresh(null), isUnlimited: true }) },
);

describe('alert rule', () => {
  it('raises exactly one alert per downward episode, the critical one when both lines are crossed at once', () => {
    fc.assert(
      fc.property(thresholdsArb, fc.array(readingArb, { maxLength: 80 }), (thresholds, readings) => {
        const fired = run(thresholds, readings);
        const values = readings.map((r) => (r.isFresh && !r.isUnlimited ? r.remainingUnits : null));
        // The warning's episodes, but a critical fall also opens (silently) a warning episode: model both.
        const critical = episodeStarts(values, thresholds.criticalUnits);
        const warnAlone = episodeStarts(values, thresholds.warnUnits);
        readings.forEach((_, i) => {
          const levels = (fired[i] ?? []).map((f) => f.level);
          expect(levels.length).toBeLessThanOrEqual(1);
          if (critical.has(i)) expect(levels).toEqual(['critical']);
          else if (warnAlone.has(i)) expect(levels).toEqual(['warn']);
          else expect(levels).toEqual([]);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('never alerts from stale, unknown or unlimited readings, and they change nothing', () => {
    fc.assert(
      fc.property(
        thresholdsArb,
        fc.record({ warn: fc.boolean(), critical: fc.boolean(), softLimit: fc.boolean() }),
        fc.oneof(
          units.map((u): AlertReading => ({ ...fresh(u), isFresh: false, usedUnits: u, softLimitUnits: 0 })),
          fc.constant(fresh(null)),
          fc.constant<AlertReading>({ ...fresh(0), isUnlimited: true }),
        ),
        (thresholds, arming, reading) => {
          const step = stepAlerts(arming, thresholds, reading);
          expect(step.fired).toEqual([]);
          expect(step.arming).toEqual(arming);
        },
      ),
    );
  });

  it('re-arms only above threshold + margin (10%, at least ¥0.50)', () => {
    const thresholds = { warnUnits: 5_000_000, criticalUnits: null }; // ¥10
    const margin = rearmMargin(5_000_000);
    expect(margin).toBe(500_000); // ¥1
    expect(rearmMargin(1_000_000)).toBe(MIN_REARM_MARGIN_UNITS); // ¥2 → ¥0.50
    const levels = run(thresholds, [6e6, 4.9e6, 5.2e6, 4.8e6, 5_000_000 + margin, 4.9e6].map(fresh)).map((f) =>
      f.map((x) => x.level),
    );
    expect(levels).toEqual([[], ['warn'], [], [], [], ['warn']]);
  });

  it('warns once when a watched key reaches its soft limit, again only after the usage falls back below it', () => {
    const key = (used: number): AlertReading => ({ ...fresh(1_000_000), usedUnits: used, softLimitUnits: 4_000_000 });
    const fired = run({ warnUnits: null, criticalUnits: null }, [key(3e6), key(4e6), key(4.5e6), key(3e6), key(4.1e6)]);
    expect(fired.map((f) => f.map((x) => x.level))).toEqual([[], ['soft_limit'], [], [], ['soft_limit']]);
    expect(fired[1]?.[0]).toEqual({ level: 'soft_limit', balanceUnits: 4_000_000, thresholdUnits: 4_000_000 });
  });
});
