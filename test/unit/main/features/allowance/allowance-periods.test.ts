// Allowance periods in a time zone: days start at local midnight (or a day's first instant where its midnight does not
// exist), weeks on Monday, months on the 1st; across DST changes both ways a day is 23 or 25 hours, never a fixed 24.
// A property run over random instants and zones checks that periods tile time: each instant in exactly one period.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTimeZone, nextPeriodStart, periodStart } from '../../../../../src-main/features/allowance/allowance-periods';
import { ALLOWANCE_PERIODS } from '../../../../../src-shared/contract';

const HOUR = 3_600_000;
const utc = (iso: string): number => Date.parse(iso);

/** Local wall-clock parts of an instant in a zone, as the platform's time-zone rules say. */
function wall(at: number, zone: string): { date: string; hour: number; minute: number; weekday: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: get('weekday'),
  };
}

describe('days', () => {
  it('start at local midnight, and the day across spring forward in Berlin lasts 23 hours', () => {
    const midday = utc('2026-03-29T10:00:00Z'); // 12:00 CEST
    const start = periodStart(midday, 'day', 'Europe/Berlin');
    expect(start).toBe(utc('2026-03-28T23:00:00Z')); // 00:00 CET
    expect(nextPeriodStart(midday, 'day', 'Europe/Berlin') - start).toBe(23 * HOUR);
  });

  it('last 25 hours across fall back in New York', () => {
    const midday = utc('2026-11-01T17:00:00Z');
    const start = periodStart(midday, 'day', 'America/New_York');
    expect(start).toBe(utc('2026-11-01T04:00:00Z')); // 00:00 EDT
    expect(nextPeriodStart(midday, 'day', 'America/New_York') - start).toBe(25 * HOUR);
  });

  it('start at the first instant of a day whose midnight does not exist (Santiago moves 00:00 → 01:00)', () => {
    const midday = utc('2024-09-08T15:00:00Z');
    const start = periodStart(midday, 'day', 'America/Santiago');
    expect(start).toBe(utc('2024-09-08T04:00:00Z'));
    expect(wall(start, 'America/Santiago')).toMatchObject({ date: '2024-09-08', hour: 1, minute: 0 });
    // The day before ends where this one starts: nothing falls between them.
    expect(nextPeriodStart(start - 1, 'day', 'America/Santiago')).toBe(start);
    expect(nextPeriodStart(start, 'day', 'America/Santiago')).toBe(utc('2024-09-09T03:00:00Z'));
  });

  it('are the zone’s own: the same instant is in different days in Shanghai and in UTC', () => {
    const at = utc('2026-11-24T17:30:00Z'); // 01:30 on the 25th in Shanghai
    expect(periodStart(at, 'day', 'Asia/Shanghai')).toBe(utc('2026-11-24T16:00:00Z'));
    expect(periodStart(at, 'day', 'UTC')).toBe(utc('2026-11-24T00:00:00Z'));
  });
});

describe('weeks and months', () => {
  it('weeks start on Monday at local midnight, across the DST change in the week', () => {
    const sunday = utc('2026-03-29T10:00:00Z');
    const start = periodStart(sunday, 'week', 'Europe/Berlin');
    expect(wall(start, 'Europe/Berlin')).toEqual({ date: '2026-03-23', hour: 0, minute: 0, weekday: 'Mon' });
    expect(nextPeriodStart(sunday, 'week', 'Europe/Berlin') - start).toBe(7 * 24 * HOUR - HOUR);
  });

  it('months start on the 1st, whatever their length', () => {
    const feb = utc('2028-02-29T12:00:00Z');
    expect(periodStart(feb, 'month', 'UTC')).toBe(utc('2028-02-01T00:00:00Z'));
    expect(nextPeriodStart(feb, 'month', 'UTC')).toBe(utc('2028-03-01T00:00:00Z'));
    expect(nextPeriodStart(utc('2026-01-31T12:00:00Z'), 'month', 'Asia/Shanghai')).toBe(utc('2026-01-31T16:00:00Z'));
  });
});

describe('any instant, any zone', () => {
  const zones = [
    'UTC',
    'Asia/Shanghai',
    'Europe/Berlin',
    'America/New_York',
    'America/Santiago',
    'Australia/Lord_Howe', // a 30-minute DST shift
    'Asia/Kolkata',
    'Pacific/Chatham',
  ];
  it('falls in exactly one period, which starts at a local midnight or the first instant after it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: utc('2020-01-01T00:00:00Z'), max: utc('2035-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.constantFrom(...ALLOWANCE_PERIODS),
        (at, zone, period) => {
          const start = periodStart(at, period, zone);
          const next = nextPeriodStart(at, period, zone);
          expect(start).toBeLessThanOrEqual(at);
          expect(next).toBeGreaterThan(at);
          // The next period's own start is where this one ends: periods tile time, no gap and no overlap.
          expect(periodStart(next, period, zone)).toBe(next);
          expect(nextPeriodStart(next - 1, period, zone)).toBe(next);
          const local = wall(start, zone);
          // Midnight, or (a skipped midnight) within the hour after it.
          expect(local.hour === 0 || (local.hour === 1 && local.minute === 0)).toBe(true);
          if (period === 'week') expect(local.weekday).toBe('Mon');
          if (period === 'month') expect(local.date.endsWith('-01')).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

it('knows which zones the platform knows', () => {
  expect(isTimeZone('Asia/Shanghai')).toBe(true);
  expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});
