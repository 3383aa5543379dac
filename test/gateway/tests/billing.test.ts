// What a call costs and what its consume row records (billing.ts): per-call and token prices, cached tokens, the
// group ratio, rounding half away from zero, the published prices, the `overcharge` fault, and a price change.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-explicit-any --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import type { SeedInput } from '../seed.schema';
import { bindProfile, must, startProfile } from './profile-helpers';

const TOKEN = 'fake-system-token-erin';
const HEADERS = { 'New-Api-User': '7' };
const seed = {
  groups: {
    default: { ratio: 1, models: ['per-call', 'by-token'] },
    vip: { ratio: 1.5, models: ['per-call', 'by-token'] },
  },
  models: [
    { id: 'per-call', price: 1500 },
    { id: 'by-token', model_ratio: 0.075, completion_ratio: 4, cache_ratio: 0.1 },
  ],
  users: [
    {
      id: 7,
      username: 'erin',
      quota: 100_000_000,
      access_tokens: [{ token: TOKEN }],
      keys: [
        { id: 1, name: 'plain', remain_quota: 10_000_000 },
        { id: 2, name: 'vip', remain_quota: 10_000_000, group: 'vip' },
      ],
    },
  ],
} satisfies SeedInput;

const PROFILES: ProfileName[] = ['new-api', 'new-api-legacy', 'new-api-early'];
const gateways = new Map<ProfileName, Gateway>();
beforeAll(async () => {
  for (const p of PROFILES) gateways.set(p, await startProfile(p, seed));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function on(profile: ProfileName) {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  const calls = (keyId: number, body: Record<string, unknown>) => h.admin(`/keys/${keyId}/calls`, { body });
  const rows = async (): Promise<Record<string, any>[]> =>
    (await h.base('/api/log/self?p=1&page_size=100&type=2', { token: TOKEN, headers: HEADERS })).body.data.items;
  return { gw, h, calls, rows };
}

describe('billed calls', () => {
  it('a per-call model costs its price times the group ratio', async () => {
    const { calls } = await on('new-api');
    expect((await calls(1, { model: 'per-call' })).body.units).toBe(1500);
    expect((await calls(2, { model: 'per-call' })).body.units).toBe(2250);
  });

  it('a token-priced model: (prompt − cached + cached × cache + completion × completion) × model × group', async () => {
    const { calls } = await on('new-api');
    // (1000 − 200 + 200 × 0.1 + 100 × 4) × 0.075 × 1.5 = 1220 × 0.1125 = 137.25 → 137
    expect(
      (await calls(2, { model: 'by-token', prompt_tokens: 1000, completion_tokens: 100, cache_tokens: 200 })).body
        .units,
    ).toBe(137);
    // 10 × 0.075 = 0.75 → 1 (half away from zero); a call with tokens never costs 0 where the ratio is not 0.
    expect((await calls(1, { model: 'by-token', prompt_tokens: 10, completion_tokens: 0 })).body.units).toBe(1);
    expect((await calls(1, { model: 'by-token', prompt_tokens: 2, completion_tokens: 0 })).body.units).toBe(1);
    // 30 × 0.075 = 2.25 → 2; 50 × 0.075 = 3.75 → 4: exact decimals, not binary floats.
    expect((await calls(1, { model: 'by-token', prompt_tokens: 30, completion_tokens: 0 })).body.units).toBe(2);
    expect((await calls(1, { model: 'by-token', prompt_tokens: 50, completion_tokens: 0 })).body.units).toBe(4);
  });

  it('records the ratios it applied in `other`: an object today, a JSON string on older eras', async () => {
    const current = await on('new-api');
    await current.calls(2, { model: 'by-token', prompt_tokens: 1000, completion_tokens: 100, cache_tokens: 200 });
    expect(must((await current.rows())[0]).other).toMatchObject({
      model_ratio: 0.075,
      completion_ratio: 4,
      group_ratio: 1.5,
      cache_tokens: 200,
      cache_ratio: 0.1,
      model_price: -1,
      user_group_ratio: -1,
    });
    for (const profile of ['new-api-legacy', 'new-api-early'] as const) {
      const older = await on(profile);
      await older.calls(1, { model: 'per-call' });
      const row = must((await older.rows())[0]);
      expect(typeof row.other).toBe('string');
      expect(JSON.parse(row.other as string)).toMatchObject({ model_price: 0.003, group_ratio: 1, model_ratio: 0 });
      expect(row.group).toBe('default');
    }
  });

  it('publishes both kinds of price on /api/pricing; cache ratios on current builds only', async () => {
    const current = await on('new-api');
    const published = (await current.h.base('/api/pricing')).body;
    const byName = new Map((published.data as { model_name: string }[]).map((m) => [m.model_name, m]));
    expect(byName.get('per-call')).toMatchObject({ quota_type: 1, model_price: 0.003, model_ratio: 0 });
    expect(byName.get('by-token')).toMatchObject({ quota_type: 0, model_ratio: 0.075, completion_ratio: 4 });
    expect(byName.get('by-token')).toHaveProperty('cache_ratio', 0.1);
    expect(published.group_ratio).toEqual({ default: 1, vip: 1.5 });
    const legacy = await on('new-api-legacy');
    const old = (await legacy.h.base('/api/pricing')).body.data as { model_name: string }[];
    expect(old.find((m) => m.model_name === 'by-token')).not.toHaveProperty('cache_ratio');
  });

  it('the overcharge fault charges a /v1 call twice its price and records the same ratios', async () => {
    const { h, rows } = await on('new-api');
    await h.admin('/faults', { body: { match: '/v1/chat/completions', kind: 'overcharge', times: 1 } });
    const chat = (model: string) =>
      h.api('/v1/chat/completions', {
        token: `sk-${h.keyOf(1)}`,
        body: { model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 },
      });
    expect((await chat('per-call')).status).toBe(200);
    expect((await chat('per-call')).status).toBe(200);
    const listed = await rows();
    const [second, first] = [must(listed[0]), must(listed[1])];
    expect(first).toMatchObject({ quota: 3000, prompt_tokens: 1, completion_tokens: 1 });
    expect(second.quota).toBe(1500);
    expect(first.other).toEqual(second.other);
  });

  it('a price change applies from then on; older rows keep the ratio they were charged at', async () => {
    const { h, calls, rows } = await on('new-api');
    await calls(1, { model: 'by-token', prompt_tokens: 100, completion_tokens: 0 });
    expect((await h.admin('/models/by-token/pricing', { method: 'PUT', body: { model_ratio: 0.15 } })).status).toBe(
      200,
    );
    await calls(1, { model: 'by-token', prompt_tokens: 100, completion_tokens: 0 });
    const listed = await rows();
    const [after, before] = [must(listed[0]), must(listed[1])];
    expect(before).toMatchObject({ quota: 8, other: { model_ratio: 0.075 } });
    expect(after).toMatchObject({ quota: 15, other: { model_ratio: 0.15 } });
  });
});
