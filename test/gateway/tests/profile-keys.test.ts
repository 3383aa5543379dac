// Key management per era: list shapes, masking, allow_ips parsing, name bytes, search rules, missing
// endpoints (JSON 404), trailing-slash redirects, full-update zeros, enable rules, group refusals.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { maskKey } from '../state';
import { CLIENT_IP_HEADER } from '../auth';
import { T0 } from './helpers';
import { bindProfile, smallSeed, startProfile, must } from './profile-helpers';

const TOKEN = 'fake-system-token-erin';
const HEADERS = { 'New-Api-User': '7' };

/** One gateway per profile for the whole file; each test resets it. */
const gateways = new Map<ProfileName, Gateway>();
const PROFILES: ProfileName[] = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api'];

beforeAll(async () => {
  const extraKeys = [
    { id: 4, name: 'expired', status: 3 as const, expired_time: T0 - 10, remain_quota: 10 },
    { id: 5, name: 'exhausted', status: 4 as const, remain_quota: 0 },
    { id: 6, name: 'a_b', remain_quota: 10 },
    { id: 7, name: 'axb', remain_quota: 10 },
  ];
  const seed = smallSeed();
  const user = { ...must(seed.users[0]), keys: [...must(seed.users[0]).keys, ...extraKeys] };
  for (const p of PROFILES) gateways.set(p, await startProfile(p, { ...seed, users: [user] }));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function on(profile: ProfileName) {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  const base = (path: string, init: Parameters<typeof h.base>[1] = {}) =>
    h.base(path, { token: TOKEN, ...init, headers: { ...HEADERS, ...init.headers } });
  return { gw, h, base };
}

describe('key lists', () => {
  it('new-api: page object, masked keys, DeletedAt and auto_groups, allow_ips null kept', async () => {
    const { base, h } = await on('new-api');
    const r = await base('/api/token/?p=1&size=2');
    expect(r.body.data).toMatchObject({ page: 1, page_size: 2, total: 7 });
    expect(r.body.data.items.map((k: { id: number }) => k.id)).toEqual([7, 6]);
    const all = (await base('/api/token/?size=10')).body.data.items as Record<string, unknown>[];
    const second = must(all.find((k) => k.id === 2));
    expect(second).toMatchObject({ key: maskKey(h.keyOf(2)), allow_ips: null, DeletedAt: null, auto_groups: '' });
  });

  it('new-api-legacy: masked page object with DeletedAt, no auto_groups', async () => {
    const { base } = await on('new-api-legacy');
    const item = (await base('/api/token/')).body.data.items[0] as Record<string, unknown>;
    expect(item).toHaveProperty('DeletedAt', null);
    expect(item).not.toHaveProperty('auto_groups');
    expect(item.key).toMatch(/^\w{4}\*{10}\w{4}$/);
  });

  it('new-api-early: bare array, full keys, 0-based p, size honoured', async () => {
    const { base, h } = await on('new-api-early');
    const first = (await base('/api/token/?p=0&size=3')).body.data as { id: number; key: string }[];
    expect(first.map((k) => k.id)).toEqual([7, 6, 5]);
    expect(must(first[0]).key).toBe(h.keyOf(7));
    const second = (await base('/api/token/?p=1&size=3')).body.data as { id: number }[];
    expect(second.map((k) => k.id)).toEqual([4, 3, 2]);
    // Detail too carries the full key.
    expect((await base('/api/token/1')).body.data.key).toBe(h.keyOf(1));
  });

  it('one-api: bare array, 10 per page whatever size says, no allow_ips field', async () => {
    const { base } = await on('one-api');
    const r = (await base('/api/token/?p=0&size=2')).body.data as Record<string, unknown>[];
    expect(r).toHaveLength(7);
    expect(r[0]).not.toHaveProperty('allow_ips');
    expect((await base('/api/token/?p=1')).body.data).toEqual([]);
  });

  it('spec: unchanged page object without the ORM fields', async () => {
    const { base } = await on('spec');
    const item = (await base('/api/token/')).body.data.items[0] as Record<string, unknown>;
    expect(item).not.toHaveProperty('DeletedAt');
  });
});

describe('allow_ips as real servers parse it', () => {
  const create = (base: Awaited<ReturnType<typeof on>>['base'], allow_ips: string) =>
    base('/api/token/', {
      body: { name: 'ip', remain_quota: 100, unlimited_quota: false, expired_time: -1, allow_ips },
    });
  const models = (gw: Gateway, key: string, ip: string) =>
    fetch(`${gw.api_url}/v1/models`, { headers: { Authorization: `Bearer sk-${key}`, [CLIENT_IP_HEADER]: ip } });

  it('new-api: a comma list becomes one bogus entry and refuses every call; newline lists work', async () => {
    const { gw, base } = await on('new-api');
    await create(base, '1.2.3.4,5.6.7.8');
    await create(base, '1.2.3.4\n 5.6.7.8 ');
    const [newline, comma] = [...gw.state.keys.values()].filter((k) => k.name === 'ip').sort((a, b) => b.id - a.id);
    expect(must(comma).allow_ips).toBe('1.2.3.4,5.6.7.8'); // stored as sent
    gw.clock.advance(60); // past propagation
    const refused = await models(gw, must(comma).key, '1.2.3.4');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string; code: string } }).error).toMatchObject({
      message: '您的 IP 不在令牌允许访问的列表中',
      code: '',
    });
    expect((await models(gw, must(newline).key, '5.6.7.8')).status).toBe(200);
    expect((await models(gw, must(newline).key, '9.9.9.9')).status).toBe(403);
  });

  it('new-api-early: an entry that is not an IP is dropped, so the comma list limits nothing', async () => {
    const { gw, base } = await on('new-api-early');
    await create(base, '1.2.3.4,5.6.7.8');
    const k = must([...gw.state.keys.values()].find((x) => x.name === 'ip'));
    gw.clock.advance(60);
    expect((await models(gw, k.key, '9.9.9.9')).status).toBe(200);
  });

  it('spec: commas still separate addresses', async () => {
    const { gw, base } = await on('spec');
    await create(base, '1.2.3.4,5.6.7.8');
    const k = must([...gw.state.keys.values()].find((x) => x.name === 'ip'));
    gw.clock.advance(60);
    expect((await models(gw, k.key, '5.6.7.8')).status).toBe(200);
  });
});

