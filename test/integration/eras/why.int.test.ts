// What went wrong on older servers, one regression test per failure on the server era where it happens. Failures
// already covered elsewhere are named here, so the whole list can be checked in one place:
// - password login and second factor on legacy, early and one-api; sessions and their caps on current new-api;
//   the user id of legacy access tokens, profile:read, the HTTP 200 invalid token: accounts/sessions.int.test.ts
// - endpoints an older server lacks (reveal, key usage, subscription) as `unsupported`: eras/flows.int.test.ts
// - allow_ips written one per line, usable from each address: eras/new-user.int.test.ts
// - money per display type and billing on a CNY site: eras/new-user.int.test.ts
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyFields } from '../../../src-shared/contract';
import { formatMoney } from '../../../src-shared/units';
import { runWithPriority } from '../../../src-main/gateway';
import { readQuota } from '../../../src-main/features/quota/reading';
import type { Gateway } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { SEED, T0, admin, failure, readLog, value } from '../gateway/setup';
import { credentials, draftFor, eraApp, eraSeed, expectNoTokenMinting, resetEra, startEra, type EraApp } from './setup';

const fields = (overrides: Partial<KeyFields> = {}): KeyFields => ({
  name: 'why',
  remainQuota: 1_000_000,
  unlimitedQuota: false,
  expiredTime: -1,
  group: 'vip',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
  ...overrides,
});

/** The gateway seed plus a key saved by another client without allow_ips (null) and one with a Chinese name. */
function whySeed(profile: ProfileName) {
  const seed = eraSeed(profile);
  const [alice, ...others] = SEED.users ?? [];
  if (!alice) throw new Error('the gateway seed has no alice');
  return {
    ...seed,
    users: [
      {
        ...alice,
        keys: [
          ...(alice.keys ?? []),
          { id: 7, key: `k007${'n'.repeat(44)}`, name: 'no-ips', created_time: T0 - 400, allow_ips: null },
          { id: 8, key: `k008${'c'.repeat(44)}`, name: '测试密钥', created_time: T0 - 300 },
        ],
      },
      ...others,
    ],
  };
}

