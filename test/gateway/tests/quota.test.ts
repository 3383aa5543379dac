// Spec 1, 4.6, 4.7: quota arithmetic, billing and usage endpoints, model calls, limits, groups, propagation.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/restrict-plus-operands, @typescript-eslint/no-unsafe-return --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { CLIENT_IP_HEADER } from '../index';
import { ALICE, T0, bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const chat = (id: number, model = 'gpt-4o-mini', headers: Record<string, string> = {}) =>
  h.api('/v1/chat/completions', {
    token: h.keyOf(id),
    headers,
    body: { model, messages: [{ role: 'user', content: 'hi' }] },
  });
const key = async (id: number) => (await h.admin(`/keys/${id}`)).body;
const account = async () => (await h.base('/api/user/self', { token: ALICE })).body.data;

describe('billing endpoints', () => {
  it('reports limits in yuan as the total grant, access_until 0 for never', async () => {
    const r = await h.api('/v1/dashboard/billing/subscription', { token: h.keyOf(1) });
    expect(r.body).toEqual({
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: 25,
      hard_limit_usd: 25,
      system_hard_limit_usd: 25,
      access_until: 0,
    });
    const vip = await h.api('/v1/dashboard/billing/subscription', { token: `sk-${h.keyOf(8)}` });
    expect(vip.body).toMatchObject({ hard_limit_usd: 55, access_until: 1_893_456_000 });
  });

  it('uses 100000000 for an unlimited key', async () => {
    const r = await h.api('/v1/dashboard/billing/subscription', { token: h.keyOf(5) });
    expect(r.body).toMatchObject({ soft_limit_usd: 1e8, hard_limit_usd: 1e8, system_hard_limit_usd: 1e8 });
  });

  it('reports total usage in hundredths of a yuan over all time, ignoring dates', async () => {
    const all = await h.api('/v1/dashboard/billing/usage', { token: h.keyOf(1) });
    expect(all.body).toEqual({ object: 'list', total_usage: 500 });
    const ranged = await h.api('/v1/dashboard/billing/usage?start_date=2026-01-01&end_date=2026-01-02', {
      token: h.keyOf(1),
    });
    expect(ranged.body.total_usage).toBe(500);
  });

  it('answers 401 for an invalid, disabled or expired key, and for a disabled account', async () => {
    for (const token of ['sk-nope', h.keyOf(2), h.keyOf(3), h.keyOf(401), '']) {
      for (const path of ['/v1/models', '/v1/dashboard/billing/subscription', '/v1/dashboard/billing/usage']) {
        expect((await h.api(path, { token })).status, `${path} ${token}`).toBe(401);
      }
      expect((await h.base('/api/usage/token/', { token })).status).toBe(401);
    }
  });
});

describe('key usage endpoint', () => {
  it('uses code/message ok and reports grant, use and availability', async () => {
    const r = await h.base('/api/usage/token/', { token: `sk-${h.keyOf(6)}` });
    expect(r.body).toEqual({
      code: true,
      message: 'ok',
      data: {
        object: 'token_usage',
        name: 'model-limited',
        total_granted: 2_000_000,
        total_used: 0,
        total_available: 2_000_000,
        unlimited_quota: false,
        model_limits: { 'gpt-4o-mini': true, 'deepseek-chat': true },
        model_limits_enabled: true,
        expires_at: 0,
      },
    });
  });

  it('may go negative for an unlimited key and works for a key whose group is not permitted', async () => {
    const r = await h.base('/api/usage/token/', { token: h.keyOf(5) });
    expect(r.body.data).toMatchObject({
      total_granted: 5_000_000,
      total_used: 6_250_000,
      total_available: -1_250_000,
      model_limits: {},
    });
    const denied = await h.base('/api/usage/token/', { token: h.keyOf(9) });
    expect(denied.body.code).toBe(true);
    expect((await h.base('/api/usage/token/', { token: h.keyOf(8) })).body.data.expires_at).toBe(1_893_456_000);
  });
});

describe('model calls', () => {
  it('charge price x group ratio to the key and the account', async () => {
    const before = await account();
    const r = await chat(8, 'gpt-4o'); // vip ratio 1.5 × 25,000
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o',
      choices: [{ message: { role: 'assistant' } }],
    });
    const k = await key(8);
    expect(k).toMatchObject({ remain_quota: 20_000_000 - 37_500, used_quota: 7_500_000 + 37_500, accessed_time: T0 });
    const after = await account();
    expect(after.quota).toBe(before.quota - 37_500);
    expect(after.used_quota).toBe(before.used_quota + 37_500);
    expect(after.request_count).toBe(before.request_count + 1);
    const usage = await h.api('/v1/dashboard/billing/usage', { token: h.keyOf(8) });
    expect(usage.body.total_usage).toBeCloseTo(((7_500_000 + 37_500) / 500_000) * 100, 9);
  });

  it('refuses when the key or the account is exhausted, without charging', async () => {
    const exhausted = await chat(4);
    expect(exhausted.status).toBe(403);
    expect(exhausted.body.error.code).toBe('token_quota_exhausted');
    await h.admin('/users/1/quota', { method: 'PUT', body: { quota: 1_000 } });
    const broke = await chat(1);
    expect(broke.status).toBe(403);
    expect(broke.body.error.code).toBe('insufficient_user_quota');
    expect((await key(1)).used_quota).toBe(2_500_000);
    expect((await account()).quota).toBe(1_000);
  });

  it('lets an unlimited key keep spending below zero', async () => {
    expect((await chat(5)).status).toBe(200);
    expect((await key(5)).remain_quota).toBe(-1_250_000 - 1_500);
  });

  it('enforces model limits on calls and in the model list', async () => {
    const r = await chat(6, 'gpt-4o');
    expect(r.status).toBe(403);
    expect(r.body.error.message).toContain('gpt-4o');
    expect((await chat(6, 'deepseek-chat')).status).toBe(200);
    const models = await h.api('/v1/models', { token: h.keyOf(6) });
    expect(models.body.data.map((m: { id: string }) => m.id)).toEqual(['gpt-4o-mini', 'deepseek-chat']);
  });

  it('enforces the IP whitelist against the client IP, its override header and the admin setting', async () => {
    const refused = await chat(7);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('127.0.0.1');
    expect((await chat(7, 'gpt-4o-mini', { [CLIENT_IP_HEADER]: '10.0.0.8' })).status).toBe(200);
    await h.admin('/settings', { method: 'PATCH', body: { client_ip: '192.168.1.20' } });
    expect((await chat(7)).status).toBe(200);
    expect((await chat(1)).status).toBe(200); // unrestricted keys do not care
  });

  it('refuses a key whose group the account may not use', async () => {
    for (const r of [await chat(9), await h.api('/v1/models', { token: h.keyOf(9) })]) {
      expect(r.status).toBe(403);
      expect(r.body.error.message).toMatch(/group 企业 is not permitted/);
    }
  });

  it('answers model_not_found / server_error naming the group and model', async () => {
    const r = await chat(1, 'claude-sonnet-4');
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'model_not_found', type: 'server_error' });
    expect(r.body.error.message).toContain('claude-sonnet-4');
    expect(r.body.error.message).toContain('default');
  });

  it('lists the models of the key group with the spec 2.6 fields', async () => {
    const r = await h.api('/v1/models', { token: h.keyOf(8) });
    expect(r.body.object).toBe('list');
    expect(r.body.success).toBe(true);
    expect(r.body.data.map((m: { id: string }) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o', 'o3', 'claude-sonnet-4']);
    expect(r.body.data[3]).toEqual({
      id: 'claude-sonnet-4',
      object: 'model',
      created: 1_747_958_400,
      owned_by: 'anthropic',
      supported_endpoint_types: ['anthropic', 'openai'],
    });
  });
});

