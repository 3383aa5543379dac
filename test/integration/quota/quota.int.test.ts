// The quota monitor with real ManagementClient / KeyClient instances against the emulator: balances in units from
// GET /api/user/self and from a watched key's usage and billing endpoints, one alert per crossing while spending
// through the control plane, re-armed by a top-up, Retry-After respected, and a hanging gateway that does not
// hold up another one. Scheduling runs on a fake clock; HTTP is real.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceAlertView, BalanceView, Thresholds } from '../../../src-shared/contract';
import { EventBus } from '../../../src-main/event-bus';
import { AppErrorException } from '../../../src-main/errors';
import { DEFAULT_UNITS, type KeyClient, type ManagementClient } from '../../../src-main/gateway';
import type { AccountDirectory, AccountHandle } from '../../../src-main/features/accounts/account-directory';
import { AlertsService, EMPTY_ALERTS } from '../../../src-main/features/alerts/alerts.service';
import { EMPTY_QUOTA_CACHE, EMPTY_QUOTA_HISTORY, QuotaMonitor } from '../../../src-main/features/quota/quota.monitor';
import type { Gateway } from '../../gateway/index';
import { memoryLogger } from '../../support/memory-logger';
import { FakeClock } from '../../support/fake-clock';
import { MemoryStore, recordingNotifier } from '../../unit/main/features/quota/fakes';
import { startEmulator } from '../../support/emulator';
import { ALICE_TOKEN, SEED, addFault, admin, makeClients, readLog, reset } from '../gateway/setup';

const YUAN = 500_000;

interface Spec {
  readonly gw: Gateway;
  readonly kind: 'access_token' | 'api_key';
  readonly thresholds: Thresholds;
}

function directory(specs: Record<string, Spec>): AccountDirectory {
  const get = (id: string): AccountHandle => {
    const spec = specs[id];
    if (!spec) throw new AppErrorException({ code: 'not_found' });
    return {
      id,
      kind: spec.kind,
      label: id,
      units: DEFAULT_UNITS,
      isDisabled: false,
      isHidden: false,
      thresholds: spec.thresholds,
    };
  };
  const management = new Map<string, ManagementClient>();
  const keys = new Map<string, KeyClient>();
  return {
    list: () => Object.keys(specs).map(get),
    get,
    management: (id) => {
      const spec = specs[id];
      if (!spec) return Promise.reject(new AppErrorException({ code: 'not_found' }));
      const client = management.get(id) ?? makeClients(spec.gw, { accessToken: ALICE_TOKEN }).management;
      management.set(id, client);
      return Promise.resolve(client);
    },
    keyClient: (id) => {
      const spec = specs[id];
      if (!spec) return Promise.reject(new AppErrorException({ code: 'not_found' }));
      const client = keys.get(id) ?? makeClients(spec.gw).keyClient(1);
      keys.set(id, client);
      return Promise.resolve(client);
    },
    activeId: () => null,
    switch: () => undefined,
    onChange: () => () => undefined,
  };
}

function monitorFor(specs: Record<string, Spec>) {
  const clock = new FakeClock({ start: Date.now() });
  const events = new EventBus();
  const seen: { event: string; payload: unknown; at: number }[] = [];
  events.subscribe((event, payload) => seen.push({ event, payload, at: performance.now() }));
  const alerts = new AlertsService({
    store: new MemoryStore(EMPTY_ALERTS),
    events,
    notifier: recordingNotifier(false).notifier,
    language: () => 'en-US',
    now: () => clock.now(),
  });
  const monitor = new QuotaMonitor({
    directory: directory(specs),
    cache: new MemoryStore(EMPTY_QUOTA_CACHE),
    history: new MemoryStore(EMPTY_QUOTA_HISTORY),
    alerts,
    events,
    clock,
    intervalMinutes: 5,
    log: memoryLogger().log,
    thresholdsOf: (id) => specs[id]?.thresholds ?? { warnUnits: null, criticalUnits: null },
  });
  monitor.start(); // the first scheduled refreshes wait on the fake clock; the tests trigger them by hand
  const raised = () => seen.filter((e) => e.event === 'alerts:raised').map((e) => e.payload as BalanceAlertView);
  /** The next manual refresh, after the polling minute has passed on the fake clock. */
  const refreshLater = async (id: string): Promise<BalanceView> => {
    clock.time += 61_000;
    const [view] = await monitor.refresh(id, 'manual');
    if (!view) throw new Error('no view');
    return view;
  };
  return { clock, monitor, alerts, seen, raised, refreshLater };
}

let gw: Gateway;
beforeAll(async () => {
  gw = await startEmulator({ seed: SEED });
});
afterAll(async () => {
  await gw.close();
});
afterEach(async () => {
  await reset(gw);
});

