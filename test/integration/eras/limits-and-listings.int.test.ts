// On every server era: a key's IP and model limits as the era stores them (one-api's `subnet` ranges and `models`,
// written in exactly its own columns), a key saved with two addresses answering /v1 from each and refused from a third
// (real source addresses, no header trusted), groups where the era has them, a name search that finds only what was
// asked though the era's own search is wider, and a group's models read from the site's own list, with no reveal and
// nothing of the critical bucket, wherever the era has one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyFields } from '../../../src-shared/contract';
import { WatchService } from '../../../src-main/features/watch/watch.service';
import { getFrom } from '../../support/from-address';
import type { Gateway } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { admin, failure, readLog, value } from '../gateway/setup';
import { ERAS, credentials, eraApp, resetEra, startEra, type EraApp } from './setup';

const fields = (overrides: Partial<KeyFields> = {}): KeyFields => ({
  name: 'limited',
  remainQuota: 1_000_000,
  unlimitedQuota: false,
  expiredTime: -1,
  group: '',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
  ...overrides,
});

/** Requests that reveal a key, call with one, or spend the critical bucket. */
const isKeyCost = (path: string): boolean =>
  /^\/api\/token\/(\d+\/key|batch\/keys)$/.test(path) || path.startsWith('/v1/') || path.startsWith('/api/usage/');

interface RateCounts {
  readonly counts: Record<string, Record<string, number> | undefined>;
}

