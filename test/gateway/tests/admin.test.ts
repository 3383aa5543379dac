// Control plane: clock, quotas, spend, faults of every kind, reset, and the masked request log.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { ALICE, T0, bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const fault = (body: Record<string, unknown>) => h.admin('/faults', { body });
const self = () => h.base('/api/user/self', { token: ALICE });

describe('clock', () => {
  it('sets and advances gateway time', async () => {
    expect((await h.admin('/clock')).body).toEqual({ now: T0, frozen: true });
    expect((await h.admin('/clock/advance', { body: { seconds: 90 } })).body.now).toBe(T0 + 90);
    expect((await h.admin('/clock/set', { body: { now: 1_800_000_000 } })).body.now).toBe(1_800_000_000);
    expect((await h.admin('/clock/set', { body: { now: 'soon' } })).status).toBe(400);
  });
});

describe('quotas', () => {
  it('sets account and key quota, and spends on a key as calls would', async () => {
    await h.admin('/users/1/quota', { method: 'PUT', body: { quota: 12_345 } });
    expect((await self()).body.data.quota).toBe(12_345);
    await h.admin('/keys/1/quota', { method: 'PUT', body: { remain_quota: 777 } });
    expect((await h.base('/api/token/1', { token: ALICE })).body.data.remain_quota).toBe(777);

    await h.admin('/clock/advance', { body: { seconds: 5 } });
    const spent = await h.admin('/keys/8/spend', { body: { units: 1_000_000, calls: 3 } });
    expect(spent.body.key).toMatchObject({ remain_quota: 19_000_000, used_quota: 8_500_000, accessed_time: T0 + 5 });
    expect(spent.body.user).toMatchObject({ quota: 12_345 - 1_000_000, used_quota: 26_000_000, request_count: 1837 });
    expect((await h.admin('/keys/8/spend', { body: { units: 0 } })).status).toBe(400);
    expect((await h.admin('/keys/9999/spend', { body: { units: 1 } })).status).toBe(404);
  });

  it('moves a key’s end relative to the gateway clock, expired once the clock passes it', async () => {
    const moved = await h.admin('/keys/10/expiry', { method: 'PUT', body: { expired_time: T0 + 40 * 86_400 } });
    expect(moved.body).toMatchObject({ expired_time: T0 + 40 * 86_400, status: 1 });
    expect((await h.base('/api/token/10', { token: ALICE })).body.data.expired_time).toBe(T0 + 40 * 86_400);
    await h.admin('/clock/advance', { body: { seconds: 40 * 86_400 } });
    expect((await h.admin('/keys/10')).body.status).toBe(3);
    expect((await h.admin('/keys/10/expiry', { method: 'PUT', body: { expired_time: -2 } })).status).toBe(400);
    expect((await h.admin('/keys/9999/expiry', { method: 'PUT', body: { expired_time: -1 } })).status).toBe(404);
  });
});

describe('group ratios', () => {
  it('changes a group ratio as the site would, seen at once by /api/user/self/groups, undone by reset', async () => {
    const groups = async (): Promise<Record<string, { ratio: number }>> =>
      (await h.base('/api/user/self/groups', { token: ALICE })).body.data as Record<string, { ratio: number }>;
    const before = await groups();
    const name = Object.keys(before)[0] as string;
    const changed = await h.admin(`/groups/${encodeURIComponent(name)}/ratio`, {
      method: 'PUT',
      body: { ratio: 2.25 },
    });
    expect(changed.status).toBe(200);
    expect((await groups())[name]?.ratio).toBe(2.25);
    expect((await h.admin('/groups/nowhere/ratio', { method: 'PUT', body: { ratio: 1 } })).status).toBe(404);
    expect(
      (await h.admin(`/groups/${encodeURIComponent(name)}/ratio`, { method: 'PUT', body: { ratio: -1 } })).status,
    ).toBe(400);
    await h.reset();
    expect((await groups())[name]?.ratio).toBe(before[name]?.ratio);
  });
});

