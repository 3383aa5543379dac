// The sites' own model listings per era: new-api's /api/pricing (early, legacy and current shapes) and
// /api/user/models, one-api's /api/user/available_models, and none on the spec. None of them spends the critical
// bucket, and none needs an API key.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { ALICE_PASSWORD, bindProfile, cookieFrom, must, startProfile } from './profile-helpers';

const TOKEN = 'fake-system-token-lena';
const SEED = {
  groups: {
    default: { desc: 'Default', ratio: 1, models: ['gpt-4o-mini'] },
    vip: { desc: 'VIP', ratio: 2, models: ['gpt-4o-mini', 'gpt-4o'] },
    secret: { desc: 'not hers', ratio: 3, models: ['o1'] },
  },
  models: [
    { id: 'gpt-4o-mini', price: 1000 },
    { id: 'gpt-4o', price: 5000, supported_endpoint_types: ['openai', 'openai-response'] },
    { id: 'o1', price: 9000 },
    { id: 'unserved', price: 1 },
  ],
  users: [
    {
      id: 3,
      username: 'lena',
      password: ALICE_PASSWORD,
      usable_groups: ['default', 'vip'],
      access_tokens: [{ token: TOKEN }],
      keys: [{ id: 1, name: 'k', remain_quota: 10 }],
    },
  ],
};

const gateways = new Map<ProfileName, Gateway>();
const PROFILES: ProfileName[] = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api'];
beforeAll(async () => {
  for (const p of PROFILES) gateways.set(p, await startProfile(p, SEED));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function on(profile: ProfileName) {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  const base = (path: string, init: Parameters<typeof h.base>[1] = {}) =>
    h.base(path, { token: TOKEN, ...init, headers: { 'New-Api-User': '3', ...init.headers } });
  return { gw, h, base };
}

/** Each listed model with the groups that serve it, from a pricing answer's `data`. */
const groupsOf = (data: unknown) =>
  Object.fromEntries(
    (data as { model_name: string; enable_groups: string[] }[]).map((m) => [m.model_name, m.enable_groups]),
  );

describe('GET /api/pricing', () => {
  it('current new-api: enable_groups trimmed to the caller’s usable groups, endpoint types, no message key', async () => {
    const { base, h } = await on('new-api');
    const r = await base('/api/pricing');
    expect(r.body).not.toHaveProperty('message');
    expect(r.body).toMatchObject({
      success: true,
      group_ratio: { default: 1, vip: 2 },
      usable_group: { default: 'Default', vip: 'VIP' },
      vendors: [],
      auto_groups: [],
    });
    expect(typeof r.body.pricing_version).toBe('string');
    // o1 is served only by a group she may not use: dropped; a model no group serves is never listed.
    expect(groupsOf(r.body.data)).toEqual({ 'gpt-4o-mini': ['default', 'vip'], 'gpt-4o': ['vip'] });
    expect(r.body.data[1]).toMatchObject({
      model_name: 'gpt-4o',
      quota_type: 1,
      model_price: 0.01,
      owner_by: '',
      supported_endpoint_types: ['openai', 'openai-response'],
    });
    // Anonymous: the emulator has no site-wide usable groups, so every group shows.
    const anonymous = await h.base('/api/pricing');
    expect(groupsOf(anonymous.body.data)).toMatchObject({ o1: ['secret'] });
  });

  it('legacy new-api: every group of each model, whoever asks; an access token is anonymous there', async () => {
    const { base } = await on('new-api-legacy');
    const r = await base('/api/pricing');
    expect(groupsOf(r.body.data)).toEqual({
      'gpt-4o-mini': ['default', 'vip'],
      'gpt-4o': ['vip'],
      o1: ['secret'],
    });
    expect(r.body).toHaveProperty('supported_endpoint');
    expect(r.body).not.toHaveProperty('pricing_version');
    expect(r.body.usable_group).toHaveProperty('secret');
  });

  it('early new-api: the small shape, no endpoint types; a session cookie makes the caller known', async () => {
    const { gw, h } = await on('new-api-early');
    const login = await h.base('/api/user/login', { body: { username: 'lena', password: ALICE_PASSWORD } });
    const cookie = cookieFrom(login, 'session');
    const r = await bindProfile(gw).withCookie('/api/pricing', cookie);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'group_ratio', 'success', 'usable_group']);
    expect(r.body.data[0]).not.toHaveProperty('supported_endpoint_types');
    expect(r.body.usable_group).toEqual({ default: 'Default', vip: 'VIP' });
    expect(groupsOf(r.body.data)).toMatchObject({ o1: ['secret'] });
  });
});

describe('GET /api/user/models and one-api’s /api/user/available_models', () => {
  it('current new-api answers the asked group, nothing for a group she may not use, all of hers without one', async () => {
    const { base } = await on('new-api');
    expect((await base('/api/user/models?group=vip')).body.data).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect((await base('/api/user/models?group=secret')).body.data).toEqual([]);
    expect((await base('/api/user/models')).body.data).toEqual(['gpt-4o-mini', 'gpt-4o']);
  });

  it('older new-api answers every usable group whatever is asked', async () => {
    for (const p of ['new-api-legacy', 'new-api-early'] as const) {
      const { base } = await on(p);
      expect((await base('/api/user/models?group=default')).body.data).toEqual(['gpt-4o-mini', 'gpt-4o']);
    }
  });

  it('one-api answers its owner’s group; neither it nor the spec has /api/pricing or /api/user/models', async () => {
    const { base } = await on('one-api');
    expect((await base('/api/user/available_models')).body).toEqual({
      success: true,
      message: '',
      data: ['gpt-4o-mini'],
    });
    expect((await base('/api/user/models')).status).toBe(404);
    expect((await base('/api/pricing')).body.error.message).toBe('Invalid URL (GET /api/pricing)');
    const spec = await on('spec');
    expect((await spec.base('/api/pricing')).text).toBe('404 page not found');
  });
});

describe('listings and the rate limits', () => {
  it('spend the global bucket only, never the critical one', async () => {
    const { base, h } = await on('new-api');
    expect((await base('/api/pricing')).body.success).toBe(true);
    expect((await base('/api/user/models?group=vip')).body.success).toBe(true);
    const limits = (await h.admin('/rate-limits')).body as { counts: Record<string, Record<string, number>> };
    expect(limits.counts.critical ?? {}).toEqual({});
    expect(Object.values(limits.counts.global ?? {})).toEqual([2]);
  });
});
