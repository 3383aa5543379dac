// The keys and account channels end to end in main: router → handlers → services → real clients → the emulator.
// Every operation and its error paths; the request log proves no partial update body was ever sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WRITABLE_FIELDS } from '../../../src-main/gateway';
import type { KeyFields } from '../../../src-shared/contract';
import type { Gateway, LogEntry } from '../../gateway/index';
import { SEED, T0, admin, failure, keyValue, readLog, reset, value } from '../gateway/setup';
import { startEmulator } from '../../support/emulator';
import { FakeClipboard, keysApp } from './setup';

let gw: Gateway;
let app: ReturnType<typeof keysApp>;
const alice = 'alice';

beforeAll(async () => {
  gw = await startEmulator({ seed: SEED });
});
afterAll(async () => {
  await gw.close();
});
beforeEach(async () => {
  await reset(gw);
  app = keysApp(gw);
});

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

/** Every full PUT carried every writable field (status included, as read). */
function expectNoPartialUpdate(log: readonly LogEntry[]): number {
  const puts = log.filter((e) => e.method === 'PUT' && e.path === '/api/token/' && e.query.status_only !== 'true');
  for (const put of puts) {
    expect(Object.keys(put.body as object)).toEqual(expect.arrayContaining(['id', ...WRITABLE_FIELDS]));
  }
  return puts.length;
}

describe('listing and reading', () => {
  it('lists a page with derived states, masked keys with sk- and quota in units', async () => {
    const page = value(await app.call('keys:list', { accountId: alice, page: 1, size: 10 }));
    expect(page.total).toBe(6);
    const byName = new Map(page.items.map((k) => [k.name, k]));
    expect(byName.get('main')).toMatchObject({ state: 'enabled', remainQuota: 5_000_000, group: 'vip' });
    expect(byName.get('expired')?.state).toBe('expired');
    expect(byName.get('exhausted')?.state).toBe('exhausted');
    expect(byName.get('unlimited')).toMatchObject({ state: 'enabled', unlimitedQuota: true, remainQuota: -100 });
    expect(byName.get('limits')).toMatchObject({ modelLimits: ['gpt-4o-mini'], allowIps: '127.0.0.1' });
    for (const k of page.items) expect(k.maskedKey).toMatch(/^sk-\w{4}\*+\w{4}$/);
    expect(JSON.stringify(page)).not.toContain(keyValue(1));
  });

  it('pages with the size asked and lists all keys of an account', async () => {
    const second = value(await app.call('keys:list', { accountId: alice, page: 2, size: 4 }));
    expect(second.items.map((k) => k.id)).toEqual([2, 1]);
    const all = value(await app.call('keys:listAll', { accountId: alice }));
    expect(all).toHaveLength(6);
  });

  it('reads one key; another account’s key is not_found with the server message', async () => {
    expect(value(await app.call('keys:get', { accountId: alice, id: 6 })).name).toBe('limits');
    expect(failure(await app.call('keys:get', { accountId: alice, id: 20 }))).toMatchObject({
      code: 'not_found',
      serverMessage: 'record not found',
    });
  });

  it('searches by name (exact and fuzzy) and by key value with or without sk-', async () => {
    const exact = value(
      await app.call('keys:search', { accountId: alice, field: 'name', pattern: 'main', page: 1, size: 10 }),
    );
    expect(exact.items.map((k) => k.id)).toEqual([1]);
    const fuzzy = value(
      await app.call('keys:search', { accountId: alice, field: 'name', pattern: '%ex%', page: 1, size: 10 }),
    );
    expect(fuzzy.items.map((k) => k.name).sort()).toEqual(['exhausted', 'expired']);
    const byKey = value(
      await app.call('keys:search', {
        accountId: alice,
        field: 'key',
        pattern: `sk-${keyValue(4)}`,
        page: 1,
        size: 10,
      }),
    );
    expect(byKey.items.map((k) => k.id)).toEqual([4]);
  });

  it('refuses a bad search pattern before sending, with the rule broken', async () => {
    await admin(gw, 'DELETE', '/log');
    for (const pattern of ['%a%%', '%a%', 'a\u0001b']) {
      const error = failure(
        await app.call('keys:search', { accountId: alice, field: 'name', pattern, page: 1, size: 10 }),
      );
      expect(error.code).toBe('validation');
      expect(error.reason).toMatch(/^search\./);
    }
    expect((await readLog(gw)).filter((e) => e.path === '/api/token/search')).toHaveLength(0);
  });

  it('explains the exact-only cap when the server refuses a fuzzy search', async () => {
    await admin(gw, 'PATCH', '/settings', { fuzzy_search_key_cap: 3 });
    const error = failure(
      await app.call('keys:search', { accountId: alice, field: 'name', pattern: 'ma%', page: 1, size: 10 }),
    );
    expect(error.code).toBe('validation');
    expect(error.serverMessage).toMatch(/token search failed/);
  });
});

