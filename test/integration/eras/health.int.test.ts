// Key health on every era, through the key services and the emulator: a key Keydesk does not hold is never checked
// (nothing sent), a held key costs exactly one GET /v1/models and nothing of the site's critical bucket, and each
// era's refusal comes back as the state the user reads — named by the site where it names one, by the key's record
// where it does not (today's new-api). The one-token call: its quote from the published prices, then the call.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KeyHealthView } from '../../../src-shared/contract';
import { HeldKeys } from '../../../src-main/features/health/held-keys';
import { HealthService } from '../../../src-main/features/health/health.service';
import { EMPTY_HEALTH, type HealthDocument } from '../../../src-main/features/health/health.store';
import { isCriticalRequest } from '../../../src-main/gateway';
import type { DocumentStore } from '../../../src-main/vault/config.store';
import type { Gateway, SeedInput } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { emulatorClock } from '../../support/emulator';
import { memoryLogger } from '../../support/memory-logger';
import { T0, admin, readLog, value } from '../gateway/setup';
import { ERAS, credentials, eraApp, expectNoTokenMinting, hasReveal, resetEra, startEra, type EraApp } from './setup';

const KEY = (id: number) => `h${String(id).padStart(3, '0')}${'y'.repeat(44)}`;
const seed = (profile: ProfileName): SeedInput => ({
  settings: { profile, propagation_delay_s: 0, rate_limit_enabled: false },
  groups: {
    default: { ratio: 1, models: ['per-call'] },
    vip: { ratio: 1.5, models: ['per-call', 'by-token'] },
    premium: { ratio: 3, models: ['per-call'] },
  },
  models: [
    { id: 'per-call', price: 1500 },
    { id: 'by-token', model_ratio: 0.075, completion_ratio: 4 },
  ],
  users: [
    {
      id: 1,
      username: 'alice',
      quota: 50_000_000,
      usable_groups: ['default', 'vip'],
      access_tokens: [{ token: 'sys-token-alice-full' }],
      keys: [
        { id: 1, key: KEY(1), name: 'works', remain_quota: 5_000_000, group: 'vip' },
        { id: 2, key: KEY(2), name: 'off', status: 2, remain_quota: 1000 },
        { id: 3, key: KEY(3), name: 'old', expired_time: T0 - 60, remain_quota: 1000 },
        { id: 4, key: KEY(4), name: 'spent', remain_quota: 0 },
        { id: 5, key: KEY(5), name: 'premium', remain_quota: 1000, group: 'premium' },
        { id: 6, key: KEY(6), name: 'fenced', remain_quota: 1000, allow_ips: '10.9.9.9' },
      ],
    },
  ],
});

const memoryStore = (): DocumentStore<HealthDocument> => {
  let doc = EMPTY_HEALTH;
  return { read: () => doc, write: (v) => (doc = v) };
};

