// Spec 2.1, 3, 4.1, 4.2, 4.5, 8: key create, list, detail, masking, reveal, full update trap, status, delete.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/restrict-plus-operands --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { EXHAUSTED_ENABLE_MESSAGE, EXPIRED_ENABLE_MESSAGE } from '../key-input';
import { ALICE, T0, bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const MASKED = /^[0-9a-zA-Z]{4}\*{10}[0-9a-zA-Z]{4}$/;
const newKey = { name: 'ci', remain_quota: 1_000_000, unlimited_quota: false, expired_time: -1 };
const get = (id: number) => h.base(`/api/token/${id}`, { token: ALICE });
const put = (body: unknown) => h.base('/api/token/', { method: 'PUT', token: ALICE, body });
const setStatus = (id: number, status: number) =>
  h.base('/api/token/?status_only=true', { method: 'PUT', token: ALICE, body: { id, status } });
const chat = (id: number) =>
  h.api('/v1/chat/completions', { token: h.keyOf(id), body: { model: 'gpt-4o-mini', messages: [] } });

describe('create', () => {
  it('answers success and message only, and the key appears first in the list', async () => {
    const r = await h.base('/api/token/', { token: ALICE, body: { ...newKey, group: 'vip', model_limits: 'o3' } });
    expect(r.body).toEqual({ success: true, message: '' });
    const list = await h.base('/api/token/', { token: ALICE });
    const first = list.body.data.items[0];
    expect(first).toMatchObject({ id: 402, name: 'ci', status: 1, group: 'vip', created_time: T0, used_quota: 0 });
    expect(first.key).toMatch(MASKED);
    expect(list.body.data.total).toBe(173);
    expect(h.keyOf(402)).toMatch(/^[0-9a-zA-Z]{48}$/);
    await h.base('/api/token/', { token: ALICE, body: newKey });
    expect((await h.base('/api/token/', { token: ALICE })).body.data.items[0].id).toBe(403);
    expect(h.keyOf(403)).not.toBe(h.keyOf(402));
  });

  it('validates name length, quota bounds, required fields and group', async () => {
    const fifty = 'é'.repeat(50);
    expect((await h.base('/api/token/', { token: ALICE, body: { ...newKey, name: fifty } })).body.success).toBe(true);
    const bad = [
      { ...newKey, name: `${fifty}x` },
      { ...newKey, remain_quota: -1 },
      { ...newKey, remain_quota: 2147483648 },
      { ...newKey, remain_quota: 1.5 },
      { name: 'x', remain_quota: 1, unlimited_quota: false },
      { ...newKey, group: '企业' }, // not usable by alice
      { ...newKey, group: 'nope' },
      'not an object',
    ];
    for (const body of bad) {
      const r = await h.base('/api/token/', { token: ALICE, body });
      expect(r.body.success, JSON.stringify(body)).toBe(false);
      expect(r.body.message).not.toBe('');
    }
    const unlimited = { ...newKey, unlimited_quota: true, remain_quota: 2147483648 };
    expect((await h.base('/api/token/', { token: ALICE, body: unlimited })).body.success).toBe(true);
    expect((await h.base('/api/token/', { token: ALICE })).body.data.total).toBe(174);
  });
});

describe('list and detail', () => {
  it('pages newest first with default size 10 and caps size at 100', async () => {
    const first = await h.base('/api/token/', { token: ALICE });
    expect(first.body.data).toMatchObject({ page: 1, page_size: 10, total: 172 });
    expect(first.body.data.items.map((k: { id: number }) => k.id)).toEqual([
      172, 171, 170, 169, 168, 167, 166, 165, 164, 163,
    ]);
    const second = await h.base('/api/token/?p=2&size=25', { token: ALICE });
    expect(second.body.data.items).toHaveLength(25);
    expect(second.body.data.items[0].id).toBe(147);
    const capped = await h.base('/api/token/?size=500', { token: ALICE });
    expect(capped.body.data.page_size).toBe(100);
    expect(capped.body.data.items).toHaveLength(100);
    const last = await h.base('/api/token/?p=2&size=100', { token: ALICE });
    expect(last.body.data.items).toHaveLength(72);
    expect((await h.base('/api/token/?p=99', { token: ALICE })).body.data.items).toEqual([]);
  });

  it('returns every spec 2.1 field with the key masked', async () => {
    const r = await get(6);
    expect(Object.keys(r.body.data).sort()).toEqual(
      [
        'id',
        'user_id',
        'key',
        'status',
        'name',
        'created_time',
        'accessed_time',
        'expired_time',
        'remain_quota',
        'unlimited_quota',
        'model_limits_enabled',
        'model_limits',
        'allow_ips',
        'used_quota',
        'group',
        'cross_group_retry',
      ].sort(),
    );
    expect(r.body.data).toMatchObject({ id: 6, model_limits_enabled: true, model_limits: 'gpt-4o-mini,deepseek-chat' });
    expect(r.body.data.key).toBe(`${h.keyOf(6).slice(0, 4)}**********${h.keyOf(6).slice(-4)}`);
    expect((await get(9999)).body).toEqual({ success: false, message: 'record not found' });
  });
});

describe('full keys', () => {
  it('reveals one key and batches of at most 100, without sk-', async () => {
    const one = await h.base('/api/token/1/key', { method: 'POST', token: ALICE });
    expect(one.body.data.key).toBe(h.keyOf(1));
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    const batch = await h.base('/api/token/batch/keys', { token: ALICE, body: { ids } });
    expect(Object.keys(batch.body.data.keys)).toHaveLength(100);
    expect(batch.body.data.keys['57']).toBe(h.keyOf(57));
    for (const bad of [{ ids: [...ids, 101] }, { ids: [] }, { ids: ['1'] }, {}]) {
      expect((await h.base('/api/token/batch/keys', { token: ALICE, body: bad })).body.success).toBe(false);
    }
    expect((await h.base('/api/token/9999/key', { method: 'POST', token: ALICE })).body.success).toBe(false);
  });
});

describe('full update', () => {
  it('overwrites every writable field: id + remain_quota clears the name and expires the key', async () => {
    const r = await put({ id: 1, remain_quota: 20_000_000 });
    expect(r.body.success).toBe(true);
    expect(r.body.data).toMatchObject({ id: 1, remain_quota: 20_000_000, name: '', expired_time: 0, status: 3 });
    expect((await chat(1)).status).toBe(401);
  });

  it('keeps a resubmitted record intact and changes only the edited field', async () => {
    const before = (await get(6)).body.data;
    const r = await put({ ...before, remain_quota: before.remain_quota + 500_000 });
    expect(r.body.data).toEqual({ ...before, remain_quota: before.remain_quota + 500_000 });
    expect((await get(6)).body.data).toEqual(r.body.data);
    // Changing a key's quota leaves the account balance alone.
    expect((await h.base('/api/user/self', { token: ALICE })).body.data.quota).toBe(60_000_000);
  });

  it('validates like create, and lets an unlimited key hold a negative remain_quota', async () => {
    const base = (await get(1)).body.data;
    for (const body of [
      { ...base, remain_quota: -1 },
      { ...base, remain_quota: 2147483648 },
      { ...base, name: 'x'.repeat(51) },
      { ...base, id: 9999 },
      { ...base, name: 42 },
    ]) {
      expect((await put(body)).body.success, JSON.stringify(body)).toBe(false);
    }
    expect((await get(1)).body.data).toEqual(base);
    const r = await put({ ...base, unlimited_quota: true, remain_quota: -5 });
    expect(r.body.data).toMatchObject({ unlimited_quota: true, remain_quota: -5 });
  });
});

describe('status', () => {
  it('disables and enables; a disabled key is refused with 401', async () => {
    const off = await setStatus(1, 2);
    expect(off.body).toMatchObject({ success: true, message: '', data: { id: 1, status: 2 } });
    expect((await chat(1)).status).toBe(401);
    expect((await setStatus(1, 1)).body.data.status).toBe(1);
    expect((await chat(1)).status).toBe(200);
    expect((await setStatus(1, 3)).body.success).toBe(false);
  });

  it('refuses to enable an expired key until expired_time is fixed by a full update', async () => {
    expect((await setStatus(3, 1)).body).toEqual({ success: false, message: EXPIRED_ENABLE_MESSAGE });
    const rec = (await get(3)).body.data;
    expect(rec.status).toBe(3);
    expect((await put({ ...rec, expired_time: -1 })).body.data.status).toBe(3); // full update never changes status
    expect((await setStatus(3, 1)).body.data.status).toBe(1);
    expect((await chat(3)).status).toBe(200);
  });

  it('refuses to enable an exhausted key until remain_quota is fixed', async () => {
    await setStatus(4, 2);
    expect((await setStatus(4, 1)).body).toEqual({ success: false, message: EXHAUSTED_ENABLE_MESSAGE });
    await put({ ...(await get(4)).body.data, remain_quota: 100_000 });
    expect((await setStatus(4, 1)).body.data.status).toBe(1);
  });

  it('turns status 3 once expired_time has passed', async () => {
    const expiry = (await get(10)).body.data.expired_time as number;
    await h.admin('/clock/set', { body: { now: expiry - 1 } });
    expect((await get(10)).body.data.status).toBe(1);
    expect((await chat(10)).status).toBe(200);
    await h.admin('/clock/advance', { body: { seconds: 1 } });
    expect((await get(10)).body.data.status).toBe(3);
    expect((await chat(10)).status).toBe(401);
  });
});

describe('delete', () => {
  it('is immediate and final', async () => {
    const key = h.keyOf(1);
    expect((await h.base('/api/token/1', { method: 'DELETE', token: ALICE })).body).toEqual({
      success: true,
      message: '',
    });
    expect((await get(1)).body.message).toBe('record not found');
    expect((await h.api('/v1/models', { token: key })).status).toBe(401);
    expect((await h.base('/api/token/1', { method: 'DELETE', token: ALICE })).body.success).toBe(false);
    expect((await h.base('/api/token/', { token: ALICE })).body.data.total).toBe(171);
  });
});