describe('key names and quota bounds', () => {
  const body = (name: string, remain_quota = 1) => ({
    body: { name, remain_quota, unlimited_quota: false, expired_time: -1 },
  });

  it('new-api counts 50 UTF-8 bytes: 16 Chinese characters pass, 17 fail', async () => {
    const { base } = await on('new-api');
    expect((await base('/api/token/', body('名'.repeat(16)))).body.success).toBe(true);
    expect((await base('/api/token/', body('名'.repeat(17)))).body).toEqual({
      success: false,
      message: '令牌名称过长',
    });
    expect((await base('/api/token/', body('n'.repeat(51)))).body.message).toBe('令牌名称过长');
  });

  it('early and one-api allow 30 bytes (len(name) > 30 in their sources)', async () => {
    for (const p of ['new-api-early', 'one-api'] as const) {
      const { base } = await on(p);
      expect((await base('/api/token/', body('n'.repeat(30)))).body.success).toBe(true);
      expect((await base('/api/token/', body('名'.repeat(11)))).body.message).toBe('令牌名称过长');
    }
  });

  it('spec still counts characters', async () => {
    const { base } = await on('spec');
    expect((await base('/api/token/', body('名'.repeat(50)))).body.success).toBe(true);
  });

  it('refuses remain_quota above 2147483647', async () => {
    const { base } = await on('new-api');
    expect((await base('/api/token/', body('big', 2147483648))).body.success).toBe(false);
    expect((await base('/api/token/', body('max', 2147483647))).body.success).toBe(true);
  });
});