describe.each(ERAS)('key health on %s', (profile: ProfileName) => {
  let gw: Gateway;
  let app: EraApp;
  let held: HeldKeys;
  let health: HealthService;
  let alice: string;
  let announced: (readonly KeyHealthView[])[];
  const isCurrent = profile === 'new-api' || profile === 'new-api-rc41';
  const isOneApi = profile === 'one-api';

  beforeAll(async () => {
    gw = await startEra(profile, seed(profile));
    const clock = emulatorClock(gw);
    held = new HeldKeys(() => gw.clock.now());
    app = await eraApp(gw, { keySink: held });
    alice = await app.add('alice', credentials.accessToken(1));
    announced = [];
    health = new HealthService({
      directory: app.accounts,
      keys: app.features.keys,
      held,
      store: memoryStore(),
      events: {
        emit: (event, payload) => {
          if (event === 'health:changed') announced.push(payload as readonly KeyHealthView[]);
        },
      },
      clock,
      log: memoryLogger().log,
    });
  });
  afterAll(async () => {
    await app.close();
    await gw.close();
  });
  beforeEach(async () => {
    await resetEra(gw);
    held.keepAccounts(new Set());
  });
  afterEach(() => expectNoTokenMinting(gw));

  /** Makes Keydesk hold the keys as the user would: a reveal where the era has one, else the list that carries them. */
  async function hold(ids: readonly number[]): Promise<void> {
    if (hasReveal(profile)) for (const id of ids) value(await app.call('keys:reveal', { accountId: alice, id }));
    else value(await app.call('keys:listAll', { accountId: alice }));
    await admin(gw, 'DELETE', '/log');
  }

  it('a key not held is not checked: nothing is sent, and the result says why', async () => {
    if (!hasReveal(profile)) return; // lists carry whole keys there: listing the keys already holds them
    await admin(gw, 'DELETE', '/log');
    const result = value(await health.check(alice, 1));
    expect(result).toMatchObject({ state: 'not_held', latencyMs: null });
    expect(await readLog(gw)).toEqual([]);
  });

  it('a held key that works: one GET /v1/models, its model count, nothing critical, announced', async () => {
    await hold([1]);
    const result = value(await health.check(alice, 1));
    expect(result).toMatchObject({ state: 'works', modelCount: isOneApi ? 1 : 2, via: 'models' });
    expect(result.modelIds).toEqual(isOneApi ? ['per-call'] : ['per-call', 'by-token']);
    const sent = await readLog(gw);
    expect(sent.map((e) => `${e.listener} ${e.method} ${e.path}`)).toEqual(['api GET /v1/models']);
    expect(sent.filter((e) => isCriticalRequest(e.method, `http://x${e.path}`))).toEqual([]);
    expect(announced.at(-1)).toEqual([result]);
  });

  it('each refusal as the user reads it: the site’s cause, or the record’s where the site says only “no”', async () => {
    await hold([2, 3, 4, 5, 6]);
    // Keydesk's record of each key, as the keys screen would have read it.
    value(await app.call('keys:listAll', { accountId: alice }));
    const check = async (id: number) => {
      const r = value(await health.check(alice, id));
      return [r.state, r.causeSource];
    };
    const cause = isCurrent ? 'record' : 'site';
    expect(await check(2)).toEqual(['disabled', cause]);
    expect(await check(3)).toEqual(['expired', cause]);
    // The spec answers an exhausted key's model list (its quota reads must work); real eras refuse it.
    expect(await check(4)).toEqual(profile === 'spec' ? ['works', null] : ['exhausted', cause]);
    // one-api keys have no group: the key calls as its owner's, which may be used.
    expect(await check(5)).toEqual(isOneApi ? ['works', null] : ['group_denied', 'site']);
    expect(await check(6)).toEqual(['ip_refused', 'site']);
    const sent = await readLog(gw);
    expect(sent.filter((e) => e.path !== '/api/token/' && e.listener === 'base')).toEqual([]);
    expect(sent.filter((e) => e.listener === 'api')).toHaveLength(5);
  });

  it('checking an account: its keys listed once, each held key checked once, the others not held', async () => {
    await hold([1]);
    const pass = value(await health.checkAccount(alice));
    expect(pass.error).toBeNull();
    const states = new Map(pass.results.map((r) => [r.keyId, r.state]));
    expect(states.get(1)).toBe('works');
    if (hasReveal(profile)) expect(states.get(2)).toBe('not_held');
    const models = (await readLog(gw)).filter((e) => e.path === '/v1/models');
    expect(models).toHaveLength(hasReveal(profile) ? 1 : 6);
    expect(health.list()).toHaveLength(6);
  });

  it('the one-token call: its cost from the published prices before, then one call that charges the key', async () => {
    await hold([1]);
    const quote = value(await health.quote(alice, 1, 'per-call'));
    if (profile === 'spec' || isOneApi) {
      // These sites publish no prices: the quote says so instead of a figure.
      expect(quote).toMatchObject({ lowUnits: null, unknownBecause: 'no_prices' });
    } else {
      expect(quote).toMatchObject({ lowUnits: 2250, highUnits: 2250, groupRatio: 1.5, unknownBecause: null });
      const byToken = value(await health.quote(alice, 1, 'by-token'));
      // (1 + 1 × 4) × 0.075 × 1.5 = 0.5625 → at least 1; (16 + 4) × 0.1125 = 2.25 → 2.
      expect(byToken).toMatchObject({ lowUnits: 1, highUnits: 2 });
    }
    await admin(gw, 'DELETE', '/log');
    const call = value(await health.call(alice, 1, 'per-call'));
    expect(call).toMatchObject({ state: 'works', via: 'call', model: 'per-call' });
    expect((await readLog(gw)).map((e) => `${e.method} ${e.path}`)).toEqual(['POST /v1/chat/completions']);
    const spent = (await admin(gw, 'GET', '/keys/1')) as { used_quota: number };
    expect(spent.used_quota).toBe(isOneApi ? 1500 : 2250);
  });
});