describe('faults', () => {
  it('injects an HTTP status for the next N requests only', async () => {
    await fault({ match: '/api/user/*', kind: 'status', status: 500, times: 2 });
    expect((await self()).status).toBe(500);
    expect((await self()).status).toBe(500);
    expect((await self()).status).toBe(200);
    expect((await h.admin('/faults')).body.faults).toEqual([]);
  });

  it('answers 429 with Retry-After and an empty body', async () => {
    await fault({ match: '/v1/*', kind: 'rate_limit', retry_after_s: 7, times: 1 });
    const r = await h.api('/v1/models', { token: h.keyOf(1) });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect(r.text).toBe('');
  });

  it('serves malformed JSON and HTML error pages', async () => {
    await fault({ match: '/api/token/', kind: 'malformed_json', times: 1 });
    const bad = await h.base('/api/token/', { token: ALICE });
    expect(bad.status).toBe(200);
    expect(() => JSON.parse(bad.text) as unknown).toThrow();
    await fault({ match: '/api/token/', kind: 'html', status: 502, times: 1 });
    const html = await h.base('/api/token/', { token: ALICE });
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.text).toContain('<html>');
  });

  it('adds latency and hangs', async () => {
    await fault({ match: '/api/user/self', kind: 'latency', latency_ms: 150, times: 1 });
    let started = performance.now();
    expect((await self()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);

    await fault({ match: '/api/user/self', kind: 'hang', hang_ms: 200, times: 1 });
    started = performance.now();
    expect((await self()).status).toBe(504);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);

    await fault({ match: '/api/user/self', kind: 'hang', times: 1 });
    const aborted = fetch(`${gw.base_url}/api/user/self`, { signal: AbortSignal.timeout(200) });
    await expect(aborted).rejects.toThrow();
  });

  it('holds a request until released, then serves it normally; reset lets held ones go too', async () => {
    await fault({ match: '/api/user/self', kind: 'hold', times: 1 });
    let answered = false;
    const held = self().then((reply) => ((answered = true), reply));
    await expect.poll(async () => (await h.admin('/faults/held')).body.held as number).toBe(1);
    // Held, not lost: another request on the same route (the fault was used up) is served meanwhile.
    expect((await self()).status).toBe(200);
    expect(answered).toBe(false);
    expect((await h.admin('/faults/release', { body: {} })).body.released).toBe(1);
    expect((await held).status).toBe(200);
    expect((await h.admin('/faults/held')).body.held).toBe(0);

    await fault({ match: '/api/user/self', kind: 'hold' });
    const atReset = self();
    await expect.poll(async () => (await h.admin('/faults/held')).body.held as number).toBe(1);
    await h.reset();
    expect((await atReset).status).toBe(200);
  });

  it('filters by listener and method, applies fractions repeatably, and clears', async () => {
    await fault({ match: '*', listener: 'api', kind: 'status', status: 503 });
    expect((await self()).status).toBe(200);
    expect((await h.api('/v1/models', { token: h.keyOf(1) })).status).toBe(503);
    await h.admin('/faults', { method: 'DELETE' });
    expect((await h.api('/v1/models', { token: h.keyOf(1) })).status).toBe(200);

    await fault({ match: '/api/user/self', method: 'POST', kind: 'status', status: 500 });
    expect((await self()).status).toBe(200);
    await h.admin('/faults', { method: 'DELETE' });

    const run = async () => {
      await h.admin('/faults', { method: 'DELETE' });
      await fault({ match: '/api/user/self', kind: 'status', status: 500, fraction: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await self()).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(5);
    expect(await run()).toEqual(first);
    expect((await fault({ match: '/x', kind: 'explode' })).status).toBe(400);
  });
});

describe('reset', () => {
  it('restores the seed and clears faults', async () => {
    await h.base('/api/token/1', { method: 'DELETE', token: ALICE });
    await h.admin('/users/1/quota', { method: 'PUT', body: { quota: 1 } });
    await fault({ match: '/nothing', kind: 'status' });
    await h.admin('/reset', { method: 'POST' });
    expect((await h.base('/api/token/1', { token: ALICE })).body.data.name).toBe('primary');
    expect((await self()).body.data.quota).toBe(60_000_000);
    expect((await h.admin('/faults')).body.faults).toEqual([]);
  });
});

describe('request log', () => {
  it('records each request with listener, auth kind and status, and never a secret', async () => {
    const login = await h.base('/api/user/login', { body: { username: 'alice', password: 'demo-password-1' } });
    const loginToken = login.body.data.access_token as string;
    await h.base('/api/token/batch/keys', { token: loginToken, body: { ids: [1] } });
    await h.base(`/api/token/search?token=${h.keyOf(1)}`, { token: ALICE });
    await h.api('/v1/models', { token: h.keyOf(1) });
    await h.base('/api/user/self', { token: 'bogus-token' });
    await h.api('/api/nope');
    const { entries } = (await h.admin('/log')).body as { entries: Record<string, unknown>[] };
    expect(entries.map((e) => [e.listener, e.method, e.path, e.auth_kind, e.status])).toEqual([
      ['base', 'POST', '/api/user/login', 'none', 200],
      ['base', 'POST', '/api/token/batch/keys', 'login_token', 200],
      ['base', 'GET', '/api/token/search', 'system_token', 200],
      ['api', 'GET', '/v1/models', 'api_key', 200],
      ['base', 'GET', '/api/user/self', 'invalid', 401],
      ['api', 'GET', '/api/nope', 'none', 404],
    ]);
    expect(entries[0]?.body).toEqual({ username: 'alice', password: '***' });
    expect(entries[0]?.time).toBe(T0);
    expect(entries[2]?.query).toEqual({ token: '***' });
    const dump = JSON.stringify(entries);
    for (const secret of ['demo-password-1', loginToken, ALICE, h.keyOf(1), 'bogus-token']) {
      expect(dump).not.toContain(secret);
    }
    await h.admin('/log', { method: 'DELETE' });
    expect((await h.admin('/log')).body.entries).toEqual([]);
  });
});