describe('search per era', () => {
  it('new-api: %% refused, at most two %, 2 bytes besides %, _ literal, exact without %', async () => {
    const { base } = await on('new-api');
    const search = (q: string) => base(`/api/token/search?${q}`);
    expect((await search('keyword=a%25%25b')).body.message).toBe('搜索模式中不允许包含连续的 % 通配符');
    expect((await search('keyword=%25a%25b%25')).body.message).toBe('搜索模式中最多允许包含 2 个 % 通配符');
    expect((await search('keyword=a%25')).body.message).toBe('使用模糊搜索时，关键词长度至少为 2 个字符');
    expect((await search('keyword=%E5%90%8D%25')).body.success).toBe(true); // 名% — 3 bytes
    const ids = async (q: string) => ((await search(q)).body.data.items as { id: number }[]).map((k) => k.id);
    expect(await ids('keyword=a_b')).toEqual([6]);
    expect(await ids('keyword=a_%25')).toEqual([6]);
    expect(await ids('keyword=fir')).toEqual([]);
    expect(await ids('keyword=fir%25')).toEqual([1]);
  });

  it('new-api: fuzzy search refused above the key cap, exact still allowed', async () => {
    const { base, h } = await on('new-api');
    await h.patchSettings({ fuzzy_search_key_cap: 3 });
    const r = await base('/api/token/search?keyword=fir%25');
    expect(r.body).toEqual({ success: false, message: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符' });
    expect((await base('/api/token/search?keyword=first')).body.data.items).toHaveLength(1);
  });

  it('new-api-early: substring LIKE on name and key, bare array; _ is a wildcard there', async () => {
    const { base, h } = await on('new-api-early');
    const ids = async (q: string) =>
      ((await base(`/api/token/search?${q}`)).body.data as { id: number }[]).map((k) => k.id);
    expect(await ids('keyword=irs')).toEqual([1]);
    expect(await ids('keyword=ir')).toEqual([4, 3, 1]);
    expect(await ids('keyword=a_b')).toEqual([7, 6]);
    const middle = h.keyOf(3).slice(10, 20);
    expect(await ids(`token=sk-${middle}`)).toEqual([3]);
  });

  it('one-api: name prefix only', async () => {
    const { base } = await on('one-api');
    const ids = async (q: string) =>
      ((await base(`/api/token/search?${q}`)).body.data as { id: number }[]).map((k) => k.id);
    expect(await ids('keyword=fi')).toEqual([1]);
    expect(await ids('keyword=ir')).toEqual([]);
  });
});

describe('endpoints an era lacks, and gin routing', () => {
  it('early and one-api have no reveal and no key usage: JSON 404 Invalid URL', async () => {
    for (const p of ['new-api-early', 'one-api'] as const) {
      const { base, gw } = await on(p);
      const reveal = await base('/api/token/1/key', { method: 'POST' });
      expect(reveal.status).toBe(404);
      expect(reveal.body.error).toMatchObject({
        message: 'Invalid URL (POST /api/token/1/key)',
        type: 'invalid_request_error',
      });
      expect((await base('/api/token/batch/keys', { body: { ids: [1] } })).status).toBe(404);
      const usage = await fetch(`${gw.base_url}/api/usage/token/`, { headers: { Authorization: 'Bearer sk-x' } });
      expect(usage.status).toBe(404);
    }
  });

  it('legacy has reveal and key usage but no subscription endpoint', async () => {
    const { base, h } = await on('new-api-legacy');
    expect((await base('/api/token/1/key', { method: 'POST' })).body.data.key).toBe(h.keyOf(1));
    expect((await h.base('/api/usage/token/', { token: `sk-${h.keyOf(1)}` })).body.code).toBe(true);
    const sub = await base('/api/subscription/self');
    expect(sub.status).toBe(404);
    expect(sub.body.error.message).toBe('Invalid URL (GET /api/subscription/self)');
    const { base: current } = await on('new-api');
    expect((await current('/api/subscription/self')).body.success).toBe(true);
  });

  it('redirects a path without its trailing slash: 301 for GET, 307 otherwise; spec keeps its text 404', async () => {
    const { gw } = await on('new-api');
    const get = await fetch(`${gw.base_url}/api/token?p=2`, { redirect: 'manual' });
    expect(get.status).toBe(301);
    expect(get.headers.get('Location')).toBe('/api/token/?p=2');
    const post = await fetch(`${gw.base_url}/api/token`, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(307);
    const unknown = await fetch(`${gw.base_url}/api/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: 'Invalid URL (GET /api/nothing)' } });
    const spec = await on('spec');
    const text = await fetch(`${spec.gw.base_url}/api/token`, { redirect: 'manual' });
    expect(text.status).toBe(404);
    expect(await text.text()).toBe('404 page not found');
  });
});

describe('updates and enabling', () => {
  it('full update: missing allow_ips becomes null and expired_time 0; status never changes', async () => {
    const { base, gw } = await on('new-api');
    const r = await base('/api/token/', {
      method: 'PUT',
      body: { id: 1, name: 'renamed', remain_quota: 5, status: 2 },
    });
    // status 2 in the body is ignored; expired_time 0 has passed, so the key now reads as expired (3).
    expect(r.body.data).toMatchObject({ name: 'renamed', allow_ips: null, expired_time: 0, status: 3 });
    expect(gw.state.keys.get(1)?.allow_ips).toBeNull();
  });

  it('refuses to enable a stored status 4 while exhausted, and status 3 while expired', async () => {
    const { base } = await on('new-api');
    const enable = (id: number) => base('/api/token/?status_only=true', { method: 'PUT', body: { id, status: 1 } });
    expect((await enable(5)).body).toEqual({
      success: false,
      message: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
    });
    expect((await enable(4)).body.message).toBe('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
    // Fix the cause (status stays 3/4), then enabling works.
    await base('/api/token/', { method: 'PUT', body: { id: 4, name: 'expired', remain_quota: 10, expired_time: -1 } });
    await base('/api/token/', {
      method: 'PUT',
      body: { id: 5, name: 'exhausted', remain_quota: 10, expired_time: -1 },
    });
    expect((await enable(4)).body.data.status).toBe(1);
    expect((await enable(5)).body.data.status).toBe(1);
  });

  it('a full update that says status 1 on an expired key is refused too (the server checks any body)', async () => {
    const { base } = await on('new-api-early');
    const r = await base('/api/token/', { method: 'PUT', body: { id: 4, name: 'x', status: 1, expired_time: T0 - 5 } });
    expect(r.body.success).toBe(false);
  });
});

describe('group refusals on /v1', () => {
  const chat = (gw: Gateway, key: string) =>
    fetch(`${gw.api_url}/v1/models`, { headers: { Authorization: `Bearer sk-${key}` } });

  it('new-api: HTTP 403, empty code, 无权访问 <group> 分组', async () => {
    const { gw, h } = await on('new-api');
    const r = await chat(gw, h.keyOf(3));
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: unknown }).error).toMatchObject({ message: '无权访问 企业 分组', code: '' });
  });

  it('new-api-early: 令牌分组 <group> 已被禁用', async () => {
    const { gw, h } = await on('new-api-early');
    const r = await chat(gw, h.keyOf(3));
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe('令牌分组 企业 已被禁用');
  });
});
