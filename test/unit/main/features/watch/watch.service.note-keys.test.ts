// Keys listed by another pass (the spend feature's) reach the expiry check without a request: a key ending within
// the setting's days is told to the listeners, one ending later or already ended is not, and an account the watch
// does not look after (a watched key, a hidden or disabled account) is ignored.
import { describe, expect, it } from 'vitest';
import type { ExpiringItem, Result } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import type { AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { WatchService } from '../../../../../src-main/features/watch/watch.service';
import { fakeKey } from './fakes';

const NOW_SEC = 1_800_000_000;
const DAY = 86_400;
const account = (id: string, over: Partial<AccountHandle> = {}): AccountHandle => ({
  id,
  kind: 'access_token',
  label: `Label ${id}`,
  units: SPEC_MONEY,
  isDisabled: false,
  isHidden: false,
  thresholds: { warnUnits: null, criticalUnits: null },
  ...over,
});

function service(accounts: AccountHandle[]) {
  const calls: string[] = [];
  const never = (name: string) => (): Promise<Result<never>> => {
    calls.push(name);
    return Promise.resolve({ ok: false, error: { code: 'internal' } });
  };
  const watch = new WatchService(
    {
      accounts: () => accounts,
      keys: never('keys'),
      groups: never('groups'),
      self: never('self'),
      models: never('models'),
      subscription: never('subscription'),
      expiringWithinDays: () => 7,
    },
    { now: () => NOW_SEC * 1000 },
  );
  const told: ExpiringItem[][] = [];
  watch.onExpiring((items) => told.push([...items]));
  return { watch, told, calls };
}

describe('noteKeys', () => {
  it('tells the listeners of keys ending within the days, from the listed keys alone', () => {
    const { watch, told, calls } = service([account('a')]);
    watch.noteKeys('a', [
      fakeKey({ id: 1, accountId: 'a', expiredTime: NOW_SEC + 2 * DAY }),
      fakeKey({ id: 2, accountId: 'a', expiredTime: NOW_SEC + 30 * DAY }),
      fakeKey({ id: 3, accountId: 'a', expiredTime: NOW_SEC - DAY }),
      fakeKey({ id: 4, accountId: 'a', expiredTime: -1 }),
    ]);
    expect(told).toHaveLength(1);
    expect(told[0]?.map((i) => [i.accountLabel, i.name, i.expiresAt])).toEqual([
      ['Label a', 'key-1', NOW_SEC + 2 * DAY],
    ]);
    expect(calls).toEqual([]);
  });

  it('ignores accounts it does not watch and says nothing when nothing ends soon', () => {
    const { watch, told } = service([
      account('hidden', { isHidden: true }),
      account('key', { kind: 'api_key' }),
      account('b'),
    ]);
    const soon = (accountId: string) => [fakeKey({ id: 1, accountId, expiredTime: NOW_SEC + DAY })];
    watch.noteKeys('hidden', soon('hidden'));
    watch.noteKeys('key', soon('key'));
    watch.noteKeys('gone', soon('gone'));
    watch.noteKeys('b', [fakeKey({ id: 1, accountId: 'b', expiredTime: NOW_SEC + 60 * DAY })]);
    expect(told).toEqual([]);
  });
});