describe('create and update', () => {
  it('creates a key and finds it (create answers no key)', async () => {
    const created = value(
      await app.call('keys:create', {
        accountId: alice,
        fields: fields({ modelLimitsEnabled: true, modelLimits: ['gpt-4o'] }),
      }),
    );
    expect(created).toMatchObject({
      name: 'ci-key',
      remainQuota: 1_500_000,
      group: 'vip',
      modelLimits: ['gpt-4o'],
      state: 'enabled',
    });
    expect(created?.id).toBeGreaterThan(6);
  });

  it('refuses a name over 50 characters and a quota over the cap, with the server’s message', async () => {
    expect(
      failure(await app.call('keys:create', { accountId: alice, fields: fields({ name: 'x'.repeat(51) }) })),
    ).toMatchObject({
      code: 'validation',
      field: 'name',
    });
    await admin(gw, 'PATCH', '/settings', { max_remain_quota: 1_000_000 });
    const error = failure(await app.call('keys:create', { accountId: alice, fields: fields() }));
    expect(error.code).toBe('validation');
    expect(error.serverMessage).toMatch(/quota/i);
    const edit = failure(await app.call('keys:update', { accountId: alice, id: 1, edits: { remainQuota: 2_000_000 } }));
    expect(edit.code).toBe('validation');
  });

  it('updates through the safe full update and reports what changed', async () => {
    await admin(gw, 'DELETE', '/log');
    const out = value(
      await app.call('keys:update', {
        accountId: alice,
        id: 6,
        edits: { name: 'renamed', allowIps: '10.0.0.1, 10.0.0.2' },
      }),
    );
    expect([...out.changed].sort()).toEqual(['allowIps', 'name']);
    expect(out.mismatches).toEqual([]);
    expect(out.key).toMatchObject({
      name: 'renamed',
      // One address per line, as real servers split the list (a comma inside a line is deleted there).
      allowIps: '10.0.0.1\n10.0.0.2',
      modelLimits: ['gpt-4o-mini'],
      group: '',
    });
    const log = await readLog(gw);
    expect(expectNoPartialUpdate(log)).toBe(1);
    // At its floor: one fresh read and one full write; the write's answer carries the stored record.
    expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /api/token/6', 'PUT /api/token/']);
    const put = log.find((e) => e.method === 'PUT');
    expect(put?.body).toMatchObject({
      id: 6,
      remain_quota: 2_000_000,
      model_limits: 'gpt-4o-mini',
      expired_time: -1,
      cross_group_retry: true,
    });
  });

  it('refuses an expiry in the past unless the user means it', async () => {
    const error = failure(await app.call('keys:update', { accountId: alice, id: 1, edits: { expiredTime: T0 - 10 } }));
    expect(error).toMatchObject({ code: 'validation', field: 'expired_time' });
    const out = value(
      await app.call('keys:update', { accountId: alice, id: 1, edits: { expiredTime: T0 - 10 }, allowExpire: true }),
    );
    expect(out.key.state).toBe('expired');
  });

  it('adds quota as current remaining + increment', async () => {
    await admin(gw, 'DELETE', '/log');
    const out = value(await app.call('keys:addQuota', { accountId: alice, id: 1, incrementUnits: 250_000 }));
    expect(out.key.remainQuota).toBe(5_250_000);
    expect(out.changed).toEqual(['remainQuota']);
    const log = await readLog(gw);
    expect(expectNoPartialUpdate(log)).toBe(1);
    expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    expect(failure(await app.call('keys:addQuota', { accountId: alice, id: 4, incrementUnits: 1 }))).toMatchObject({
      code: 'validation',
    });
  });

  it('refuses malformed input at the bridge', async () => {
    const bad = await app.router.dispatch(
      'keys:addQuota',
      { accountId: alice, id: 1, incrementUnits: 0.5 },
      { transport: 'test' },
    );
    expect(failure(bad).code).toBe('validation');
    const extra = await app.router.dispatch(
      'keys:update',
      { accountId: alice, id: 1, edits: { status: 1 } },
      { transport: 'test' },
    );
    expect(failure(extra).code).toBe('validation');
  });
});

