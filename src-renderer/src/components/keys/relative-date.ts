// Unix times as the user reads them: relative ("in 3 days", "3 天后") with the exact local time for the tooltip.
import type { Language } from '../../../../src-preload/contract';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "in 3 days" / "3 天后"; the largest unit that fits, rounded toward now. */
export function relativeTime(unixSec: number, nowMs: number, locale: Language): string {
  const diff = unixSec - Math.floor(nowMs / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const abs = Math.abs(diff);
  for (const [unit, seconds] of UNITS) {
    if (abs >= seconds || unit === 'second') return format.format(Math.trunc(diff / seconds), unit);
  }
  return format.format(0, 'second');
}

export function exactTime(unixSec: number, locale: Language): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(unixSec * 1000));
}

/** Unix seconds for an expiry preset; -1 = never. */
export const EXPIRY_PRESETS = ['never', 'hour', 'day', 'week', 'month', 'date'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];
const PRESET_SECONDS: Readonly<Record<Exclude<ExpiryPreset, 'never' | 'date'>, number>> = {
  hour: 3_600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

export function presetExpiry(preset: ExpiryPreset, nowMs: number, dateMs: number | null): number {
  if (preset === 'never') return -1;
  if (preset === 'date') return dateMs === null ? Number.NaN : Math.floor(dateMs / 1000);
  return Math.floor(nowMs / 1000) + PRESET_SECONDS[preset];
}
