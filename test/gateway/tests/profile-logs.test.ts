// The user's usage log `GET /api/log/self` per era: shapes, paging (0- vs 1-based, one-api's fixed 10,
// the legacy Limit(0) pitfall, the current aliases), filters, own rows only, consume logging off, and the
// rows written by the admin spend route and by a /v1 chat call.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { MAX_LOG_ROWS } from '../state';
import { T0 } from './helpers';
import type { CallInit } from './helpers';
import { bindProfile, must, smallSeed, startProfile } from './profile-helpers';

const TOKEN = 'fake-system-token-erin';
const OTHER_TOKEN = 'fake-system-token-frank';
const HEADERS = { 'New-Api-User': '7' };

const gateways = new Map<ProfileName, Gateway>();
const PROFILES: ProfileName[] = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api'];

beforeAll(async () => {
  const seed = smallSeed();
  const frank = {
    id: 8,
    username: 'frank',
    quota: 1_000_000,
    access_tokens: [{ token: OTHER_TOKEN }],
    keys: [{ id: 20, name: 'first', remain_quota: 1_000_000 }],
  };
  for (const p of PROFILES) gateways.set(p, await startProfile(p, { ...seed, users: [...seed.users, frank] }));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function on(profile: ProfileName) {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  const logs = (query = '', init: CallInit = {}) =>
    h.base(`/api/log/self${query}`, { token: TOKEN, ...init, headers: { ...HEADERS, ...init.headers } });
  const spend = (keyId: number, body: Record<string, unknown>) => h.admin(`/keys/${keyId}/spend`, { body });
  return { gw, h, logs, spend };
}

const quotas = (items: { quota: number }[]) => items.map((r) => r.quota);

describe('shapes', () => {
  it('spec: no log route (text 404)', async () => {
    const { logs } = await on('spec');
    const r = await logs();
    expect(r.status).toBe(404);
    expect(r.text).toBe('404 page not found');
  });

  it('new-api: {page, page_size, total, items} of userLogDTO', async () => {
    const { logs, spend } = await on('new-api');
    await spend(1, { units: 700, model: 'gpt-4o', prompt_tokens: 12, completion_tokens: 34 });
    const r = await logs('?p=1&page_size=10');
    expect(r.body).toEqual({
      success: true,
      message: '',
      data: {
        page: 1,
        page_size: 10,
        total: 1,
        items: [
          {
            id: 1,
            created_at: T0,
            type: 2,
            content: expect.any(String) as string,
            token_name: 'first',
            model_name: 'gpt-4o',
            channel_name: '',
            quota: 700,
            prompt_tokens: 12,
            completion_tokens: 34,
            use_time: 1,
            is_stream: false,
          },
        ],
      },
    });
  });

  it.each(['new-api-legacy', 'new-api-early'] as const)(
    '%s: {items, total, page, page_size} of full rows',
    async (p) => {
      const { logs, spend } = await on(p);
      await spend(1, { units: 700, prompt_tokens: 12, completion_tokens: 34 });
      const r = await logs('?p=1&page_size=10');
      expect(Object.keys(r.body.data)).toEqual(['items', 'total', 'page', 'page_size']);
      expect(r.body.data).toMatchObject({ total: 1, page: 1, page_size: 10 });
      expect(r.body.data.items).toEqual([
        {
          id: 1,
          user_id: 7,
          created_at: T0,
          type: 2,
          content: expect.any(String) as string,
          username: 'erin',
          token_name: 'first',
          model_name: 'gpt-4o-mini',
          quota: 700,
          prompt_tokens: 12,
          completion_tokens: 34,
          use_time: 1,
          is_stream: false,
          channel: 1,
          channel_name: '',
          token_id: 1,
          group: 'default',
          other: '{}',
        },
      ]);
    },
  );

  it('one-api: bare array of rows, id 0, elapsed_time in ms, no token_id/use_time/group/other', async () => {
    const { logs, spend } = await on('one-api');
    await spend(1, { units: 700, prompt_tokens: 12, completion_tokens: 34, use_time: 2 });
    const r = await logs();
    expect(r.body.success).toBe(true);
    expect(r.body.data).toEqual([
      {
        id: 0,
        user_id: 7,
        created_at: T0,
        type: 2,
        content: expect.any(String) as string,
        username: 'erin',
        token_name: 'first',
        model_name: 'gpt-4o-mini',
        quota: 700,
        prompt_tokens: 12,
        completion_tokens: 34,
        channel: 1,
        request_id: expect.any(String) as string,
        elapsed_time: 2000,
        is_stream: false,
        system_prompt_reset: false,
      },
    ]);
  });

  it('new-api-legacy: id is the real id % 1024', async () => {
    const { logs, spend } = await on('new-api-legacy');
    await spend(1, { units: 1030, calls: 1030 });
    const items = (await logs('?p=1&page_size=2')).body.data.items as { id: number }[];
    expect(items.map((r) => r.id)).toEqual([1030 % 1024, 1029 % 1024]);
  });
});

describe('paging', () => {
  it('new-api: 1-based p, display ids per page, aliases ps then size, 1..100 default 10', async () => {
    const { logs, spend } = await on('new-api');
    await spend(1, { units: 1200, calls: 12 });
    const second = (await logs('?p=2&page_size=5')).body.data;
    expect(second).toMatchObject({ page: 2, page_size: 5, total: 12 });
    expect(second.items.map((r: { id: number }) => r.id)).toEqual([6, 7, 8, 9, 10]);
    expect((await logs('?p=0&page_size=5')).body.data.page).toBe(1);
    expect((await logs()).body.data).toMatchObject({ page: 1, page_size: 10 });
    expect((await logs('?ps=3')).body.data.items).toHaveLength(3);
    expect((await logs('?size=4')).body.data.page_size).toBe(4);
    expect((await logs('?page_size=0&ps=3&size=4')).body.data.page_size).toBe(3);
    expect((await logs('?page_size=2&ps=3')).body.data.page_size).toBe(2);
    expect((await logs('?page_size=500')).body.data.page_size).toBe(100);
    expect((await logs('?page_size=-5')).body.data.page_size).toBe(10);
    // A junk number reads 0, as strconv.Atoi's ignored error does.
    expect((await logs('?p=abc&page_size=x')).body.data).toMatchObject({ page: 1, page_size: 10 });
  });

  it.each(['new-api-legacy', 'new-api-early'] as const)(
    '%s: page_size missing or 0 gives no rows (Limit(0)) but a total; < 0 → 10, > 100 → 100',
    async (p) => {
      const { logs, spend } = await on(p);
      await spend(1, { units: 1200, calls: 12 });
      expect((await logs()).body.data).toEqual({ items: [], total: 12, page: 1, page_size: 0 });
      expect((await logs('?page_size=0')).body.data.items).toEqual([]);
      expect((await logs('?page_size=-1')).body.data).toMatchObject({ page_size: 10 });
      expect((await logs('?page_size=-1')).body.data.items).toHaveLength(10);
      expect((await logs('?page_size=1000')).body.data.page_size).toBe(100);
      const page2 = (await logs('?p=2&page_size=5')).body.data.items as { id: number }[];
      expect(page2.map((r) => r.id)).toEqual([7, 6, 5, 4, 3]);
      expect((await logs('?p=0&page_size=5')).body.data.page).toBe(1);
    },
  );

  it('one-api: 0-based p, always 10 rows, page_size ignored', async () => {
    const { logs, spend } = await on('one-api');
    await spend(1, { units: 1200, calls: 12 });
    expect((await logs('?p=0&page_size=3')).body.data).toHaveLength(10);
    expect((await logs('?p=1')).body.data).toHaveLength(2);
    expect((await logs('?p=-1')).body.data).toHaveLength(10);
    expect((await logs('?p=2')).body.data).toEqual([]);
  });

  it('spend calls split the units evenly, the remainder on the last (newest) row', async () => {
    const { logs, spend } = await on('new-api');
    await spend(1, { units: 1001, calls: 3, prompt_tokens: 10 });
    const items = (await logs()).body.data.items as { quota: number; prompt_tokens: number }[];
    expect(quotas(items)).toEqual([335, 333, 333]);
    expect(items.map((r) => r.prompt_tokens)).toEqual([4, 3, 3]);
  });
});

describe('filters', () => {
  it.each(['new-api', 'new-api-legacy', 'one-api'] as const)(
    '%s: token_name exact, model_name exact, time bounds inclusive, type',
    async (p) => {
      const { logs, spend, h } = await on(p);
      await spend(1, { units: 100 }); // T0, "first"
      await h.advance(60);
      await spend(2, { units: 200, model: 'gpt-4o' }); // T0+60, "second"
      await h.advance(60);
      await spend(1, { units: 300 }); // T0+120, "first"
      const rows = async (query: string): Promise<number[]> => {
        const data = (await logs(`${query}&page_size=10`)).body.data;
        return quotas(Array.isArray(data) ? data : data.items);
      };
      expect(await rows('?p=0&token_name=first')).toEqual([300, 100]);
      expect(await rows('?p=0&token_name=firs')).toEqual([]);
      expect(await rows('?p=0&model_name=gpt-4o')).toEqual([200]);
      expect(await rows(`?p=0&start_timestamp=${T0 + 60}`)).toEqual([300, 200]);
      expect(await rows(`?p=0&end_timestamp=${T0 + 60}`)).toEqual([200, 100]);
      expect(await rows(`?p=0&start_timestamp=${T0 + 60}&end_timestamp=${T0 + 60}`)).toEqual([200]);
      expect(await rows('?p=0&type=2')).toEqual([300, 200, 100]);
      expect(await rows('?p=0&type=0')).toEqual([300, 200, 100]);
      expect(await rows('?p=0&type=1')).toEqual([]);
    },
  );

  it.each(['new-api', 'new-api-early', 'one-api'] as const)('%s: only the principal’s own rows', async (p) => {
    const { logs, spend } = await on(p);
    await spend(1, { units: 100 });
    await spend(20, { units: 999 }); // frank's key, also named "first"
    const mine = (await logs('?page_size=10')).body.data;
    expect(quotas(Array.isArray(mine) ? mine : mine.items)).toEqual([100]);
    const theirs = (await logs('?page_size=10', { token: OTHER_TOKEN, headers: { 'New-Api-User': '8' } })).body.data;
    expect(quotas(Array.isArray(theirs) ? theirs : theirs.items)).toEqual([999]);
  });
});

describe('auth', () => {
  it('new-api: no token → 401; legacy: New-Api-User required', async () => {
    const cur = await on('new-api');
    expect((await cur.h.base('/api/log/self')).status).toBe(401);
    const legacy = await on('new-api-legacy');
    const r = await legacy.h.base('/api/log/self', { token: TOKEN });
    expect(r.status).toBe(401);
    expect(r.body.success).toBe(false);
  });
});

describe('writers and consume logging', () => {
  it.each(['new-api', 'one-api'] as const)(
    '%s: a /v1 chat call writes the model and the tokens it charged',
    async (p) => {
      const { logs, h } = await on(p);
      const reply = await h.api('/v1/chat/completions', {
        token: h.keyOf(1),
        body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }] },
      });
      expect(reply.status).toBe(200);
      const data = (await logs('?page_size=10')).body.data;
      const [row] = (Array.isArray(data) ? data : data.items) as Record<string, unknown>[];
      expect(row).toMatchObject({
        type: 2,
        token_name: 'first',
        model_name: 'gpt-4o',
        quota: 1000,
        prompt_tokens: reply.body.usage.prompt_tokens as number,
        completion_tokens: reply.body.usage.completion_tokens as number,
        is_stream: false,
      });
    },
  );

  it('PUT /settings/log-consume {enabled:false}: no rows, still charged, answer still success; reset turns it on', async () => {
    const { logs, spend, h } = await on('new-api');
    expect((await h.admin('/settings/log-consume', { method: 'PUT', body: { enabled: false } })).body).toEqual({
      enabled: false,
    });
    const spent = await spend(1, { units: 100 });
    expect(spent.body.key.used_quota).toBe(500_100);
    await h.api('/v1/chat/completions', { token: h.keyOf(1), body: { model: 'gpt-4o', messages: [] } });
    expect((await logs()).body).toEqual({
      success: true,
      message: '',
      data: { page: 1, page_size: 10, total: 0, items: [] },
    });
    await h.admin('/settings/log-consume', { method: 'PUT', body: { enabled: true } });
    await spend(1, { units: 100 });
    expect((await logs()).body.data.total).toBe(1);
    await h.admin('/settings/log-consume', { method: 'PUT', body: { enabled: false } });
    await h.reset();
    expect((await h.admin('/settings/log-consume')).body).toEqual({ enabled: true });
    expect((await h.admin('/settings/log-consume', { method: 'PUT', body: { enabled: 'no' } })).status).toBe(400);
  });

  it('the store keeps the newest rows only', async () => {
    const { gw, spend } = await on('one-api');
    await spend(1, { units: MAX_LOG_ROWS + 5, calls: MAX_LOG_ROWS + 5 });
    expect(gw.state.logs).toHaveLength(MAX_LOG_ROWS);
    expect(must(gw.state.logs[0]).id).toBe(6);
  });
});
