// Daily, weekly and monthly allowances against the emulator: the refill at each period's start in the allowance's
// time zone (across midnight, a DST change both ways, and a restart that missed periods: once, never twice), each
// refill one fresh read and one full write counted in the emulator's request log, a refill whose answer was lost
// settled from the key's totals without a second write, and a key changed elsewhere stopping its allowance with an
// alert instead of being overwritten. Keydesk's clock is a fake one moved with the emulator's: no test sleeps.
import { describe, expect, it } from 'vitest';
import { addFault, admin, useSeededGateway } from '../gateway/setup';
import { EmulatorDirectory } from '../keys/setup';
import { allowanceApp, keyOnSite, keyRequests, lastSeq, setBoth } from './setup';

const KEY = 1; // alice's "main": remain 5,000,000 units
const DAILY = 1_000_000;
const SHANGHAI = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
/** Epoch ms of a wall-clock time in a zone with a fixed offset from UTC (hours), for readable test times. */
const at = (iso: string, offsetHours: number): number => Date.parse(`${iso}Z`) - offsetHours * 3_600_000;

const seeded = useSeededGateway();

async function spend(units: number): Promise<void> {
  await admin(seeded.gw, 'POST', `/keys/${String(KEY)}/spend`, { units });
}

describe('a daily allowance on a key with a quota', () => {
  it('refills at once when set, then once at each local midnight; each refill is one read and one full write', async () => {
    const start = at('2026-11-24T15:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    const set = await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    expect(set).toMatchObject({ isActive: true, lastPeriodStart: null });
    const before = await lastSeq(seeded.gw);
    await app.runner.runDue();
    expect(await keyRequests(seeded.gw, before)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(DAILY);

    // The key spends; the rest of the day passes without a request.
    await spend(300_000);
    const quiet = await lastSeq(seeded.gw);
    await app.until(at('2026-11-24T23:59:59', 8));
    expect(await keyRequests(seeded.gw, quiet)).toEqual([]);

    // Midnight in Shanghai: one refill, from what was left back to the allowance.
    await app.until(at('2026-11-25T00:00:05', 8));
    expect(await keyRequests(seeded.gw, quiet)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    const key = await keyOnSite(seeded.gw, KEY);
    expect(key.remain_quota).toBe(DAILY);
    const [latest, first] = app.service.list('alice')[0]?.history ?? [];
    expect(latest).toMatchObject({ kind: 'refill', fromUnits: 700_000, toUnits: DAILY });
    expect(latest?.periodStart).toBe(at('2026-11-25T00:00:00', 8));
    expect(first).toMatchObject({ kind: 'refill', fromUnits: 5_000_000, toUnits: DAILY });

    // The whole next day: no second refill.
    const later = await lastSeq(seeded.gw);
    await app.until(at('2026-11-25T23:59:00', 8));
    expect(await keyRequests(seeded.gw, later)).toEqual([]);
    expect(app.allowanceAlerts()).toEqual([]);
    await app.close();
  });

  it('follows the time zone across the spring and autumn DST changes: one refill per local day, 23 or 25 hours', async () => {
    // Berlin: 2026-03-29 has 23 hours (02:00 → 03:00), 2026-10-25 has 25 (03:00 → 02:00).
    const start = at('2026-03-28T12:00:00', 1);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: BERLIN,
    });
    await app.runner.runDue();
    const puts = async (from: number) => (await keyRequests(seeded.gw, from)).filter((r) => r.startsWith('PUT')).length;

    let seq = await lastSeq(seeded.gw);
    await app.until(at('2026-03-29T00:00:10', 1)); // midnight, still UTC+1
    expect(await puts(seq)).toBe(1);
    seq = await lastSeq(seeded.gw);
    // 23:59 local on the short day is 21:59 UTC: 24 hours after the last midnight would be past it, yet no refill.
    await app.until(at('2026-03-29T23:59:00', 2));
    expect(await puts(seq)).toBe(0);
    await app.until(at('2026-03-30T00:00:10', 2));
    expect(await puts(seq)).toBe(1);

    // The long day: 24 hours after its midnight it is still 23:00 local, and nothing is refilled then.
    await app.until(at('2026-10-24T12:00:00', 2));
    seq = await lastSeq(seeded.gw);
    await app.until(at('2026-10-25T00:00:10', 2));
    expect(await puts(seq)).toBe(1);
    seq = await lastSeq(seeded.gw);
    await app.until(at('2026-10-25T23:30:00', 1));
    expect(await puts(seq)).toBe(0);
    await app.until(at('2026-10-26T00:00:10', 1));
    expect(await puts(seq)).toBe(1);
    // Every refill's period began at a local midnight, each once, through both changes (oldest last).
    const starts = (app.service.list('alice')[0]?.history ?? []).map((e) => e.periodStart);
    expect(starts).toEqual([
      at('2026-10-26T00:00:00', 1),
      at('2026-10-25T00:00:00', 2),
      at('2026-10-24T00:00:00', 2), // the day the test moved to
      at('2026-03-31T00:00:00', 2), // the timer armed for the next midnight fired on the way there
      at('2026-03-30T00:00:00', 2),
      at('2026-03-29T00:00:00', 1),
      at('2026-03-28T00:00:00', 1), // set on that day
    ]);
    await app.close();
  });

  it('refills once at the next start after Keydesk was closed for three days, and not again on a second restart', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    await app.runner.runDue();
    await spend(400_000);
    // Closed now; three midnights pass while nothing runs.
    app.runner.dispose();
    await admin(seeded.gw, 'POST', '/clock/set', {
      now: Math.floor(at('2026-11-27T10:00:00', 8) / 1000),
      frozen: true,
    });
    app.clock.suspend(at('2026-11-27T10:00:00', 8) - app.clock.now());
    const seq = await lastSeq(seeded.gw);
    await app.restart();
    await app.until(app.clock.now() + 20_000); // past the start delay
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(DAILY);

    const again = await lastSeq(seeded.gw);
    await spend(100_000);
    await app.restart();
    await app.until(app.clock.now() + 20_000);
    expect(await keyRequests(seeded.gw, again)).toEqual([]);
    const refills = (app.service.list('alice')[0]?.history ?? []).filter((e) => e.kind === 'refill');
    expect(refills).toHaveLength(2);
    await app.close();
  });

  it('a refill whose write failed is checked against the key before anything is sent again, and sent once', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    await addFault(seeded.gw, { match: '/api/token/', method: 'PUT', kind: 'status', status: 500, times: 1 });
    await app.runner.runDue();
    const failed = app.service.list('alice')[0];
    expect(failed).toMatchObject({ isPending: true, lastError: { code: 'server' } });
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(5_000_000);

    // The retry reads the key: its totals show the refill never arrived, so it is sent now, once.
    const seq = await lastSeq(seeded.gw);
    await app.until(start + 61_000);
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    expect(app.service.list('alice')[0]).toMatchObject({ isPending: false, lastError: null });
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(DAILY);
    await app.close();
  });

  it('a refill that landed while Keydesk stopped before hearing back is confirmed from the totals, not sent twice', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    const set = await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    app.runner.dispose();
    // What a crash leaves: the refill written down as sent, the site holding it, the key spending since.
    const record = app.records.get(set.id);
    if (!record) throw new Error('no record');
    const periodStart = at('2026-11-24T00:00:00', 8);
    app.records.put({
      ...record,
      pending: { periodStart, at: start, fromUnits: 5_000_000, usedUnits: 0, toUnits: DAILY },
    });
    await admin(seeded.gw, 'PUT', `/keys/${String(KEY)}/quota`, { remain_quota: DAILY });
    await spend(250_000);
    const seq = await lastSeq(seeded.gw);
    await app.restart();
    await app.until(start + 20_000);
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1']);
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(DAILY - 250_000);
    expect(app.service.list('alice')[0]).toMatchObject({ isPending: false, lastPeriodStart: periodStart });
    await app.close();
  });
});

