// Allowances on the eras that differ: on new-api a key found empty by a call is marked exhausted (status 4) and a full
// update keeps that mark, so the refill enables it (one status-only write more, only then); a cap on an unlimited key
// disables it at the amount and enables it at the next period, on the spend tracker's list passes; one-api counts no
// spend on unlimited keys, so it offers no cap and says why; a watched key has no key management at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { SEED, admin, keyValue, reset, value } from '../gateway/setup';
import { allowanceApp, keyOnSite, keyRequests, lastSeq, setBoth } from './setup';

const at = (iso: string, offsetHours: number): number => Date.parse(`${iso}Z`) - offsetHours * 3_600_000;
const START = at('2026-11-24T09:00:00', 8);
const NEXT_DAY = at('2026-11-25T00:00:30', 8);

describe('on new-api', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startEmulator({ seed: SEED, profile: 'new-api' });
  });
  afterAll(async () => {
    await gw.close();
  });
  beforeEach(async () => {
    await reset(gw);
  });

  it('a refilled key the site had marked exhausted is enabled again, with one status-only write', async () => {
    const app = allowanceApp(gw, START);
    await setBoth(gw, app.clock, START);
    await app.service.set({
      accountId: 'alice',
      keyId: 1,
      period: 'day',
      mode: 'refill',
      amountUnits: 4_000,
      timeZone: 'Asia/Shanghai',
    });
    await app.runner.runDue();
    // The key spends all it has; the next call finds it empty and the site marks it exhausted. (It refuses the key at
    // its auth, as ValidateUserToken does: today's new-api with one 401 "Invalid token".)
    await admin(gw, 'POST', '/keys/1/spend', { units: 4_000 });
    const call = await fetch(`${gw.api_url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${keyValue(1)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(call.status).toBe(401);
    expect((await keyOnSite(gw, 1)).status).toBe(4);

    const seq = await lastSeq(gw);
    await app.until(NEXT_DAY);
    expect(await keyRequests(gw, seq)).toEqual([
      'GET /api/token/1',
      'PUT /api/token/',
      'GET /api/token/1',
      'PUT /api/token/?status_only',
    ]);
    expect(await keyOnSite(gw, 1)).toMatchObject({ remain_quota: 4_000, status: 1 });
    expect(app.service.list('alice')[0]?.history.map((e) => e.kind)).toEqual(['enabled', 'refill', 'refill']);
    await app.close();
  });

  it('a cap on an unlimited key disables it at the amount and enables it at the next period', async () => {
    const app = allowanceApp(gw, START);
    await setBoth(gw, app.clock, START);
    const set = await app.service.set({
      accountId: 'alice',
      keyId: 4,
      period: 'day',
      mode: 'cap',
      amountUnits: 500_000,
      timeZone: 'Asia/Shanghai',
    });
    expect(app.tracked.has('alice')).toBe(true);
    expect(set.periodSpentUnits).toBeNull();
    const pass = async (): Promise<void> => {
      await app.runner.onPass('alice', value(await app.keys.listAll('alice')));
    };
    await pass();
    await admin(gw, 'POST', '/keys/4/spend', { units: 400_000 });
    let seq = await lastSeq(gw);
    await pass();
    expect((await keyRequests(gw, seq)).filter((r) => r.startsWith('PUT'))).toEqual([]);
    expect(app.service.list('alice')[0]?.periodSpentUnits).toBe(400_000);
    await admin(gw, 'POST', '/keys/4/spend', { units: 150_000 });
    seq = await lastSeq(gw);
    await pass();
    expect((await keyRequests(gw, seq)).filter((r) => r.startsWith('PUT'))).toEqual(['PUT /api/token/?status_only']);
    expect((await keyOnSite(gw, 4)).status).toBe(2);
    expect(app.service.list('alice')[0]).toMatchObject({ isHeld: true, periodSpentUnits: 550_000 });

    // More passes in the same day change nothing; the first pass of the next day enables it.
    seq = await lastSeq(gw);
    await pass();
    expect((await keyRequests(gw, seq)).filter((r) => r.startsWith('PUT'))).toEqual([]);
    await setBoth(gw, app.clock, NEXT_DAY);
    await pass();
    expect((await keyOnSite(gw, 4)).status).toBe(1);
    expect(app.service.list('alice')[0]).toMatchObject({ isHeld: false, periodSpentUnits: 0 });
    expect(app.service.list('alice')[0]?.history.map((e) => e.kind)).toEqual(['enabled', 'disabled']);
    await app.close();
  });

  it('a refill allowance is refused on an unlimited key, and a cap on a key with a quota, before any write', async () => {
    const app = allowanceApp(gw, START);
    const seq = await lastSeq(gw);
    const args = { accountId: 'alice', period: 'day', amountUnits: 1_000, timeZone: 'UTC' } as const;
    await expect(app.service.set({ ...args, keyId: 4, mode: 'refill' })).rejects.toMatchObject({
      appError: { reason: 'allowance.refill_needs_limit' },
    });
    await expect(app.service.set({ ...args, keyId: 1, mode: 'cap' })).rejects.toMatchObject({
      appError: { reason: 'allowance.cap_needs_unlimited' },
    });
    expect((await keyRequests(gw, seq)).filter((r) => !r.startsWith('GET'))).toEqual([]);
    await app.close();
  });
});

describe('where the site cannot', () => {
  it('one-api: refills work, a cap is refused with its reason; a watched key can have neither', async () => {
    const gw = await startEmulator({ seed: SEED, profile: 'one-api' });
    try {
      const app = allowanceApp(gw, START);
      expect(await app.service.support('alice')).toEqual({
        refill: null,
        cap: { code: 'unsupported', reason: 'allowance.cap_not_counted' },
      });
      expect(await app.service.support('watched')).toEqual({
        refill: { code: 'validation', reason: 'allowance.needs_management' },
        cap: { code: 'validation', reason: 'allowance.needs_management' },
      });
      await setBoth(gw, app.clock, START);
      await app.service.set({
        accountId: 'alice',
        keyId: 1,
        period: 'week',
        mode: 'refill',
        amountUnits: 7_000,
        timeZone: 'UTC',
      });
      const seq = await lastSeq(gw);
      await app.runner.runDue();
      expect(await keyRequests(gw, seq)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
      expect((await keyOnSite(gw, 1)).remain_quota).toBe(7_000);
      await app.close();
    } finally {
      await gw.close();
    }
  });
});