describe('status, extend and delete', () => {
  it('disables and enables in a batch; enabling an expired or exhausted key is refused with the reason', async () => {
    const off = value(await app.call('keys:setStatus', { accountId: alice, ids: [1, 6], isEnabled: false }));
    expect(off).toEqual({ succeeded: [1, 6], failed: [] });
    const on = value(await app.call('keys:setStatus', { accountId: alice, ids: [1, 2, 3, 20], isEnabled: true }));
    expect(on.succeeded).toEqual([1]);
    expect(on.failed.map((f) => [f.id, f.error.code])).toEqual([
      [2, 'validation'],
      [3, 'validation'],
      [20, 'not_found'],
    ]);
    expect(on.failed[0]?.error.reason).toBe('key.enable_expired');
    expect(on.failed[1]?.error.reason).toBe('key.enable_exhausted');
    const log = await readLog(gw);
    expect(log.filter((e) => e.query.status_only === 'true').map((e) => e.body)).toEqual([
      { id: 1, status: 2 },
      { id: 6, status: 2 },
      { id: 1, status: 1 },
    ]);
  });

  it('extends and enables in one step', async () => {
    const key = value(await app.call('keys:extendAndEnable', { accountId: alice, id: 2, expiredTime: -1 }));
    expect(key).toMatchObject({ state: 'enabled', status: 1, expiredTime: -1 });
    const topped = value(await app.call('keys:extendAndEnable', { accountId: alice, id: 3, remainQuota: 500_000 }));
    expect(topped).toMatchObject({ state: 'enabled', remainQuota: 500_000 });
    expect(expectNoPartialUpdate(await readLog(gw))).toBe(2);
  });

  it('deletes a batch, reporting the ids that failed', async () => {
    const out = value(await app.call('keys:delete', { accountId: alice, ids: [5, 20] }));
    expect(out.succeeded).toEqual([5]);
    expect(out.failed).toMatchObject([{ id: 20, error: { code: 'not_found' } }]);
    expect(failure(await app.call('keys:get', { accountId: alice, id: 5 })).code).toBe('not_found');
  });
});

describe('secrets', () => {
  it('reveals one key with sk- and a time to hide it', async () => {
    const r = value(await app.call('keys:reveal', { accountId: alice, id: 1 }));
    expect(r).toEqual({ id: 1, key: `sk-${keyValue(1)}`, hideAt: T0 * 1000 + 30_000 });
  });

  it('copies keys in main as sk-…, and clears them later only if still there', async () => {
    const clipboard = app.clipboard;
    const out = value(await app.call('keys:copy', { accountId: alice, ids: [1, 4, 20] }));
    expect(out).toMatchObject({ copied: 2, missing: [20] });
    expect(clipboard.text).toBe(`sk-${keyValue(1)}\nsk-${keyValue(4)}`);
    await app.features.clipboard.dispose();
    expect(clipboard.text).toBe('');
  });

  it('answers unavailable without revealing anything when main has no clipboard (browser mode)', async () => {
    const noClip = keysApp(gw, { clipboard: new FakeClipboard(false) });
    await admin(gw, 'DELETE', '/log');
    expect(failure(await noClip.call('keys:copy', { accountId: alice, ids: [1] })).code).toBe('unavailable');
    expect(await readLog(gw)).toEqual([]);
  });

  it('exports the selection as CSV or JSON with full keys', async () => {
    const csv = value(await app.call('keys:export', { accountId: alice, ids: [1, 6], format: 'csv' }));
    expect(csv).toMatchObject({ count: 2, missing: [] });
    expect(csv.path).toMatch(/keydesk-keys-alice-\d{8}-\d{6}\.csv$/);
    const [file] = app.files.saved;
    expect(file?.contents.split('\r\n')[0]).toBe(
      'ID,Name,Key,Group,State,Unlimited,Remaining (units),Remaining (amount),Used (units),Expires,Model limits,Allowed IPs',
    );
    expect(file?.contents).toContain(`1,main,sk-${keyValue(1)},vip,enabled,false,5000000,10,0,never,,`);
    const json = value(await app.call('keys:export', { accountId: alice, ids: [4], format: 'json' }));
    expect(json.count).toBe(1);
    expect(JSON.parse(app.files.saved[1]?.contents ?? '')).toMatchObject([
      { id: 4, key: `sk-${keyValue(4)}`, unlimited: true },
    ]);
    app.files.isCancelling = true;
    expect(value(await app.call('keys:export', { accountId: alice, ids: [4], format: 'json' }))).toMatchObject({
      path: null,
      count: 0,
    });
  });
});

