// How each era answers GET /v1/models for a key that may not call: unknown, disabled, expired, exhausted (by status
// and by quota), and a key that works. What a health check reads (profile switch `keyRefusals`).
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import type { SeedInput } from '../seed.schema';
import { bindProfile, must, startProfile, T0 } from './profile-helpers';

const seed = {
  groups: { default: { models: ['gpt-4o', 'gpt-4o-mini'] } },
  models: [{ id: 'gpt-4o' }, { id: 'gpt-4o-mini' }],
  users: [
    {
      id: 7,
      username: 'erin',
      quota: 10_000_000,
      access_tokens: [{ token: 'fake-system-token-erin' }],
      keys: [
        { id: 1, name: 'works', key: 'abcworksxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz1', remain_quota: 1000 },
        {
          id: 2,
          name: 'off',
          key: 'abcoffxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz2',
          status: 2,
          remain_quota: 1000,
        },
        { id: 3, name: 'old', key: 'abcoldxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz3', expired_time: T0 - 60 },
        { id: 4, name: 'empty', key: 'abcemptyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz4', remain_quota: 0 },
        { id: 5, name: 'spent', key: 'abcspentxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz5', status: 4 as const },
        { id: 6, name: 'free', key: 'abcfreexxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyz6', unlimited_quota: true },
      ],
    },
  ],
} satisfies SeedInput;

const PROFILES: ProfileName[] = ['spec', 'new-api', 'new-api-rc41', 'new-api-legacy', 'new-api-early', 'one-api'];
const gateways = new Map<ProfileName, Gateway>();
beforeAll(async () => {
  for (const p of PROFILES) gateways.set(p, await startProfile(p, seed));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function modelsOn(profile: ProfileName, keyId: number | 'unknown') {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  const token = keyId === 'unknown' ? 'sk-nosuchkeyxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' : `sk-${h.keyOf(keyId)}`;
  const reply = await h.api('/v1/models', { token });
  return { reply, gw };
}

describe('GET /v1/models for a key that may not call', () => {
  it('today’s new-api and rc.41 answer one 401 "Invalid token" whatever the cause', async () => {
    for (const profile of ['new-api', 'new-api-rc41'] as const) {
      for (const id of ['unknown', 2, 3, 4, 5] as const) {
        const { reply } = await modelsOn(profile, id);
        expect(reply.status, `${profile} ${String(id)}`).toBe(401);
        expect(reply.body.error).toMatchObject({ message: 'Invalid token', type: 'new_api_error', code: '' });
      }
    }
  });

  it('legacy and early new-api say which cause, in Chinese, quoting an exhausted key by its ends', async () => {
    for (const profile of ['new-api-legacy', 'new-api-early'] as const) {
      const words = async (id: number | 'unknown') => (await modelsOn(profile, id)).reply.body.error.message as string;
      expect(await words('unknown')).toBe('无效的令牌');
      expect(await words(2)).toBe('该令牌状态不可用');
      expect(await words(3)).toBe('该令牌已过期');
      expect(await words(4)).toBe('[sk-abc***yz4] 该令牌额度已用尽 !token.UnlimitedQuota && token.RemainQuota = 0');
      expect(await words(5)).toBe('该令牌额度已用尽 TokenStatusExhausted[sk-abc***yz5]');
    }
  });

  it('one-api says which cause in its own error body', async () => {
    const words = async (id: number | 'unknown') => {
      const { reply } = await modelsOn('one-api', id);
      expect(reply.status).toBe(401);
      expect(reply.body.error.type).toBe('one_api_error');
      return (reply.body.error.message as string).replace(/ \(request id: \w+\)$/, '');
    };
    expect(await words('unknown')).toBe('无效的令牌');
    expect(await words(2)).toBe('该令牌状态不可用');
    expect(await words(3)).toBe('该令牌已过期');
    expect(await words(4)).toBe('该令牌额度已用尽');
    expect(await words(5)).toBe('令牌 spent（#5）额度已用尽');
  });

  it('a key refused for its quota is written as status 4 on real eras, as the servers do without Redis', async () => {
    const { gw } = await modelsOn('new-api', 4);
    expect(gw.state.keys.get(4)?.status).toBe(4);
    const { gw: spec } = await modelsOn('spec', 4);
    expect(spec.state.keys.get(4)?.status).toBe(1);
  });

  it('the spec keeps its English words and lets an exhausted key list models', async () => {
    expect((await modelsOn('spec', 2)).reply.body.error.message).toBe('token has been disabled');
    expect((await modelsOn('spec', 3)).reply.body.error.message).toBe('token has expired');
    expect((await modelsOn('spec', 4)).reply.status).toBe(200);
  });

  it('a working key lists its models on every era; billing still answers an exhausted key', async () => {
    for (const profile of PROFILES) {
      const { reply } = await modelsOn(profile, 1);
      expect(reply.status, profile).toBe(200);
      expect((reply.body.data as unknown[]).length).toBe(2);
      const h = bindProfile(must(gateways.get(profile)));
      const billing = await h.api('/v1/dashboard/billing/subscription', { token: `sk-${h.keyOf(4)}` });
      expect(billing.status, profile).toBe(200);
    }
  });
});
