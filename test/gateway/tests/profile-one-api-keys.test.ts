// one-api's keys as its sources store them: `models` and `subnet` columns and no group (model/token.go), subnets
// checked by net.ParseCIDR on write (controller/token.go) and enforced on /v1 from the caller's address
// (middleware/auth.go), the update writing exactly its seven columns, and no /api/user/self/groups.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getFrom } from '../../support/from-address';
import type { Gateway } from '../index';
import { isIpInSubnets, parseCidrError, subnetRefusal } from '../subnet';
import { bindProfile, must, smallSeed, startProfile } from './profile-helpers';

const TOKEN = 'fake-system-token-erin';

let gw: Gateway;
beforeAll(async () => {
  const seed = smallSeed();
  const user = must(seed.users[0]);
  const keys = [
    ...user.keys,
    // A key as one-api's own console saves it: its model list and two single-address subnets.
    { id: 4, name: 'fenced', remain_quota: 10_000, models: 'gpt-4o', subnet: '127.0.0.2/32,127.0.0.3/32' },
    // A seed key in the spec's fields: read as one-api would hold the same limits.
    { id: 5, name: 'spec-fields', model_limits_enabled: true, model_limits: 'gpt-4o', allow_ips: '10.0.0.8' },
  ];
  gw = await startProfile('one-api', { ...seed, users: [{ ...user, keys }] });
});
afterAll(() => gw.close());

async function fresh() {
  const h = bindProfile(gw);
  await h.reset();
  const base = (path: string, init: Parameters<typeof h.base>[1] = {}) => h.base(path, { token: TOKEN, ...init });
  return { h, base };
}

describe('one-api key records', () => {
  it('carry models and subnet, and none of new-api’s group, model_limits or allow_ips', async () => {
    const { base } = await fresh();
    const fenced = (await base('/api/token/4')).body.data as Record<string, unknown>;
    expect(fenced).toMatchObject({ models: 'gpt-4o', subnet: '127.0.0.2/32,127.0.0.3/32' });
    for (const field of ['group', 'model_limits', 'model_limits_enabled', 'allow_ips', 'cross_group_retry']) {
      expect(fenced).not.toHaveProperty(field);
    }
    expect((await base('/api/token/5')).body.data).toMatchObject({ models: 'gpt-4o', subnet: '10.0.0.8/32' });
    expect((await base('/api/token/1')).body.data).toMatchObject({ models: '', subnet: '' });
  });

  it('a create keeps models and subnet and ignores the fields one-api does not have', async () => {
    const { base, h } = await fresh();
    const created = await base('/api/token/', {
      body: {
        name: 'made',
        remain_quota: 5,
        unlimited_quota: false,
        expired_time: -1,
        models: 'gpt-4o',
        subnet: '192.168.0.0/24,::1/128',
        group: 'vip',
        allow_ips: '10.9.9.9',
      },
    });
    expect(created.body.success).toBe(true);
    const listed = (await base('/api/token/?p=0')).body.data as Record<string, unknown>[];
    const made = must(listed.find((k) => k.name === 'made'));
    expect(made).toMatchObject({ models: 'gpt-4o', subnet: '192.168.0.0/24,::1/128' });
    expect(made).not.toHaveProperty('group');
    // Left out of a create, subnet takes its column default '' and models stays NULL.
    await base('/api/token/', { body: { name: 'bare', remain_quota: 5, unlimited_quota: false, expired_time: -1 } });
    const all = (await h.base('/api/token/?p=0', { token: TOKEN })).body.data as Record<string, unknown>[];
    expect(must(all.find((k) => k.name === 'bare'))).toMatchObject({ models: null, subnet: '' });
  });

  it('refuses what net.ParseCIDR refuses, in one-api’s words, and writes nothing', async () => {
    const { base } = await fresh();
    const update = (subnet: string) =>
      base('/api/token/', {
        method: 'PUT',
        body: { id: 1, name: 'first', remain_quota: 1_000_000, expired_time: -1, subnet },
      });
    const bare = await update('10.0.0.1');
    expect(bare.body).toEqual({
      success: false,
      message: '参数错误：无效的网段：failed to parse subnet: invalid CIDR address: 10.0.0.1',
    });
    expect((await update('10.0.0.0/24,10.0.0.1/33')).body.message).toContain('invalid CIDR address: 10.0.0.1/33');
    expect(gw.state.keys.get(1)?.subnet).toBe('');
    expect((await update('10.0.0.0/24, 10.0.1.0/24')).body.success).toBe(true);
  });

  it('a full update writes name, expiry, quota, models and subnet; a body without models or subnet writes NULL', async () => {
    const { base } = await fresh();
    const r = await base('/api/token/', {
      method: 'PUT',
      body: { id: 4, name: 'renamed', remain_quota: 7, unlimited_quota: false, expired_time: -1, status: 2 },
    });
    // status in a full update is ignored (status_only changes it); models and subnet were not sent.
    expect(r.body.data).toMatchObject({ name: 'renamed', remain_quota: 7, status: 1, models: null, subnet: null });
  });
});

