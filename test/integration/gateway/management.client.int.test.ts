// The management client against the emulator: every endpoint of spec 4.1 and the management errors of spec 7.
import { describe, expect, it } from 'vitest';
import { WRITABLE_FIELDS } from '../../../src-main/gateway/token-update';
import type { ManagementClient } from '../../../src-main/gateway/management.client';
import {
  ALICE_PASSWORD,
  ALICE_READONLY,
  T0,
  admin,
  failure,
  keyValue,
  makeClients,
  readLog,
  SEED,
  value,
  useSeededGateway,
} from './setup';
import { startEmulator } from '../../support/emulator';

const seeded = useSeededGateway();

describe('login and account', () => {
  it('logs in with a password, adopts the token and the user id, and reads the account', async () => {
    const { management } = makeClients(seeded.gw, { accessToken: undefined });
    const outcome = value(await management.login('alice', ALICE_PASSWORD));
    expect(outcome).toMatchObject({ kind: 'signed_in', userId: 1 });
    expect(outcome.kind === 'signed_in' && outcome.expiresAt).toBe(T0 + 86_400);
    const account = value(await management.getSelf());
    expect(account).toMatchObject({ id: 1, username: 'alice', quota: 50_000_000 });
    // New-Api-User went out and matched (the emulator refuses a mismatch).
    expect(management.userId).toBe(1);
  });

  it('reports a wrong password as auth.unauthorized with the server message', async () => {
    const { management } = makeClients(seeded.gw, { accessToken: undefined });
    const e = failure(await management.login('alice', 'nope'));
    expect(e.code).toBe('auth.unauthorized');
    expect(e.serverMessage).toMatch(/username or password/);
  });

  it('reads groups and subscription', async () => {
    const { management } = makeClients(seeded.gw);
    expect(value(await management.getGroups())).toEqual([
      { name: 'default', desc: '默认分组', ratio: 1 },
      { name: 'vip', desc: 'VIP', ratio: 2 },
    ]);
    expect(value(await management.getSubscription())).toMatchObject({
      billing_preference: 'subscription_first',
      subscriptions: [{ plan: 'basic' }],
    });
  });

  it('renews an expired login token once for all concurrent callers, then replays', async () => {
    let reauths = 0;
    const { management: login } = makeClients(seeded.gw, { accessToken: undefined });
    value(await login.login('alice', ALICE_PASSWORD));
    const firstToken = [...seeded.gw.state.sessions.keys()][0];
    const holder: { client?: ManagementClient } = {};
    const { management } = makeClients(seeded.gw, {
      accessToken: undefined,
      saved: {
        credential: { kind: 'login_token', token: firstToken ?? '', expiresAt: null, sid: null },
        cookies: '',
        userId: 1,
      },
      reauthenticate: async () => {
        reauths++;
        const again = value(await (holder.client as ManagementClient).login('alice', ALICE_PASSWORD));
        if (again.kind !== 'signed_in') throw new Error('unexpected challenge');
      },
    });
    holder.client = management;
    await admin(seeded.gw, 'POST', '/clock/advance', { seconds: 86_401 });
    const results = await Promise.all([management.getGroups(), management.listKeys(), management.getKey(1)]);
    for (const r of results) expect(r.ok).toBe(true);
    expect(reauths).toBe(1);
    const expired = (await readLog(seeded.gw)).filter((e) => e.status === 401);
    expect(expired).toHaveLength(3);
  });

  it('without a way to renew, an expired login token asks the user to sign in', async () => {
    const { management: login } = makeClients(seeded.gw, { accessToken: undefined });
    const outcome = value(await login.login('alice', ALICE_PASSWORD));
    await admin(seeded.gw, 'POST', '/clock/advance', { seconds: 86_401 });
    expect(failure(await login.getGroups()).code).toBe(outcome.kind === 'signed_in' ? 'auth.needs_sign_in' : 'none');
  });

  it('maps a bad token to auth.unauthorized and a missing scope to auth.scope_denied naming it', async () => {
    expect(failure(await makeClients(seeded.gw, { accessToken: 'not-a-token' }).management.listKeys()).code).toBe(
      'auth.unauthorized',
    );
    const readonly = makeClients(seeded.gw, { accessToken: ALICE_READONLY }).management;
    expect(value(await readonly.listKeys()).items.length).toBeGreaterThan(0);
    expect(failure(await readonly.revealKey(1))).toMatchObject({ code: 'auth.scope_denied', scope: 'api_key:reveal' });
    expect(failure(await readonly.updateKey(1, { name: 'x' }))).toMatchObject({
      code: 'auth.scope_denied',
      scope: 'api_key:write',
    });
    expect(failure(await readonly.getSelf())).toMatchObject({ code: 'auth.scope_denied', scope: 'wallet:read' });
  });

  it('says base_url is wrong when it points at the model-calling address', async () => {
    const { management } = makeClients(seeded.gw, { baseUrl: seeded.gw.api_url });
    const e = failure(await management.listKeys());
    expect(e.code).toBe('wrong_base_address');
    expect(e.params?.address).toContain(seeded.gw.api_url);
    expect(e.reason).toBe('address.base_url_not_management');
    expect(e.serverMessage).toContain('404 page not found');
  });
});