describe('quota monitor against the emulator', () => {
  it('reads the account balance, raises one alert per crossing while spending, and re-arms after a top-up', async () => {
    // alice starts with 50,000,000 units = ¥100
    const t = monitorFor({
      alice: { gw, kind: 'access_token', thresholds: { warnUnits: 90 * YUAN, criticalUnits: 20 * YUAN } },
    });
    expect(await t.refreshLater('alice')).toMatchObject({ remainingUnits: 100 * YUAN, level: 'ok', isStale: false });
    const spend = (units: number) => admin(gw, 'POST', '/keys/1/spend', { units });
    await spend(15 * YUAN); // ¥85: below the warning
    expect(await t.refreshLater('alice')).toMatchObject({ remainingUnits: 85 * YUAN, level: 'warn' });
    await spend(5 * YUAN); // ¥80: still below, same episode
    await t.refreshLater('alice');
    expect(t.raised().map((a) => [a.level, a.balanceUnits])).toEqual([['warn', 85 * YUAN]]);
    await admin(gw, 'PUT', '/users/1/quota', { quota: 120 * YUAN }); // top-up to ¥120: re-armed
    await t.refreshLater('alice');
    await spend(40 * YUAN); // ¥80 again
    await t.refreshLater('alice');
    expect(t.raised().map((a) => a.level)).toEqual(['warn', 'warn']);
    await spend(65 * YUAN); // ¥15: critical
    await t.refreshLater('alice');
    expect(t.raised().map((a) => a.level)).toEqual(['warn', 'warn', 'critical']);
    t.monitor.dispose();
  });

  it('reads a watched key from its usage endpoint, its grant as its limits, and warns at the soft limit', async () => {
    // key 1: remain 5,000,000 (¥10), nothing used; its billing soft limit is the total grant
    const t = monitorFor({ key: { gw, kind: 'api_key', thresholds: { warnUnits: null, criticalUnits: null } } });
    expect(await t.refreshLater('key')).toMatchObject({
      remainingUnits: 10 * YUAN,
      usedUnits: 0,
      softLimitUnits: 10 * YUAN,
      hardLimitUnits: 10 * YUAN,
      level: 'ok',
    });
    await admin(gw, 'POST', '/keys/1/spend', { units: 10 * YUAN });
    expect(await t.refreshLater('key')).toMatchObject({ remainingUnits: 0, usedUnits: 10 * YUAN, level: 'warn' });
    expect(t.raised().map((a) => a.level)).toEqual(['soft_limit']);
    const log = await readLog(gw);
    expect(log.filter((e) => e.path === '/api/usage/token/')).toHaveLength(2);
    // The limits are the key's grant, which key usage carries: one request per refresh, no billing read.
    const billing = (entries: { path: string }[]) =>
      entries.filter((e) => e.path === '/v1/dashboard/billing/subscription').length;
    expect(billing(log)).toBe(0);
    // A top-up changes the grant, and the new soft limit is shown.
    await admin(gw, 'PUT', '/keys/1/quota', { remain_quota: 4 * YUAN });
    expect(await t.refreshLater('key')).toMatchObject({ remainingUnits: 4 * YUAN, softLimitUnits: 14 * YUAN });
    expect(billing(await readLog(gw))).toBe(0);
    t.monitor.dispose();
  });

  it('reads a watched key on one-api, which has no key usage endpoint, from its billing endpoints', async () => {
    // Before the fix the missing /api/usage/token/ (unsupported) left a watched key on one-api or early new-api
    // with no balance at all.
    const oneApi = await startEmulator({ seed: SEED, profile: 'one-api' });
    try {
      const t = monitorFor({
        key: { gw: oneApi, kind: 'api_key', thresholds: { warnUnits: null, criticalUnits: null } },
      });
      await admin(oneApi, 'POST', '/keys/1/spend', { units: 2 * YUAN });
      expect(await t.refreshLater('key')).toMatchObject({
        remainingUnits: 8 * YUAN,
        usedUnits: 2 * YUAN,
        hardLimitUnits: 10 * YUAN,
        isStale: false,
      });
      const paths = (await readLog(oneApi)).map((e) => e.path);
      expect(paths).toContain('/v1/dashboard/billing/usage');
      t.monitor.dispose();
    } finally {
      await oneApi.close();
    }
  });

  it('respects Retry-After: no request until it has passed, the last value kept meanwhile', async () => {
    const t = monitorFor({ alice: { gw, kind: 'access_token', thresholds: { warnUnits: null, criticalUnits: null } } });
    await t.refreshLater('alice');
    await addFault(gw, { match: '/api/user/self', kind: 'rate_limit', retry_after_s: 600 });
    const limited = await t.refreshLater('alice');
    expect(limited).toMatchObject({ remainingUnits: 100 * YUAN, isStale: true, error: { code: 'rate_limited' } });
    await admin(gw, 'DELETE', '/faults');
    const before = (await readLog(gw)).filter((e) => e.path === '/api/user/self').length;
    await t.refreshLater('alice'); // 61 s later: still inside Retry-After
    await t.refreshLater('alice');
    expect((await readLog(gw)).filter((e) => e.path === '/api/user/self').length).toBe(before);
    t.clock.time += 600_000;
    expect(await t.refreshLater('alice')).toMatchObject({ isStale: false, error: null });
    t.monitor.dispose();
  });

  it('does not let a hanging gateway hold up another account', async () => {
    const dead = await startEmulator({ seed: SEED });
    try {
      await addFault(dead, { match: '*', kind: 'hang' });
      const t = monitorFor({
        dead: { gw: dead, kind: 'access_token', thresholds: { warnUnits: null, criticalUnits: null } },
        alice: { gw, kind: 'access_token', thresholds: { warnUnits: null, criticalUnits: null } },
      });
      t.clock.time += 61_000;
      const all = t.monitor.refresh(undefined, 'manual');
      const views = await all;
      const updates = t.seen.filter((e) => e.event === 'quota:updated').map((e) => e.payload as BalanceView);
      // alice answered first; the dead one ended in a timeout (transport deadline) with its value unknown
      expect(updates.map((u) => u.accountId)).toEqual(['alice', 'dead']);
      expect(views.find((v) => v.accountId === 'dead')).toMatchObject({
        remainingUnits: null,
        level: 'unknown',
        error: { code: 'timeout' },
      });
      expect(views.find((v) => v.accountId === 'alice')).toMatchObject({ remainingUnits: 100 * YUAN });
      t.monitor.dispose();
    } finally {
      await dead.close();
    }
  });
});
