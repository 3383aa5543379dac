// Seed format: defaults, validation, file loading, and the demo seed's promised contents.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED_PATH, startGateway } from '../index';
import { ALL_SCOPES, deterministicKey, loadSeedFile, parseSeed } from '../seed.schema';
import { call } from './helpers';

describe('seed schema', () => {
  it('fills every omitted field with its default', () => {
    const seed = parseSeed({ groups: { default: {} }, users: [{ id: 1, username: 'u', keys: [{}] }] });
    expect(seed.settings).toEqual({
      propagation_delay_s: 15,
      max_remain_quota: 2147483647,
      fuzzy_search_key_cap: 1000,
      login_token_ttl_s: 86400,
      profile: 'spec',
      access_token_ttl_s: 900,
      secure_cookies: false,
      max_active_sessions: 50,
      max_sessions_per_day: 100,
      rate_limit_enabled: true,
      display_token_stat_enabled: true,
      legacy_access_token_retire_at: null,
      password_encryption: false,
      access_token_undeclared: [],
      status: {
        quota_per_unit: 500000,
        quota_display_type: 'USD',
        usd_exchange_rate: 7.3,
        custom_currency_symbol: '¤',
        custom_currency_exchange_rate: 1,
        display_in_currency: true,
        price: 7.3,
        stripe_unit_price: 8,
      },
    });
    expect(seed.groups.default).toEqual({ desc: '', ratio: 1, models: [] });
    expect(seed.users[0]).toMatchObject({ role: 1, status: 1, group: 'default', quota: 0, access_tokens: [] });
    expect(seed.users[0]?.subscription).toEqual({
      billing_preference: 'subscription_first',
      subscriptions: [],
      all_subscriptions: [],
    });
    expect(seed.users[0]?.keys[0]).toMatchObject({ status: 1, expired_time: -1, unlimited_quota: false, group: '' });
  });

  it('rejects inconsistent seeds', () => {
    const user = { id: 1, username: 'u' };
    expect(() => parseSeed({ users: [user] })).toThrow(/unknown group default/);
    expect(() => parseSeed({ groups: { default: {} }, users: [{ ...user, keys: [{ id: 1 }, { id: 1 }] }] })).toThrow(
      /duplicate key id/,
    );
    expect(() =>
      parseSeed({ groups: { default: {} }, users: [{ ...user, keys: [{ key: 'sk-abcdefgh' }] }] }),
    ).toThrow();
    expect(() => parseSeed({ groups: { default: {} }, users: [{ ...user, keys: [{ group: 'nope' }] }] })).toThrow(
      /unknown group nope/,
    );
  });

  it('derives stable key values for keys without one', () => {
    expect(deterministicKey(1, 2)).toMatch(/^[0-9a-zA-Z]{48}$/);
    expect(deterministicKey(1, 2)).toBe(deterministicKey(1, 2));
    expect(deterministicKey(1, 2)).not.toBe(deterministicKey(1, 3));
  });

  it('loads a seed from a file path', async () => {
    const gw = await startGateway({ seed: DEMO_SEED_PATH });
    try {
      const r = await call(`${gw.base_url}/api/user/self/groups`, { token: 'demo-access-token-bob-readonly' });
      expect(r.body.data).toEqual({ default: { desc: '默认分组', ratio: 1 }, 企业: { desc: '企业专线', ratio: 0.8 } });
    } finally {
      await gw.close();
    }
  });
});

describe('demo seed', () => {
  const seed = loadSeedFile(DEMO_SEED_PATH);
  const raw = JSON.parse(readFileSync(DEMO_SEED_PATH, 'utf8')) as { users: { keys: { key: string }[] }[] };

  it('has the users, credentials and groups the emulator tests rely on', () => {
    expect(seed.users.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(seed.groups).some((g) => /[^\x00-\x7f]/.test(g))).toBe(true); // eslint-disable-line no-control-regex
    expect(seed.users.some((u) => u.password !== undefined)).toBe(true);
    expect(seed.users.some((u) => u.access_tokens.some((t) => t.scopes.length === ALL_SCOPES.length))).toBe(true);
    expect(seed.users.some((u) => u.access_tokens.some((t) => t.scopes.length < ALL_SCOPES.length))).toBe(true);
    expect(Math.max(...seed.users.map((u) => u.keys.length))).toBeGreaterThanOrEqual(150);
    expect(raw.users.every((u) => u.keys.every((k) => /^[0-9a-zA-Z]{48}$/.test(k.key)))).toBe(true);
  });

  it('has keys in every state', () => {
    const keys = seed.users.flatMap((u) => u.keys);
    expect(keys.some((k) => k.status === 1 && k.remain_quota > 0)).toBe(true);
    expect(keys.some((k) => k.status === 2)).toBe(true);
    expect(keys.some((k) => k.status === 3 && k.expired_time > 0)).toBe(true);
    expect(keys.some((k) => !k.unlimited_quota && k.remain_quota === 0)).toBe(true);
    expect(keys.some((k) => k.unlimited_quota && k.remain_quota < 0)).toBe(true);
    expect(keys.some((k) => k.model_limits_enabled && k.model_limits !== '')).toBe(true);
    expect(keys.some((k) => k.allow_ips !== '')).toBe(true);
  });
});