describe('key reads', () => {
  it('lists keys newest first, pages 1-based, and walks all pages', async () => {
    const { management } = makeClients(seeded.gw);
    const page = value(await management.listKeys({ page: 1, size: 4 }));
    expect(page).toMatchObject({ page: 1, pageSize: 4, total: 6 });
    expect(page.items.map((k) => k.id)).toEqual([6, 5, 4, 3]);
    expect(page.items.every((k) => k.isMasked && k.key.startsWith('sk-'))).toBe(true);
    expect(value(await management.listKeys({ page: 2, size: 4 })).items.map((k) => k.id)).toEqual([2, 1]);
    expect(value(await management.listAllKeys()).map((k) => k.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('reads one key with every spec field', async () => {
    const key = value(await makeClients(seeded.gw).management.getKey(6));
    expect(key).toMatchObject({
      id: 6,
      name: 'limits',
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini',
      allow_ips: '127.0.0.1',
      remain_quota: 2_000_000,
      used_quota: 500_000,
      cross_group_retry: true,
    });
  });

  it("answers not_found for a missing key and for another account's key", async () => {
    const { management } = makeClients(seeded.gw);
    expect(failure(await management.getKey(999)).code).toBe('not_found');
    expect(failure(await management.getKey(20)).code).toBe('not_found');
    expect(failure(await management.deleteKey(20)).code).toBe('not_found');
  });

  it('searches exactly and fuzzily, by name and by key, and refuses bad patterns before sending', async () => {
    const { management } = makeClients(seeded.gw);
    expect(value(await management.searchKeys({ keyword: 'main' })).items.map((k) => k.id)).toEqual([1]);
    expect(value(await management.searchKeys({ keyword: 'ex%' })).items.map((k) => k.id)).toEqual([3, 2]);
    expect(value(await management.searchKeys({ token: `sk-${keyValue(4)}` })).items.map((k) => k.id)).toEqual([4]);
    const before = (await readLog(seeded.gw)).length;
    expect(failure(await management.searchKeys({ keyword: '%a%b%' }))).toMatchObject({
      code: 'validation',
      field: 'keyword',
    });
    expect(failure(await management.searchKeys({ keyword: '%e%' })).reason).toBe('search.too_few_bytes');
    expect(failure(await management.searchKeys({ keyword: '%%main' })).reason).toBe('search.adjacent_wildcards');
    expect((await readLog(seeded.gw)).length).toBe(before);
  });

  it('reports the server refusing a search (fuzzy above the key cap) as validation with its message', async () => {
    await admin(seeded.gw, 'PATCH', '/settings', { fuzzy_search_key_cap: 2 });
    const e = failure(await makeClients(seeded.gw).management.searchKeys({ keyword: '%ma%' }));
    expect(e.code).toBe('validation');
    expect(e.serverMessage).toMatch(/token search failed/);
    // Main names the cap, so the screen never reads the server's words to know it.
    expect(e.reason).toBe('search.exact_only');
    // The exact name is still answered.
    expect(
      value(await makeClients(seeded.gw).management.searchKeys({ keyword: 'main' })).items.map((k) => k.id),
    ).toEqual([1]);
  });

  it("names new-api's exact-only refusal (its words in Chinese) as the same reason", async () => {
    const newApi = await startEmulator({ seed: SEED, profile: 'new-api' });
    try {
      await admin(newApi, 'PATCH', '/settings', { fuzzy_search_key_cap: 2 });
      const e = failure(await makeClients(newApi).management.searchKeys({ keyword: '%ma%' }));
      expect(e).toMatchObject({ code: 'validation', reason: 'search.exact_only' });
      expect(e.serverMessage).toContain('仅允许精确搜索');
    } finally {
      await newApi.close();
    }
  });

  it('reveals one key and many in chunks of 100, merged, with sk-', async () => {
    const { management } = makeClients(seeded.gw);
    expect(value(await management.revealKey(1))).toBe(`sk-${keyValue(1)}`);
    const ids = [...Array.from({ length: 140 }, (_, i) => 1000 + i), 1, 4, 20];
    const keys = value(await management.revealKeys(ids));
    expect([...keys.entries()].sort()).toEqual([
      [1, `sk-${keyValue(1)}`],
      [4, `sk-${keyValue(4)}`],
    ]);
    const batches = (await readLog(seeded.gw)).filter((e) => e.path === '/api/token/batch/keys');
    expect(batches.map((e) => (e.body as { ids: number[] }).ids.length)).toEqual([100, 43]);
    expect(failure(await management.revealKey(20)).code).toBe('not_found');
  });
});

describe('key writes', () => {
  it('creates a key and returns its record found by listing', async () => {
    const { management } = makeClients(seeded.gw);
    const created = value(
      await management.createKey({
        name: 'new one',
        remain_quota: 250_000,
        unlimited_quota: false,
        expired_time: T0 + 3600,
        group: 'vip',
      }),
    );
    expect(created).toMatchObject({
      name: 'new one',
      remain_quota: 250_000,
      expired_time: T0 + 3600,
      group: 'vip',
      status: 1,
    });
    expect(created?.id).toBeGreaterThan(20);
    expect(value(await management.getKey(created?.id ?? 0)).name).toBe('new one');
  });

  it('passes the server refusal of an over-cap quota through as validation', async () => {
    const e = failure(
      await makeClients(seeded.gw).management.createKey({
        name: 'big',
        remain_quota: 3_000_000_000,
        unlimited_quota: false,
        expired_time: -1,
      }),
    );
    expect(e.code).toBe('validation');
    expect(e.serverMessage ?? e.field).toMatch(/remain_quota/);
  });

  it('updates safely: one edit changes one field and keeps every other', async () => {
    const { management } = makeClients(seeded.gw);
    const before = value(await management.getKey(6));
    const { key, mismatches } = value(await management.updateKey(6, { remain_quota: 3_000_000 }));
    expect(mismatches).toEqual([]);
    expect(key).toEqual({ ...before, remain_quota: 3_000_000 });
  });

  it('refuses a past expiry unless on purpose, and expires the key when asked', async () => {
    const { management } = makeClients(seeded.gw);
    expect(failure(await management.updateKey(1, { expired_time: T0 - 1 })).field).toBe('expired_time');
    const { key } = value(await management.updateKey(1, { expired_time: T0 - 1 }, { expireOnPurpose: true }));
    expect(key.expired_time).toBe(T0 - 1);
  });

  it('disables and enables through status_only, refusing expired and exhausted keys with the fix named', async () => {
    const { management } = makeClients(seeded.gw);
    value(await management.setKeyStatus(1, false));
    expect(value(await management.getKey(1)).status).toBe(2);
    value(await management.setKeyStatus(1, true));
    expect(value(await management.getKey(1)).status).toBe(1);

    const logBefore = (await readLog(seeded.gw)).length;
    expect(failure(await management.setKeyStatus(2, true))).toMatchObject({
      code: 'validation',
      field: 'expired_time',
    });
    expect(failure(await management.setKeyStatus(3, true))).toMatchObject({
      code: 'validation',
      field: 'remain_quota',
    });
    const puts = (await readLog(seeded.gw)).slice(logBefore).filter((e) => e.method === 'PUT');
    expect(puts).toHaveLength(0);
  });

  it('extendAndEnable fixes expiry or quota through the full update, then enables', async () => {
    const { management } = makeClients(seeded.gw);
    const a = value(await management.extendAndEnable(2, { expired_time: T0 + 86_400 }));
    expect(a).toMatchObject({ id: 2, status: 1, expired_time: T0 + 86_400 });
    const b = value(await management.extendAndEnable(3, { remain_quota: 500_000 }));
    expect(b).toMatchObject({ id: 3, status: 1, remain_quota: 500_000 });
    expect(value(await management.getKey(3)).status).toBe(1);
  });

  it('deletes a key for good', async () => {
    const { management } = makeClients(seeded.gw);
    expect(value(await management.deleteKey(5))).toBe(true);
    expect(failure(await management.getKey(5)).code).toBe('not_found');
  });

  it('never sends an update body without every writable field (emulator request log)', async () => {
    const { management } = makeClients(seeded.gw);
    value(await management.updateKey(1, { name: 'renamed' }));
    value(await management.updateKey(4, { unlimited_quota: false, remain_quota: 10 }));
    value(await management.updateKey(6, { allow_ips: '', model_limits_enabled: false }));
    value(await management.extendAndEnable(2, { expired_time: -1 }));
    value(await management.setKeyStatus(1, false));
    const log = await readLog(seeded.gw);
    const full = log.filter((e) => e.method === 'PUT' && e.path === '/api/token/' && e.query.status_only === undefined);
    const statusOnly = log.filter((e) => e.method === 'PUT' && e.query.status_only === 'true');
    expect(full).toHaveLength(4);
    expect(statusOnly).toHaveLength(2);
    for (const entry of full) {
      const body = entry.body as Record<string, unknown>;
      for (const field of ['id', ...WRITABLE_FIELDS])
        expect(body[field], `${field} in ${JSON.stringify(body)}`).not.toBeUndefined();
    }
  });
});