describe.each(['new-api', 'new-api-legacy', 'new-api-early'] as const)(
  'what failed on older servers, on %s',
  (profile) => {
    let gw: Gateway;
    let app: EraApp;
    let alice: string;

    beforeAll(async () => {
      gw = await startEra(profile, whySeed(profile));
      app = await eraApp(gw);
      alice = await app.add('alice', credentials.accessToken(1));
    });
    afterAll(async () => {
      await app.close();
      await gw.close();
    });
    afterEach(() => expectNoTokenMinting(gw));
    beforeEach(async () => {
      await resetEra(gw);
    });

    it('a key with allow_ips null (saved by another client) lists, searches, reads and updates as no limit', async () => {
      const listed = value(await app.call('keys:listAll', { accountId: alice }));
      expect(listed.find((k) => k.id === 7)?.allowIps).toBe('');
      const found = value(
        await app.call('keys:search', { accountId: alice, field: 'name', pattern: 'no-ips', page: 1, size: 10 }),
      );
      expect(found.items.map((k) => k.id)).toEqual([7]);
      expect(value(await app.call('keys:get', { accountId: alice, id: 7 })).allowIps).toBe('');
      const out = value(await app.call('keys:update', { accountId: alice, id: 7, edits: { name: 'now-named' } }));
      expect(out).toMatchObject({ changed: ['name'], mismatches: [] });
    });

    it('names and fuzzy search count bytes: %测% is sent and finds, a 20-character Chinese name is refused unsent', async () => {
      const fuzzy = value(
        await app.call('keys:search', { accountId: alice, field: 'name', pattern: '%测%', page: 1, size: 10 }),
      );
      expect(fuzzy.items.map((k) => k.id)).toEqual([8]);
      await admin(gw, 'DELETE', '/log');
      const long = failure(
        await app.call('keys:create', { accountId: alice, fields: fields({ name: '测'.repeat(20) }) }),
      );
      expect(long).toMatchObject({ code: 'validation', field: 'name' });
      expect(long).toMatchObject({ reason: 'input.key_name_bytes', params: { max: 50 } });
      expect((await readLog(gw)).filter((e) => e.method === 'POST' && e.path === '/api/token/')).toEqual([]);
    });

    it('a key refused its group (Chinese message, empty code) is a group refusal, not an invalid key', async () => {
      // Key 5 is in `premium`, which alice may not use.
      expect(failure(await app.call('keys:test', { accountId: alice, id: 5 })).code).toBe('key.group_denied');
      const usage = value(await app.call('keys:usage', { accountId: alice, id: 5 }));
      expect(usage.modelsError?.code).toBe('key.group_denied');
    });

    it('the models of a group come whole from the site’s own list, though its newest key narrows them', async () => {
      // The newest vip key allows only gpt-4o-mini; the site's pricing says what the whole group serves.
      value(
        await app.call('keys:create', {
          accountId: alice,
          fields: fields({ name: 'narrow', modelLimitsEnabled: true, modelLimits: ['gpt-4o-mini'] }),
        }),
      );
      const vip = value(await app.call('account:models', { accountId: alice, group: 'vip' }));
      expect(vip.models.map((m) => m.id).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
      expect(vip.source).toBe('listing');
    });
  },
);

describe('money on current new-api', () => {
  let gw: Gateway;
  let app: EraApp;

  beforeAll(async () => {
    gw = await startEra('new-api');
  });
  afterAll(async () => {
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
    app = await eraApp(gw);
  });
  afterEach(async () => {
    await expectNoTokenMinting(gw);
    await app.close();
  });

  it('a default site shows dollars, and the user’s own yuan rate may be any positive decimal', async () => {
    await app.siteMoney.refresh(gw.base_url);
    const added = await app.accounts.add({
      ...draftFor(gw, 'alice', credentials.accessToken()),
      yuanPerUsd: '6.85',
    });
    if (!added.ok || added.value.status !== 'done') throw new Error('expected the account');
    const { money } = added.value.account;
    expect(money.site).toMatchObject({ displayType: 'USD', symbol: '$' });
    expect(formatMoney(50_000_000, 'en-US', money)).toBe('$100.00 ≈ ¥685.00');
    expect(money.yuanRateSource).toBe('user');
  });
});

describe('the shared critical bucket on current new-api (rate limits on)', () => {
  let gw: Gateway;
  let app: EraApp;
  const WATCHED = 5;

  beforeAll(async () => {
    gw = await startEra('new-api', eraSeed('new-api', { rate_limit_enabled: true }));
    app = await eraApp(gw);
  });
  afterAll(async () => {
    await app.close();
    await gw.close();
  });
  afterEach(() => expectNoTokenMinting(gw));

  it('five watched keys polled for 20 minutes stay out of the user’s last six: sign-in and reveal keep working', async () => {
    // Alice's key 1, 4 and 6 and two more she makes, each watched as its own account (five on one host).
    const alice = await app.add('alice', credentials.accessToken());
    const extra = [];
    for (const name of ['w1', 'w2']) {
      const created = value(await app.call('keys:create', { accountId: alice, fields: fields({ name }) }));
      if (created) extra.push(created.id);
    }
    const watchedIds = [1, 4, 6, ...extra];
    expect(watchedIds).toHaveLength(WATCHED);
    const watched: string[] = [];
    for (const id of watchedIds) {
      const key = value(await app.call('keys:reveal', { accountId: alice, id })).key;
      watched.push(await app.add(`watched ${String(id)}`, { kind: 'api_key', apiKey: key }));
    }
    const polled = new Set<string>();
    // Every minute for 20 minutes, each key polled as the quota monitor does (background priority).
    for (let minute = 0; minute < 20; minute++) {
      await admin(gw, 'POST', '/clock/advance', { seconds: 60 });
      for (const id of watched) {
        const reading = await runWithPriority('background', () =>
          readQuota(app.accounts, app.accounts.get(id), new AbortController().signal),
        );
        if (reading.ok) polled.add(id);
        else expect(reading.error.code).toBe('rate_limited');
      }
    }
    // The setup's five reveals and five watched-key checks are the user's: ten in the window. Keydesk's polls never
    // take one of the site's last six, so four keys were read and the fifth waits for the window to move on.
    expect(polled.size).toBe(WATCHED - 1);
    // The user's own critical requests still get through: a password sign-in and a reveal.
    await app.add('alice by password', credentials.password());
    expect(value(await app.call('keys:reveal', { accountId: alice, id: 1 })).key).toMatch(/^sk-k001/);
    const refused = (await readLog(gw)).filter((e) => e.status === 429);
    expect(refused).toEqual([]);
  }, 30_000);
});
