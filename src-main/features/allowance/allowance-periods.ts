// Allowance periods in a time zone: where the day, week (Monday first) or month holding an instant starts, and where
// the next one starts. Computed with the platform's time-zone rules through date-fns on a TZDate, never by adding
// 24 hours: a DST change makes a day 23 or 25 hours long, and a day whose midnight does not exist (a zone that moves
// its clocks at 00:00) starts at its first instant, so every period starts exactly once and on the right day.
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { AllowancePeriod } from '../../../src-shared/contract';

/** Weeks start on Monday, as in ISO 8601 and in China; the UI says so. */
const WEEK_STARTS_ON = 1;

function startOf(date: TZDate, period: AllowancePeriod): TZDate {
  switch (period) {
    case 'day':
      return startOfDay(date);
    case 'week':
      return startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });
    case 'month':
      return startOfMonth(date);
  }
}

/** Epoch ms at which the period holding `at` began, in `timeZone`. */
export function periodStart(at: number, period: AllowancePeriod, timeZone: string): number {
  return startOf(new TZDate(at, timeZone), period).getTime();
}

/** Epoch ms at which the period after the one holding `at` begins, in `timeZone`. */
export function nextPeriodStart(at: number, period: AllowancePeriod, timeZone: string): number {
  const start = startOf(new TZDate(at, timeZone), period);
  const later = period === 'day' ? addDays(start, 1) : period === 'week' ? addWeeks(start, 1) : addMonths(start, 1);
  // From a day that began at 01:00 (its midnight skipped), a day later is 01:00: the next day's start is its own.
  return startOf(later, period).getTime();
}

/** Whether the platform knows the zone (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The platform's own time zone: what an allowance uses unless the renderer names another. */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
