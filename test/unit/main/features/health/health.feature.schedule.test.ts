// The health schedule on a fake clock: nothing while the user asks for no schedule; once set, each signed-in password
// or token account is checked once per interval (watched keys, disabled and hidden accounts never); a new interval
// and a new account take effect at once; a restart keeps the rhythm of the last check.
import { describe, expect, it } from 'vitest';
import { ok, type HealthIntervalHours, type HealthSettings } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { startHealthSchedule } from '../../../../../src-main/features/health/health.feature';
import { FakeClock } from '../../../../support/fake-clock';

const HOUR = 3_600_000;
const account = (id: string, over: Partial<AccountHandle> = {}): AccountHandle => ({
  id,
  kind: 'access_token',
  label: id,
  units: SPEC_MONEY,
  isDisabled: false,
  isHidden: false,
  thresholds: { warnUnits: null, criticalUnits: null },
  ...over,
});

function setUp(accounts: AccountHandle[], intervalHours: HealthIntervalHours, lastCheck: number | null = null) {
  const clock = new FakeClock({ start: 10 * HOUR, random: () => 0 });
  const listeners = new Set<() => void>();
  const directory = {
    list: () => accounts,
    onChange: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as AccountDirectory;
  const passes: { id: string; at: number }[] = [];
  let settings: HealthSettings = { intervalHours, lastPassAt: null };
  const service = {
    settings: () => settings,
    keepAccounts: () => undefined,
    lastCheckOf: () => lastCheck,
    checkAccount: (id: string) => {
      passes.push({ id, at: clock.now() });
      return Promise.resolve(ok({ accountId: id, results: [], error: null }));
    },
  };
  const schedule = startHealthSchedule({ clock, directory, service, held: { keepAccounts: () => undefined } });
  return {
    clock,
    passes,
    schedule,
    set: (hours: HealthIntervalHours) => {
      settings = { ...settings, intervalHours: hours };
      schedule.sync();
    },
    changed: () => {
      for (const l of listeners) l();
    },
  };
}

describe('the key health schedule', () => {
  it('checks nothing while the user asks for no schedule', async () => {
    const { clock, passes, schedule } = setUp([account('a')], 0);
    await clock.advance(48 * HOUR);
    expect(passes).toEqual([]);
    schedule.dispose();
  });

  it('once an hour: each signed-in account, never watched keys, disabled or hidden ones', async () => {
    const accounts = [
      account('token'),
      account('password', { kind: 'password' }),
      account('watched', { kind: 'api_key' }),
      account('off', { isDisabled: true }),
      account('hidden', { isHidden: true }),
    ];
    const { clock, passes, schedule } = setUp(accounts, 1);
    await clock.advance(3 * HOUR + 60_000);
    const byAccount = (id: string) => passes.filter((p) => p.id === id).length;
    expect(byAccount('token')).toBe(4); // at start (staggered), then each hour
    expect(byAccount('password')).toBe(4);
    expect(passes.filter((p) => ['watched', 'off', 'hidden'].includes(p.id))).toEqual([]);
    schedule.dispose();
  });

  it('a new interval takes effect at once; turning it off stops the passes', async () => {
    const { clock, passes, schedule, set } = setUp([account('a')], 24);
    await clock.advance(HOUR);
    expect(passes).toHaveLength(1);
    set(6);
    await clock.advance(6 * HOUR);
    expect(passes).toHaveLength(2);
    set(0);
    await clock.advance(48 * HOUR);
    expect(passes).toHaveLength(2);
    schedule.dispose();
  });

  it('an account added joins the schedule; after a restart the last check sets the next pass', async () => {
    const accounts = [account('a')];
    const { clock, passes, schedule, changed } = setUp(accounts, 6, 10 * HOUR - 5 * HOUR);
    await clock.advance(HOUR - 60_000);
    expect(passes).toEqual([]); // last checked five hours ago: due in an hour, not at start
    await clock.advance(120_000);
    expect(passes.map((p) => p.id)).toEqual(['a']);
    accounts.push(account('b'));
    changed();
    await clock.advance(60_000);
    expect(passes.map((p) => p.id)).toEqual(['a', 'b']);
    schedule.dispose();
  });
});