describe('an account that cannot be reached', () => {
  it('a refill that finds the account signed out backs off, says why, and goes once the accounts change', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await setBoth(seeded.gw, app.clock, start);
    await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    // The sign-in ends before the refill goes.
    app.directory.isSignedOut = true;
    const seq = await lastSeq(seeded.gw);
    await app.runner.runDue();
    expect(app.service.list('alice')[0]).toMatchObject({ isPending: false, lastError: { code: 'auth.needs_sign_in' } });
    // Backing off: a minute later nothing is sent, however often the timer looks.
    await app.until(start + 30_000);
    expect(await keyRequests(seeded.gw, seq)).toEqual([]);
    // Signed in again: the accounts announce it, and the refill goes at once.
    app.directory.isSignedOut = false;
    app.runner.retryNow();
    await app.until(start + 31_000);
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1', 'PUT /api/token/']);
    expect(app.service.list('alice')[0]).toMatchObject({ lastError: null });
    await app.close();
  });
});

describe('a key changed elsewhere', () => {
  async function refilled(app: ReturnType<typeof allowanceApp>, start: number): Promise<void> {
    await setBoth(seeded.gw, app.clock, start);
    await app.service.set({
      accountId: 'alice',
      keyId: KEY,
      period: 'day',
      mode: 'refill',
      amountUnits: DAILY,
      timeZone: SHANGHAI,
    });
    await app.runner.runDue();
    await spend(200_000);
  }

  it('raised by hand: the next period reads it, stops the allowance with an alert, and writes nothing', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await refilled(app, start);
    await admin(seeded.gw, 'PUT', `/keys/${String(KEY)}/quota`, { remain_quota: 9_000_000 });
    const seq = await lastSeq(seeded.gw);
    await app.until(at('2026-11-25T00:01:00', 8));
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1']);
    expect((await keyOnSite(seeded.gw, KEY)).remain_quota).toBe(9_000_000);
    expect(app.service.list('alice')[0]).toMatchObject({ isActive: false, stopReason: 'edited_elsewhere' });
    expect(app.allowanceAlerts().map((a) => a.reason)).toEqual(['edited_elsewhere']);
    // Stopped: the next midnights send nothing.
    const after = await lastSeq(seeded.gw);
    await app.until(at('2026-11-27T00:01:00', 8));
    expect(await keyRequests(seeded.gw, after)).toEqual([]);
    await app.close();
  });

  it('made unlimited: stopped with its own reason', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await refilled(app, start);
    const m = await new EmulatorDirectory(seeded.gw).management('alice');
    expect((await m.updateKey(KEY, { unlimited_quota: true })).ok).toBe(true);
    const seq = await lastSeq(seeded.gw);
    await app.until(at('2026-11-25T00:01:00', 8));
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1']);
    expect(app.service.list('alice')[0]).toMatchObject({ isActive: false, stopReason: 'made_unlimited' });
    expect(app.allowanceAlerts().map((a) => a.reason)).toEqual(['made_unlimited']);
    await app.close();
  });

  it('deleted: stopped with its own reason', async () => {
    const start = at('2026-11-24T09:00:00', 8);
    const app = allowanceApp(seeded.gw, start);
    await refilled(app, start);
    expect((await app.keys.delete('alice', [KEY])).ok).toBe(true);
    const seq = await lastSeq(seeded.gw);
    await app.until(at('2026-11-25T00:01:00', 8));
    expect(await keyRequests(seeded.gw, seq)).toEqual(['GET /api/token/1']);
    expect(app.service.list('alice')[0]).toMatchObject({ isActive: false, stopReason: 'deleted' });
    expect(app.allowanceAlerts().map((a) => a.reason)).toEqual(['deleted']);
    await app.close();
  });
});
