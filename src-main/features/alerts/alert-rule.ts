// The low-balance alert rule, pure: fires once when a fresh value crosses a threshold downwards and re-arms only
// after a fresh value is back above threshold + margin (hysteresis, so a balance wobbling around the line does not
// alert again and again). Stale, failed or unknown readings never change anything.
import type { Thresholds } from '../../../src-shared/contract';

/** ¥0.50 at the spec's 500,000 units per yuan. */
export const MIN_REARM_MARGIN_UNITS = 250_000;

/**
 * Margin above a threshold a fresh value must reach to re-arm it: 10% of the threshold, at least ¥0.50
 * (so a ¥1 threshold re-arms at ¥1.50, a ¥100 threshold at ¥110).
 */
export const rearmMargin = (thresholdUnits: number): number =>
  Math.max(Math.ceil(Math.abs(thresholdUnits) / 10), MIN_REARM_MARGIN_UNITS);

/** Which alerts may fire next; everything starts armed, so a first reading already below a threshold alerts. */
export interface AlertArming {
  readonly warn: boolean;
  readonly critical: boolean;
  readonly softLimit: boolean;
}

export const ARMED: AlertArming = { warn: true, critical: true, softLimit: true };

export interface AlertReading {
  /** Only fresh readings (just fetched, parsed) count. */
  readonly isFresh: boolean;
  /** null = unknown. */
  readonly remainingUnits: number | null;
  readonly isUnlimited: boolean;
  /** Watched keys: usage and the billing soft limit (null = none or unlimited). */
  readonly usedUnits: number | null;
  readonly softLimitUnits: number | null;
}

export type AlertLevel = 'warn' | 'critical' | 'soft_limit';

export interface AlertFiring {
  readonly level: AlertLevel;
  /** Remaining units (for soft_limit: the usage). */
  readonly balanceUnits: number;
  readonly thresholdUnits: number;
}

export interface AlertStep {
  readonly arming: AlertArming;
  readonly fired: readonly AlertFiring[];
}

/**
 * One reading through the rule. A value falling below both thresholds at once raises only the critical alert (and
 * disarms the warning too: one notification per fall, the more severe one).
 */
export function stepAlerts(arming: AlertArming, thresholds: Thresholds, reading: AlertReading): AlertStep {
  if (!reading.isFresh) return { arming, fired: [] };
  const fired: AlertFiring[] = [];
  let { warn, critical, softLimit } = arming;

  const remaining = reading.isUnlimited ? null : reading.remainingUnits;
  if (remaining !== null) {
    const below = (t: number | null): t is number => t !== null && remaining < t;
    const rearmed = (t: number | null): boolean => t === null || remaining >= t + rearmMargin(t);
    const { warnUnits, criticalUnits } = thresholds;
    if (critical && below(criticalUnits)) {
      fired.push({ level: 'critical', balanceUnits: remaining, thresholdUnits: criticalUnits });
      critical = false;
      warn = warn && !below(warnUnits);
    } else if (warn && below(warnUnits)) {
      fired.push({ level: 'warn', balanceUnits: remaining, thresholdUnits: warnUnits });
      warn = false;
    }
    if (!critical && rearmed(criticalUnits)) critical = true;
    if (!warn && rearmed(warnUnits)) warn = true;
  }

  const { usedUnits, softLimitUnits } = reading;
  if (usedUnits !== null && softLimitUnits !== null) {
    if (softLimit && usedUnits >= softLimitUnits) {
      fired.push({ level: 'soft_limit', balanceUnits: usedUnits, thresholdUnits: softLimitUnits });
      softLimit = false;
    } else if (!softLimit && usedUnits < softLimitUnits - rearmMargin(softLimitUnits)) {
      softLimit = true;
    }
  }
  return { arming: { warn, critical, softLimit }, fired };
}
