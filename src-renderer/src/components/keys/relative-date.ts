// Unix times as the user reads them: relative ("in 3 days", "3 天后") with the exact local time for the tooltip.
import type { Language } from '../../../../src-shared/contract';

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

// One formatter of each kind per locale, made on first use: building an Intl formatter costs far more than using
// one, and the key table formats two dates per row on every frame it scrolls.
const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();
const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();

function cached<F>(cache: Map<Language, F>, locale: Language, make: () => F): F {
  let format = cache.get(locale);
  if (format === undefined) {
    format = make();
    cache.set(locale, format);
  }
  return format;
}
const relativeFormat = (locale: Language) =>
  cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const dateFormat = (locale: Language) =>
  cached(dateFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const dateTimeFormat = (locale: Language) =>
  cached(dateTimeFormats, locale, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));

const DAY_MS = 86_400_000;

/** Midnight of the local calendar day holding `ms`. */
function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * Calendar days from now's date to the date of `ms` in local time: 48 hours ahead is the day after tomorrow ("in 2
 * days") however late in the day it is now. Rounded, since a day with a daylight-saving change is 23 or 25 hours.
 */
export function calendarDays(ms: number, nowMs: number): number {
  return Math.round((startOfDay(ms) - startOfDay(nowMs)) / DAY_MS);
}

/**
 * "in 3 days" / "3 天后". Under a day: hours, minutes or seconds, counted toward now. From a day on: the calendar's
 * days ("tomorrow" is the next date, "in 3 days" three dates on), then months and years of those days. Counting
 * whole 24-hour spans instead read a key ending in 48 hours minus a second as "tomorrow".
 */
export function relativeTime(unixSec: number, nowMs: number, locale: Language): string {
  const diff = unixSec - Math.floor(nowMs / 1000);
  const format = relativeFormat(locale);
  const abs = Math.abs(diff);
  if (abs < 86_400) {
    for (const [unit, seconds] of UNITS) {
      if (seconds < 86_400 && (abs >= seconds || unit === 'second'))
        return format.format(Math.trunc(diff / seconds), unit);
    }
  }
  const days = calendarDays(unixSec * 1000, nowMs);
  for (const [unit, seconds] of UNITS) {
    const inDays = seconds / 86_400;
    if (Math.abs(days) >= inDays) return format.format(Math.trunc(days / inDays), unit);
  }
  return format.format(days, 'day');
}

/** For something that already happened: a server clock a little ahead of ours must not make it read "in 2 seconds". */
export function pastTime(unixSec: number, nowMs: number, locale: Language): string {
  return relativeTime(Math.min(unixSec, Math.floor(nowMs / 1000)), nowMs, locale);
}

/**
 * Whether a key has never been used. The gateway sets accessed_time to created_time when it makes a key (and some
 * servers leave 0); a time ahead of now is the server's clock at creation, not a use.
 */
export function isNeverUsed(accessed: number | null, created: number | null, nowMs: number): boolean {
  if (accessed === null) return false;
  return accessed <= 0 || (created !== null && accessed <= created) || accessed > Math.floor(nowMs / 1000);
}

/** Further than this ahead, an expiry reads as its date: "next month" hides which day the key stops. */
const EXPIRY_RELATIVE_SECONDS = 7 * 86_400;

/** An expiry as the table shows it: relative when near or past, its date when further off. */
export function expiryText(unixSec: number, nowMs: number, locale: Language): string {
  if (unixSec - Math.floor(nowMs / 1000) <= EXPIRY_RELATIVE_SECONDS) return relativeTime(unixSec, nowMs, locale);
  return dateFormat(locale).format(new Date(unixSec * 1000));
}

export function exactTime(unixSec: number, locale: Language): string {
  return dateTimeFormat(locale).format(new Date(unixSec * 1000));
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