describe('propagation delay', () => {
  it('keeps a new key on the account default group for propagation_delay_s', async () => {
    const body = { name: 'fresh', remain_quota: 10_000_000, unlimited_quota: false, expired_time: -1, group: 'vip' };
    await h.base('/api/token/', { token: ALICE, body });
    const early = await chat(402, 'claude-sonnet-4');
    expect(early.status).toBe(503);
    expect(early.body.error.message).toContain('default');
    await h.admin('/clock/advance', { body: { seconds: 14 } });
    expect((await chat(402, 'claude-sonnet-4')).status).toBe(503);
    await h.admin('/clock/advance', { body: { seconds: 1 } });
    expect((await chat(402, 'claude-sonnet-4')).status).toBe(200);
  });

  it('keeps the previous group after a group change, then switches', async () => {
    const rec = (await h.base('/api/token/1', { token: ALICE })).body.data;
    await h.base('/api/token/', { method: 'PUT', token: ALICE, body: { ...rec, group: 'vip' } });
    expect((await chat(1, 'deepseek-chat')).status).toBe(200);
    expect((await key(1)).effective_group).toBe('default');
    await h.admin('/clock/advance', { body: { seconds: 15 } });
    const later = await chat(1, 'deepseek-chat');
    expect(later.status).toBe(503);
    expect(later.body.error.message).toContain('vip');
  });
});