describe('the key’s own view: billing, models, test', () => {
  it('reads billing in units and the models the key can call', async () => {
    const u = value(await app.call('keys:usage', { accountId: alice, id: 6 }));
    expect(u.billing).toMatchObject({ hardLimitUnits: 2_500_000, usedUnits: 500_000, remainingUnits: 2_000_000 });
    expect(u.models?.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    const unlimited = value(await app.call('keys:usage', { accountId: alice, id: 4 }));
    expect(unlimited.billing).toMatchObject({ hardLimitUnits: null, remainingUnits: null });
  });

  it('shows key 401 as key.invalid per part, and the test call fails the same way', async () => {
    const u = value(await app.call('keys:usage', { accountId: alice, id: 2 }));
    expect(u.modelsError?.code).toBe('key.invalid');
    expect(failure(await app.call('keys:test', { accountId: alice, id: 2 })).code).toBe('key.invalid');
    expect(value(await app.call('keys:test', { accountId: alice, id: 1 })).modelCount).toBe(2);
  });
});

describe('scope and account kinds', () => {
  it('names the missing scope for a read-only token', async () => {
    expect(value(await app.call('keys:list', { accountId: 'readonly', page: 1, size: 10 })).total).toBe(6);
    expect(failure(await app.call('keys:create', { accountId: 'readonly', fields: fields() }))).toMatchObject({
      code: 'auth.scope_denied',
      scope: 'api_key:write',
    });
    const off = value(await app.call('keys:setStatus', { accountId: 'readonly', ids: [1], isEnabled: false }));
    expect(off.failed[0]?.error).toMatchObject({ code: 'auth.scope_denied', scope: 'api_key:write' });
    expect(failure(await app.call('keys:reveal', { accountId: 'readonly', id: 1 }))).toMatchObject({
      code: 'auth.scope_denied',
      scope: 'api_key:reveal',
    });
    expect(failure(await app.call('account:self', { accountId: 'readonly' }))).toMatchObject({ scope: 'wallet:read' });
  });

  it('says a watched key has no key list, and an unknown account is not_found', async () => {
    expect(failure(await app.call('keys:list', { accountId: 'watched', page: 1, size: 10 })).code).toBe('validation');
    expect(failure(await app.call('keys:list', { accountId: 'nobody', page: 1, size: 10 })).code).toBe('not_found');
    // The renderer tells key-capable accounts by kind (api_key cannot manage keys); main refuses all the same.
    expect(failure(await app.call('keys:listAll', { accountId: 'watched' })).code).toBe('validation');
  });
});

describe('account info', () => {
  it('reads the account, subscription, groups and models', async () => {
    expect(value(await app.call('account:self', { accountId: alice }))).toMatchObject({
      username: 'alice',
      quota: 50_000_000,
    });
    const sub = value(await app.call('account:subscription', { accountId: alice }));
    expect(sub).toMatchObject({ billingPreference: 'subscription_first', subscriptions: [{ plan: 'basic' }] });
    const groups = value(await app.call('account:groups', { accountId: alice }));
    expect(groups).toEqual(
      expect.arrayContaining([
        { name: 'default', desc: '默认分组', ratio: 1 },
        { name: 'vip', desc: 'VIP', ratio: 2 },
      ]),
    );
    const vip = value(await app.call('account:models', { accountId: alice, group: 'vip' }));
    expect(vip.models.map((m) => m.id).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    // The spec's server has no model list of its own: the models come through a key of the group.
    expect(vip.source).toBe('key');
    expect(failure(await app.call('account:models', { accountId: alice, group: 'nope' })).code).toBe('not_found');
    const watched = value(await app.call('account:models', { accountId: 'watched' }));
    expect(watched.models.length).toBeGreaterThan(0);
  });

  it('reads the models of a group through a key that does not narrow them, not its newest key', async () => {
    // The newest vip key allows only gpt-4o-mini; key 1 has no model list and sees the whole group.
    const narrow = fields({ name: 'narrow', modelLimitsEnabled: true, modelLimits: ['gpt-4o-mini'] });
    const created = value(await app.call('keys:create', { accountId: alice, fields: narrow }));
    expect(created?.modelLimits).toEqual(['gpt-4o-mini']);
    const vip = value(await app.call('account:models', { accountId: alice, group: 'vip' }));
    expect(vip.models.map((m) => m.id).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(vip.source).toBe('key');
  });

  it('never reads the models through a key whose own list narrows them: says why instead of a short list', async () => {
    value(await app.call('keys:setStatus', { accountId: alice, ids: [1], isEnabled: false }));
    const narrow = fields({ name: 'narrow', modelLimitsEnabled: true, modelLimits: ['gpt-4o-mini'] });
    value(await app.call('keys:create', { accountId: alice, fields: narrow }));
    expect(failure(await app.call('account:models', { accountId: alice, group: 'vip' }))).toMatchObject({
      code: 'not_found',
      reason: 'models.only_narrowed_keys',
    });
  });
});