describe.each(ERAS)('limits, groups, search and model lists on %s', (profile: ProfileName) => {
  let gw: Gateway;
  let app: EraApp;
  let alice: string;
  const isOneApi = profile === 'one-api';
  /** Eras whose site lists what a group serves: /api/pricing on new-api, /api/user/available_models on one-api. */
  const hasListing = profile !== 'spec';

  beforeAll(async () => {
    gw = await startEra(profile);
    app = await eraApp(gw);
    alice = await app.add('alice', credentials.accessToken(1));
  });
  afterAll(async () => {
    await app.close();
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
  });

  it('says how the site stores a key’s limits', async () => {
    expect(value(await app.call('keys:shape', { accountId: alice }))).toEqual(
      isOneApi ? { ipLimit: 'subnet', hasGroups: false } : { ipLimit: 'allow_ips', hasGroups: true },
    );
  });

  it('a key saved with two addresses answers /v1 from each and is refused from a third', async () => {
    const saved = value(
      await app.call('keys:update', { accountId: alice, id: 1, edits: { allowIps: '127.0.0.2\n127.0.0.3' } }),
    );
    expect(saved.mismatches).toEqual([]);
    // one-api takes ranges only: each address is saved as its own /32, and the key says so.
    expect(saved.key.allowIps).toBe(isOneApi ? '127.0.0.2/32\n127.0.0.3/32' : '127.0.0.2\n127.0.0.3');
    const key = value(await app.call('keys:reveal', { accountId: alice, id: 1 })).key;
    const url = `${gw.api_url}/v1/models`;
    expect((await getFrom('127.0.0.2', url, key)).status).toBe(200);
    expect((await getFrom('127.0.0.3', url, key)).status).toBe(200);
    expect((await getFrom('127.0.0.4', url, key)).status).toBe(403);
  });

  it('reads and writes the model list where the era keeps it, and refuses an address the era would refuse, unsent', async () => {
    const created = value(
      await app.call('keys:create', {
        accountId: alice,
        fields: fields({ modelLimitsEnabled: true, modelLimits: ['gpt-4o'], allowIps: '10.0.0.0/8\n10.1.2.3' }),
      }),
    );
    if (!created) throw new Error('the created key was not found');
    expect(created).toMatchObject({ modelLimitsEnabled: true, modelLimits: ['gpt-4o'] });
    expect(created.allowIps).toBe(isOneApi ? '10.0.0.0/8\n10.1.2.3/32' : '10.0.0.0/8\n10.1.2.3');
    const listed = value(await app.call('keys:listAll', { accountId: alice }));
    expect(listed.find((k) => k.id === created.id)).toMatchObject({ modelLimits: ['gpt-4o'] });

    await admin(gw, 'DELETE', '/log');
    const refused = failure(
      await app.call('keys:update', { accountId: alice, id: created.id, edits: { allowIps: '10.0.0.1/33' } }),
    );
    expect(refused).toMatchObject({
      code: 'validation',
      field: 'allow_ips',
      reason: isOneApi ? 'input.subnet_list' : 'input.ip_list',
    });
    expect((await readLog(gw)).filter((e) => e.method === 'PUT')).toEqual([]);
  });

  it('an update writes exactly the era’s own columns', async () => {
    await admin(gw, 'DELETE', '/log');
    value(await app.call('keys:update', { accountId: alice, id: 6, edits: { name: 'renamed' } }));
    const put = (await readLog(gw)).find((e) => e.method === 'PUT' && e.path === '/api/token/');
    const sent = Object.keys(put?.body ?? {}).sort();
    if (isOneApi) {
      // controller/token.go UpdateToken + token.Update(): these and nothing else (status as read).
      expect(sent).toEqual(
        ['expired_time', 'id', 'models', 'name', 'remain_quota', 'status', 'subnet', 'unlimited_quota'].sort(),
      );
      expect(put?.body).toMatchObject({ models: 'gpt-4o-mini', subnet: '127.0.0.1/32' });
    } else {
      expect(sent).toEqual(expect.arrayContaining(['allow_ips', 'group', 'model_limits', 'model_limits_enabled']));
      expect(sent).not.toContain('subnet');
    }
  });

  it('groups where the era has them; one-api has none and says this version does not offer them', async () => {
    const groups = await app.call('account:groups', { accountId: alice });
    if (isOneApi) expect(failure(groups)).toMatchObject({ code: 'unsupported', feature: 'groups' });
    else
      expect(
        value(groups)
          .map((g) => g.name)
          .sort(),
      ).toEqual(['default', 'vip']);
  });

  it('an exact name search finds that name only, though the era searches by prefix or substring', async () => {
    for (const name of ['main-backup', 'old-main']) {
      value(await app.call('keys:create', { accountId: alice, fields: fields({ name }) }));
    }
    const names = async (pattern: string) =>
      value(await app.call('keys:search', { accountId: alice, field: 'name', pattern, page: 1, size: 10 }))
        .items.map((k) => k.name)
        .sort();
    expect(await names('main')).toEqual(['main']);
    expect(await names('main%')).toEqual(['main', 'main-backup']);
    expect(await names('%main')).toEqual(['main', 'old-main']);
    // `_` is a letter in a pattern (new-api escapes it), not one-api's or early new-api's LIKE wildcard.
    expect(await names('mai_')).toEqual([]);
  });

  it('a group’s models come from the site’s own list where it has one: no reveal, no key, no critical request', async () => {
    // Every usable vip key limits its own models: a key could show only its own list, never the group's.
    value(await app.call('keys:setStatus', { accountId: alice, ids: [1], isEnabled: false }));
    value(
      await app.call('keys:create', {
        accountId: alice,
        fields: fields({ name: 'narrow', group: 'vip', modelLimitsEnabled: true, modelLimits: ['gpt-4o-mini'] }),
      }),
    );
    await admin(gw, 'DELETE', '/log');
    await admin(gw, 'DELETE', '/rate-limits');

    // The Models page: the account's own group, and (where keys have groups) vip.
    const own = await app.call('account:models', { accountId: alice });
    const vip = isOneApi ? null : await app.call('account:models', { accountId: alice, group: 'vip' });
    // The model search across accounts, as the Models page's search box asks it.
    const watch = new WatchService(
      {
        accounts: () => app.accounts.list(),
        keys: (id) => app.features.keys.listAll(id),
        groups: (id) => app.info.groups(id),
        self: (id) => app.info.self(id),
        models: (id, group) => app.info.models(id, group),
        subscription: (id) => app.info.subscription(id),
        expiringWithinDays: () => 7,
      },
      { now: () => gw.clock.now() * 1000 },
    );
    const found = value(await watch.whoCanCall('gpt-4o-mini', true));
    const log = await readLog(gw);
    const critical = (await admin(gw, 'GET', '/rate-limits')) as RateCounts;

    if (!hasListing) {
      // The spec's server lists nothing: the own group is read through its open key, and vip has only a narrowing
      // key, which is never used: it says so instead of a short list.
      expect(value(own).source).toBe('key');
      expect(vip && failure(vip)).toMatchObject({ code: 'not_found', reason: 'models.only_narrowed_keys' });
      return;
    }
    expect(value(own)).toMatchObject({ source: 'listing' });
    expect(value(own).models.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    if (vip) {
      expect(value(vip)).toMatchObject({ source: 'listing' });
      expect(
        value(vip)
          .models.map((m) => m.id)
          .sort(),
      ).toEqual(['gpt-4o', 'gpt-4o-mini']);
    }
    // Every usable key whose group serves gpt-4o-mini and whose own list allows it. one-api's keys have no group, so
    // `premium` (a group alice may not use elsewhere) calls as her default group there.
    expect(found.failures).toEqual([]);
    expect(found.knownModels).toEqual(isOneApi ? ['gpt-4o-mini'] : ['gpt-4o', 'gpt-4o-mini']);
    expect(found.matches.map((m) => m.key.name).sort()).toEqual(
      isOneApi ? ['limits', 'narrow', 'premium', 'unlimited'] : ['limits', 'narrow', 'unlimited'],
    );
    expect(log.filter((e) => isKeyCost(e.path)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(critical.counts.critical ?? {}).toEqual({});
  });
});
