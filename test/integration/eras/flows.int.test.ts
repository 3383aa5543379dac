// Every key and account operation of the keys integration tests, on every server era the emulator models, through
// the router, handlers, key services and AccountsService. Where an era really differs (no reveal, no key usage,
// no subscriptions, one-api's subnet and no groups, bare-array lists, byte-counted names) the test says what that era
// does.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyFields } from '../../../src-shared/contract';
import type { Gateway } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { T0, admin, failure, keyValue, readLog, value } from '../gateway/setup';
import {
  ERAS,
  credentials,
  eraApp,
  expectNoTokenMinting,
  hasReveal,
  isCurrentNewApi,
  resetEra,
  startEra,
  type EraApp,
} from './setup';

const fields = (overrides: Partial<KeyFields> = {}): KeyFields => ({
  name: 'ci-key',
  remainQuota: 1_500_000,
  unlimitedQuota: false,
  expiredTime: T0 + 86_400,
  group: 'vip',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
  ...overrides,
});

describe.each(ERAS)('key and account flows on %s', (profile: ProfileName) => {
  let gw: Gateway;
  let app: EraApp;
  let alice: string;
  let watched: string;
  const isOneApi = profile === 'one-api';
  const revealable = hasReveal(profile);

  beforeAll(async () => {
    gw = await startEra(profile);
    app = await eraApp(gw);
    // A system access token with the user id (legacy eras need it; the others ignore it) and a watched key.
    alice = await app.add('alice', credentials.accessToken(1));
    watched = await app.add('watched', credentials.watchedKey(1));
  });
  afterAll(async () => {
    await app.close();
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
  });
  // No flow may mint a new access token (GET /api/user/token kills the old one on every era before rc.41).
  afterEach(() => expectNoTokenMinting(gw));

  it('lists a page with derived states and masked keys; all keys of the account', async () => {
    const page = value(await app.call('keys:list', { accountId: alice, page: 1, size: 10 }));
    const byName = new Map(page.items.map((k) => [k.name, k]));
    expect(byName.size).toBe(6);
    // one-api's keys have no group: they call as the account's own.
    expect(byName.get('main')).toMatchObject({
      state: 'enabled',
      remainQuota: 5_000_000,
      group: isOneApi ? '' : 'vip',
    });
    expect(byName.get('expired')?.state).toBe('expired');
    expect(byName.get('exhausted')?.state).toBe('exhausted');
    expect(byName.get('unlimited')).toMatchObject({ state: 'enabled', unlimitedQuota: true });
    // one-api keeps its IP limit as ranges in `subnet` and its model list in `models`: read as the same limits.
    expect(byName.get('limits')).toMatchObject({
      modelLimitsEnabled: true,
      modelLimits: ['gpt-4o-mini'],
      allowIps: isOneApi ? '127.0.0.1/32' : '127.0.0.1',
    });
    for (const k of page.items) expect(k.maskedKey).toMatch(/^sk-\w{4}\*+\w{4}$/);
    // Full keys from an era that lists them never reach the renderer through a list.
    expect(JSON.stringify(page)).not.toContain(keyValue(1));
    expect(value(await app.call('keys:listAll', { accountId: alice }))).toHaveLength(6);
  });

  it('pages with the size asked', async () => {
    const second = value(await app.call('keys:list', { accountId: alice, page: 2, size: 4 }));
    if (isOneApi) {
      // one-api always answers 10 per page (ItemsPerPage): the second page of 10 is empty.
      expect(second.items).toHaveLength(0);
    } else {
      expect(second.items.map((k) => k.id)).toEqual([2, 1]);
    }
  });

  it('reads one key; another account’s key is not_found', async () => {
    expect(value(await app.call('keys:get', { accountId: alice, id: 6 })).name).toBe('limits');
    expect(failure(await app.call('keys:get', { accountId: alice, id: 20 })).code).toBe('not_found');
  });

  it('searches by name and by key value', async () => {
    const search = (field: 'name' | 'key', pattern: string) =>
      app.call('keys:search', { accountId: alice, field, pattern, page: 1, size: 10 });
    expect(value(await search('name', 'main')).items.map((k) => k.id)).toEqual([1]);
    const fuzzy = value(await search('name', 'ex%'));
    expect(fuzzy.items.map((k) => k.name).sort()).toEqual(['exhausted', 'expired']);
    expect(value(await search('key', `sk-${keyValue(4)}`)).items.map((k) => k.id)).toEqual([4]);
  });

  it('refuses %% and a pattern under two bytes before sending', async () => {
    await admin(gw, 'DELETE', '/log');
    for (const pattern of ['%a%%', '%a%']) {
      const error = failure(
        await app.call('keys:search', { accountId: alice, field: 'name', pattern, page: 1, size: 10 }),
      );
      expect(error.code).toBe('validation');
    }
    expect((await readLog(gw)).filter((e) => e.path === '/api/token/search')).toHaveLength(0);
  });

  it('creates a key and finds it; a name over the era’s byte limit is refused with the field', async () => {
    const created = value(
      await app.call('keys:create', {
        accountId: alice,
        fields: fields({ modelLimitsEnabled: true, modelLimits: ['gpt-4o'] }),
      }),
    );
    expect(created).toMatchObject({
      name: 'ci-key',
      remainQuota: 1_500_000,
      group: isOneApi ? '' : 'vip',
      state: 'enabled',
    });
    expect(created?.modelLimits).toEqual(['gpt-4o']);
    expect(created?.id).toBeGreaterThan(6);
    const tooLong = profile === 'spec' ? 'x'.repeat(51) : '名'.repeat(17);
    expect(
      failure(await app.call('keys:create', { accountId: alice, fields: fields({ name: tooLong }) })),
    ).toMatchObject({ code: 'validation', field: 'name' });
  });

  it('updates through the full update and reports what changed', async () => {
    const out = value(
      await app.call('keys:update', {
        accountId: alice,
        id: 6,
        edits: { name: 'renamed', allowIps: '10.0.0.1, 10.0.0.2' },
      }),
    );
    expect([...out.changed].sort()).toEqual(['allowIps', 'name']);
    expect(out.mismatches).toEqual([]);
    expect(out.key).toMatchObject({ name: 'renamed', modelLimits: ['gpt-4o-mini'] });
    // one-api stores ranges in `subnet`: each address typed alone is saved as its /32.
    expect(out.key.allowIps).toBe(isOneApi ? '10.0.0.1/32\n10.0.0.2/32' : '10.0.0.1\n10.0.0.2');
    const stored = (await admin(gw, 'GET', '/keys/6')) as {
      allow_ips?: string | null;
      subnet?: string | null;
      models?: string | null;
      remain_quota: number;
    };
    expect(stored.remain_quota).toBe(2_000_000);
    if (isOneApi) expect(stored).toMatchObject({ subnet: '10.0.0.1/32,10.0.0.2/32', models: 'gpt-4o-mini' });
    else expect(stored.allow_ips).toBe('10.0.0.1\n10.0.0.2');
    const ips = value(await app.call('keys:update', { accountId: alice, id: 1, edits: { allowIps: '10.0.0.1' } }));
    expect(ips.mismatches).toEqual([]);
  });

  it('adds quota as remaining + increment', async () => {
    const out = value(await app.call('keys:addQuota', { accountId: alice, id: 1, incrementUnits: 250_000 }));
    expect(out.key.remainQuota).toBe(5_250_000);
    expect(out.changed).toEqual(['remainQuota']);
  });

  it('disables and enables; enabling an expired key is refused with the reason', async () => {
    expect(value(await app.call('keys:setStatus', { accountId: alice, ids: [1, 6], isEnabled: false }))).toEqual({
      succeeded: [1, 6],
      failed: [],
    });
    const on = value(await app.call('keys:setStatus', { accountId: alice, ids: [1, 2, 20], isEnabled: true }));
    expect(on.succeeded).toEqual([1]);
    expect(on.failed.map((f) => [f.id, f.error.code])).toEqual([
      [2, 'validation'],
      [20, 'not_found'],
    ]);
    expect(value(await app.call('keys:get', { accountId: alice, id: 1 })).state).toBe('enabled');
    expect(value(await app.call('keys:get', { accountId: alice, id: 6 })).state).toBe('disabled');
  });

  it('extends and enables an expired key in one step', async () => {
    const key = value(await app.call('keys:extendAndEnable', { accountId: alice, id: 2, expiredTime: -1 }));
    expect(key).toMatchObject({ state: 'enabled', status: 1, expiredTime: -1 });
  });

  it('deletes a batch, reporting the ids that failed', async () => {
    const out = value(await app.call('keys:delete', { accountId: alice, ids: [5, 20] }));
    expect(out.succeeded).toEqual([5]);
    expect(out.failed.map((f) => f.id)).toEqual([20]);
    expect(failure(await app.call('keys:get', { accountId: alice, id: 5 })).code).toBe('not_found');
  });

  it('reveals one key, through reveal or, where the era has none, the full key its lists carry', async () => {
    await admin(gw, 'DELETE', '/log');
    const r = value(await app.call('keys:reveal', { accountId: alice, id: 1 }));
    expect(r).toEqual({ id: 1, key: `sk-${keyValue(1)}`, hideAt: T0 * 1000 + 30_000 });
    const reveals = (await readLog(gw)).filter((e) => e.path === '/api/token/1/key' && e.status === 200);
    expect(reveals).toHaveLength(revealable ? 1 : 0);
  });

  it('copies several keys (batch reveal or the list fallback) and exports them', async () => {
    await admin(gw, 'DELETE', '/log');
    const out = value(await app.call('keys:copy', { accountId: alice, ids: [1, 4, 20] }));
    const batches = (await readLog(gw)).filter((e) => e.path === '/api/token/batch/keys' && e.status === 200);
    expect(batches).toHaveLength(revealable ? 1 : 0);
    expect(out).toMatchObject({ copied: 2, missing: [20] });
    expect(app.clipboard.text).toBe(`sk-${keyValue(1)}\nsk-${keyValue(4)}`);
    const csv = value(await app.call('keys:export', { accountId: alice, ids: [1, 6], format: 'csv' }));
    expect(csv).toMatchObject({ count: 2, missing: [] });
    expect(app.files.saved.at(-1)?.contents).toContain(`sk-${keyValue(1)}`);
  });

  it('reads the key’s billing and models on request on every era, without its critical key-usage endpoint', async () => {
    const u = value(await app.call('keys:usage', { accountId: alice, id: 6 }));
    expect((await readLog(gw)).filter((e) => e.path.startsWith('/api/usage/'))).toEqual([]);
    expect(u.billing).toMatchObject({ hardLimitUnits: 2_500_000, usedUnits: 500_000, remainingUnits: 2_000_000 });
    expect(u.models?.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    // Key 1 is in vip (two models); on one-api keys have no group and it calls as alice's default group (one).
    expect(value(await app.call('keys:test', { accountId: alice, id: 1 })).modelCount).toBe(isOneApi ? 1 : 2);
    expect(failure(await app.call('keys:test', { accountId: alice, id: 2 })).code).toBe('key.invalid');
  });

  it('reads the account, its groups and models; the subscription where the era has it', async () => {
    expect(value(await app.call('account:self', { accountId: alice }))).toMatchObject({
      username: 'alice',
      quota: 50_000_000,
    });
    const sub = await app.call('account:subscription', { accountId: alice });
    if (profile === 'spec' || isCurrentNewApi(profile)) {
      expect(value(sub)).toMatchObject({ billingPreference: 'subscription_first', subscriptions: [{ plan: 'basic' }] });
    } else {
      expect(failure(sub)).toMatchObject({ code: 'unsupported', feature: 'subscription' });
    }
    const groups = await app.call('account:groups', { accountId: alice });
    if (isOneApi) {
      // one-api has no groups (its keys call as the account's own): "this version does not offer", never an address.
      expect(failure(groups)).toMatchObject({ code: 'unsupported', feature: 'groups' });
      const own = value(await app.call('account:models', { accountId: alice }));
      expect(own).toMatchObject({ source: 'listing' });
      expect(own.models.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    } else {
      expect(
        value(groups)
          .map((g) => g.name)
          .sort(),
      ).toEqual(['default', 'vip']);
      const vip = value(await app.call('account:models', { accountId: alice, group: 'vip' }));
      expect(vip.models.map((m) => m.id).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    }
    expect(value(await app.call('account:models', { accountId: watched })).models.length).toBeGreaterThan(0);
  });

  it('sums a key’s calls of the day by model from the site’s usage logs, as each era records them', async () => {
    // Calls on key 1 ("main"): 3 of gpt-4o, 12 of gpt-4o-mini (two of one-api's pages of 10); one call of an older
    // day, outside the window; and a second key named "main" with one call of its own.
    await admin(gw, 'POST', '/clock/set', { now: T0 - 2 * 86_400, frozen: true });
    await admin(gw, 'POST', '/keys/1/spend', { units: 90_000, model: 'gpt-4o' });
    await admin(gw, 'POST', '/clock/set', { now: T0, frozen: true });
    await admin(gw, 'POST', '/keys/1/spend', {
      units: 30_000,
      calls: 3,
      model: 'gpt-4o',
      prompt_tokens: 300,
      completion_tokens: 30,
    });
    await admin(gw, 'POST', '/keys/1/spend', { units: 12_000, calls: 12, model: 'gpt-4o-mini' });
    const twin = value(await app.call('keys:create', { accountId: alice, fields: fields({ name: 'main' }) }));
    if (!twin) throw new Error('the second "main" was not found after create');
    await admin(gw, 'POST', `/keys/${String(twin.id)}/spend`, { units: 5_000, model: 'gpt-4o' });

    const usage = await app.call('keys:modelUsage', { accountId: alice, id: 1 });
    if (profile === 'spec') {
      // The spec's server has no usage logs: "this version does not offer", never a wrong address.
      expect(failure(usage)).toMatchObject({ code: 'unsupported', feature: 'usage_logs' });
      return;
    }
    // one-api and the newest new-api record no key id: the name is all there is, and the view says so.
    const byName = profile === 'one-api' || isCurrentNewApi(profile);
    const view = value(usage);
    expect(view).toMatchObject({
      since: T0 - 86_400,
      until: T0,
      matchedBy: byName ? 'name' : 'id',
      calls: byName ? 16 : 15,
      isTruncated: false,
    });
    expect(view.models).toEqual([
      {
        model: 'gpt-4o',
        calls: byName ? 4 : 3,
        promptTokens: 300,
        completionTokens: 30,
        quotaUnits: byName ? 35_000 : 30_000,
        lastCallAt: T0,
      },
      { model: 'gpt-4o-mini', calls: 12, promptTokens: 0, completionTokens: 0, quotaUnits: 12_000, lastCallAt: T0 },
    ]);
  });

  it('says a key has no calls when the site records none (consume logging off)', async () => {
    await admin(gw, 'PUT', '/settings/log-consume', { enabled: false });
    await admin(gw, 'POST', '/keys/1/spend', { units: 30_000, model: 'gpt-4o' });
    const usage = await app.call('keys:modelUsage', { accountId: alice, id: 1 });
    if (profile === 'spec') {
      expect(failure(usage).code).toBe('unsupported');
      return;
    }
    expect(value(usage)).toMatchObject({ models: [], calls: 0, isTruncated: false });
  });

  it('a watched key has no key list', async () => {
    expect(failure(await app.call('keys:list', { accountId: watched, page: 1, size: 10 })).code).toBe('validation');
  });
});
