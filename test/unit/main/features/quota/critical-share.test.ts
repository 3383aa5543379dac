// Watched keys share their host's background slots of the critical budget: N keys on one host are each polled N
// times less often, password accounts leave room for their session refreshes, other hosts and kinds are untouched.
import { describe, expect, it } from 'vitest';
import { DEFAULT_UNITS } from '../../../../../src-shared/units';
import type { AccountKind, Result } from '../../../../../src-shared/contract';
import type { AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { fairSpacingMs } from '../../../../../src-main/features/quota/critical-share';
import { QuotaScheduler } from '../../../../../src-main/schedule/scheduler';
import { FakeClock } from '../../../../support/fake-clock';

const MINUTE = 60_000;

const handle = (id: string, kind: AccountKind, baseUrl: string, isDisabled = false): AccountHandle => ({
  id,
  kind,
  label: id,
  baseUrl,
  units: DEFAULT_UNITS,
  isDisabled,
  isHidden: false,
  thresholds: { warnUnits: null, criticalUnits: null },
});

const keys = (n: number, base = 'https://gw.example') =>
  Array.from({ length: n }, (_, i) => handle(`k${i}`, 'api_key', `${base}/`));

describe('fair share of the critical budget', () => {
  it('one watched key alone may poll /api/usage/token/ six times per 20 minutes', () => {
    expect(fairSpacingMs(keys(1), 'k0')).toBe(Math.ceil((20 * MINUTE) / 6));
  });

  it('five watched keys and a password account on one host: each key every 25 minutes', () => {
    const accounts = [...keys(5), handle('p', 'password', 'https://gw.example/')];
    expect(fairSpacingMs(accounts, 'k3')).toBe(25 * MINUTE);
  });

  it('counts only the same host, and only enabled accounts', () => {
    const accounts = [
      ...keys(2),
      ...keys(4, 'https://elsewhere.example').map((a, i) => ({ ...a, id: `e${i}` })),
      handle('off', 'api_key', 'https://gw.example/', true),
    ];
    expect(fairSpacingMs(accounts, 'k0')).toBe(Math.ceil((20 * MINUTE * 2) / 6));
  });

  it('password and access-token accounts poll outside the bucket: no extra spacing', () => {
    const accounts = [
      ...keys(5),
      handle('p', 'password', 'https://gw.example/'),
      handle('t', 'access_token', 'https://gw.example/'),
    ];
    expect(fairSpacingMs(accounts, 'p')).toBe(0);
    expect(fairSpacingMs(accounts, 't')).toBe(0);
  });

  it('the scheduler keeps five watched keys on one host within the background share, however often it is asked', async () => {
    const clock = new FakeClock({ start: 1_780_000_000_000 });
    const accounts = [...keys(5), handle('p', 'password', 'https://gw.example/')];
    const starts: number[] = [];
    const scheduler = new QuotaScheduler<number>(
      clock,
      () => {
        starts.push(clock.now());
        return Promise.resolve({ ok: true, value: 1 });
      },
      () => undefined,
      5 * MINUTE,
      { spacingOf: (id) => fairSpacingMs(accounts, id) },
    );
    scheduler.setAccounts(keys(5).map((a) => a.id));
    const start = clock.now();
    for (let minute = 1; minute <= 180; minute++) {
      await clock.advanceTo(start + minute * MINUTE);
      await scheduler.requestAll(minute % 7 === 0 ? 'manual' : 'focus');
    }
    scheduler.dispose();
    // Every 20-minute window: at most one poll per key, so 5 of the 6 background slots, one refresh's room left.
    const most = Math.max(...starts.map((t) => starts.filter((s) => s >= t && s < t + 20 * MINUTE).length));
    expect(most).toBeLessThanOrEqual(5);
    // And the keys are still polled: about every 25 minutes each over three hours.
    expect(starts.length).toBeGreaterThanOrEqual(5 * 6);
  });

  it('a poll held back by the budget is retried when the slot frees, not a whole fair share later', async () => {
    const clock = new FakeClock({ start: 1_780_000_000_000 });
    const starts: number[] = [];
    const answers: Result<number>[] = [
      { ok: true, value: 1 },
      { ok: false, error: { code: 'rate_limited', retryAfterMs: 4 * MINUTE, isLocalLimit: true } },
      { ok: true, value: 1 },
    ];
    const scheduler = new QuotaScheduler<number>(
      clock,
      () => {
        starts.push(clock.now());
        return Promise.resolve(answers[Math.min(starts.length - 1, answers.length - 1)] ?? { ok: true, value: 1 });
      },
      () => undefined,
      5 * MINUTE,
      { spacingOf: () => 25 * MINUTE, staggerMs: 0 },
    );
    scheduler.setAccounts(['k0']);
    const start = clock.now();
    await clock.advanceTo(start + 60 * MINUTE);
    scheduler.dispose();
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    // ok, then held back at 25 min, then sent as soon as the 4-minute wait is over.
    expect(gaps[0]).toBe(25 * MINUTE);
    expect(gaps[1]).toBe(4 * MINUTE);
  });
});