describe('one-api subnets on /v1', () => {
  it('a key limited to two addresses answers from each and refuses a third, naming the subnet and the address', async () => {
    const { h } = await fresh();
    const key = `sk-${h.keyOf(4)}`;
    const url = `${gw.api_url}/v1/models`;
    for (const from of ['127.0.0.2', '127.0.0.3']) {
      const ok = await getFrom(from, url, key);
      expect(ok.status).toBe(200);
      expect((ok.json as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(['gpt-4o']);
    }
    const refused = await getFrom('127.0.0.4', url, key);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ error: { type: 'one_api_error' } });
    expect((refused.json as { error: { message: string } }).error.message).toMatch(
      /^该令牌只能在指定网段使用：127\.0\.0\.2\/32,127\.0\.0\.3\/32，当前 ip：127\.0\.0\.4 \(request id: \w+\)$/,
    );
    // A key without a subnet answers from anywhere.
    expect((await getFrom('127.0.0.4', url, `sk-${h.keyOf(1)}`)).status).toBe(200);
  });

  it('a key with a model list refuses other models in one-api’s words', async () => {
    const { h } = await fresh();
    await h.admin('/settings', { method: 'PATCH', body: { client_ip: '127.0.0.2' } });
    const r = await h.api('/v1/chat/completions', {
      token: `sk-${h.keyOf(4)}`,
      body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toMatch(/^该令牌无权使用模型：gpt-4o-mini \(request id: \w+\)$/);
  });

  it('keys have no group: a call goes out as the owner’s group', async () => {
    const { h } = await fresh();
    // Key 3 says 企业 in the seed, which erin may not use; on one-api that group does not exist on keys.
    expect((await h.api('/v1/models', { token: `sk-${h.keyOf(3)}` })).status).toBe(200);
  });
});

describe('one-api routes', () => {
  it('has no /api/user/self/groups: its JSON 404', async () => {
    const { base } = await fresh();
    const r = await base('/api/user/self/groups');
    expect(r.status).toBe(404);
    expect(r.body.error.message).toBe('Invalid URL (GET /api/user/self/groups)');
  });
});

describe('net.ParseCIDR as the emulator reads it', () => {
  it('takes v4 and v6 ranges with a prefix, and refuses bare addresses, long prefixes, zones and leading zeros', () => {
    for (const good of ['10.0.0.0/8', '10.0.0.1/32', '::1/128', '2001:db8::/32', '1.2.3.4/032']) {
      expect(parseCidrError(good)).toBeUndefined();
    }
    for (const bad of ['10.0.0.1', '10.0.0.1/33', '::1/129', 'fe80::1%eth0/64', '010.0.0.1/32', '10.0.0.1/', '']) {
      expect(parseCidrError(bad)).toBe(`invalid CIDR address: ${bad}`);
    }
    expect(subnetRefusal('10.0.0.0/8,')).toBe('参数错误：无效的网段：failed to parse subnet: invalid CIDR address: ');
    expect(isIpInSubnets('10.1.2.3', '192.168.0.0/16, 10.0.0.0/8')).toBe(true);
    expect(isIpInSubnets('10.1.2.3', '::/0')).toBe(false);
  });
});
