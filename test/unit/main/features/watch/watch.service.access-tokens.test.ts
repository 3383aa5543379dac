// An access token's expiry, as its user entered it (no site lets a token read its own): listed in Expiring soon and
// told to the alert listener within the setting's days, whether the account's keys could be read or not, and once per
// token and date by the feature that raises the alerts.
import { describe, expect, it } from 'vitest';
import type { AlertDraft, ExpiringItem, Result } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { assembleWatch } from '../../../../../src-main/features/watch/watch.feature';
import { WatchService } from '../../../../../src-main/features/watch/watch.service';
import type { AccountInfoService } from '../../../../../src-main/features/account/account.service';
import type { KeysService } from '../../../../../src-main/features/keys/keys.service';

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

// Every read fails: a token near its end may already be refused, and its date is still the user's to hear.
const refused = (): Promise<Result<never>> => Promise.resolve({ ok: false, error: { code: 'auth.token_expired' } });

function service(accounts: AccountHandle[]) {
  const watch = new WatchService(
    {
      accounts: () => accounts,
      keys: refused,
      groups: refused,
      self: refused,
      models: refused,
      subscription: refused,
      expiringWithinDays: () => 7,
    },
    { now: () => NOW_SEC * 1000 },
  );
  const told: ExpiringItem[][] = [];
  watch.onExpiring((items) => told.push([...items]));
  return { watch, told };
}

describe('access tokens in Expiring soon', () => {
  it('lists a token ending within the days, from the date its user entered, even when the account cannot be read', async () => {
    const { watch, told } = service([
      account('soon', { accessTokenExpiresAt: NOW_SEC + 2 * DAY }),
      account('later', { accessTokenExpiresAt: NOW_SEC + 30 * DAY }),
      account('past', { accessTokenExpiresAt: NOW_SEC - DAY }),
      account('unknown'),
      account('hidden', { accessTokenExpiresAt: NOW_SEC + DAY, isHidden: true }),
      account('password', { kind: 'password', accessTokenExpiresAt: NOW_SEC + DAY }),
    ]);
    const answer = await watch.expiring();
    if (!answer.ok) throw new Error('expected an answer');
    expect(answer.value.items).toEqual([
      {
        kind: 'token',
        accountId: 'soon',
        accountLabel: 'Label soon',
        expiresAt: NOW_SEC + 2 * DAY,
        key: null,
        name: 'Label soon',
      },
    ]);
    // The failed reads are named beside it, as for any account.
    expect(answer.value.failures.map((f) => f.accountId)).toContain('soon');
    expect(told.at(-1)?.map((i) => i.kind)).toEqual(['token']);
  });

  it('tells the hourly check’s listener of the token before (and whatever) the account’s read answers', async () => {
    const { watch, told } = service([account('a', { accessTokenExpiresAt: NOW_SEC + DAY })]);
    expect((await watch.checkAccount('a')).ok).toBe(false);
    expect(told).toEqual([[expect.objectContaining({ kind: 'token', accountId: 'a', expiresAt: NOW_SEC + DAY })]]);
  });

  it('raises one Expiring soon alert per token and date: a new token with a new date is a new one', async () => {
    const accounts = [account('a', { accessTokenExpiresAt: NOW_SEC + DAY })];
    const raised: AlertDraft[] = [];
    const seen = new Set<string>();
    const directory = { list: () => accounts, onChange: () => () => undefined } as unknown as AccountDirectory;
    const feature = assembleWatch({
      directory,
      keys: { listAll: refused } as unknown as KeysService,
      info: { groups: refused, self: refused, models: refused, subscription: refused } as unknown as AccountInfoService,
      clock: { now: () => NOW_SEC * 1000 },
      expiringWithinDays: () => 7,
      alerts: {
        raiseAlert: (_account, draft) => {
          // The alert centre's own rule: one alert per episode.
          if (seen.has(draft.episodeKey)) return null;
          seen.add(draft.episodeKey);
          raised.push(draft);
          return null;
        },
      },
    });
    await feature.service.expiring();
    await feature.service.checkAccount('a');
    accounts[0] = account('a', { accessTokenExpiresAt: NOW_SEC + 3 * DAY });
    await feature.service.expiring();
    await feature.dispose();
    expect(raised).toEqual([
      expect.objectContaining({
        kind: 'expiring',
        accountId: 'a',
        target: { type: 'token' },
        expiresAtMs: (NOW_SEC + DAY) * 1000,
      }),
      expect.objectContaining({ target: { type: 'token' }, expiresAtMs: (NOW_SEC + 3 * DAY) * 1000 }),
    ]);
  });
});
