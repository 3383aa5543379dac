// Per-key spend against the emulator: the tracker's 5-minute list passes over a real keys service, the emulator's
// control plane spending quota on a key. A key at 20× its usual rate raises exactly one runaway alert, Disable now
// disables it on the server with one status-only request, a second episode raises a second alert, spend across a
// failed pass raises none, and no account is listed more than once per 5 minutes. Scheduling runs on a fake clock.
import { describe, expect, it } from 'vitest';
import type { AlertView, RunawayAlertView } from '../../../src-shared/contract';
import { EventBus } from '../../../src-main/event-bus';
import { KeysService } from '../../../src-main/features/keys/keys.service';
import { AlertsService, EMPTY_ALERTS } from '../../../src-main/features/alerts/alerts.service';
import { disableOne } from '../../../src-main/features/spend/spend.feature';
import { EMPTY_SPEND_SETTINGS, SPEND_PASS_MS, SpendTracker } from '../../../src-main/features/spend/spend.tracker';
import { EMPTY_SPEND, SpendWatcher, type SpendDocument } from '../../../src-main/features/spend/spend.watcher';
import { decodeRing } from '../../../src-main/features/spend/ring-codec';
import type { SpendSettings } from '../../../src-shared/contract';
import { FakeClock } from '../../support/fake-clock';
import { memoryLogger } from '../../support/memory-logger';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { MemoryStore, recordingNotifier } from '../../unit/main/features/quota/fakes';
import { addFault, admin, readLog, useSeededGateway } from '../gateway/setup';
import { EmulatorDirectory } from '../keys/setup';

const KEY_ID = 1; // alice's key "main"
const USUAL_PER_PASS = 5_000; // 60,000 units (¥0.12) an hour
const RUNAWAY_PER_PASS = 20 * USUAL_PER_PASS;

const seeded = useSeededGateway();

function setup() {
  const clock = new FakeClock({ start: Date.UTC(2026, 10, 24, 8) });
  const directory = new EmulatorDirectory(seeded.gw);
  const keys = new KeysService({ directory, clock, log: recordingLogger() });
  const alertStore = new MemoryStore(EMPTY_ALERTS);
  const alerts = new AlertsService({
    store: alertStore,
    events: new EventBus(),
    notifier: recordingNotifier(false).notifier,
    language: () => 'en-US',
    now: () => clock.now(),
  });
  const spendStore = new MemoryStore<SpendDocument>(EMPTY_SPEND);
  const settings = new MemoryStore<SpendSettings>(EMPTY_SPEND_SETTINGS);
  let tracker: SpendTracker | null = null;
  const watcher = new SpendWatcher({
    store: spendStore,
    alerts,
    account: (id) => directory.get(id),
    dailyCapOf: (accountId, keyId) => tracker?.dailyCapOf(accountId, keyId) ?? null,
    setKeyEnabled: (accountId, keyId) => disableOne(keys, accountId, keyId),
    now: () => clock.now(),
  });
  alerts.setRunawayActions(watcher.actions);
  tracker = new SpendTracker({
    directory,
    listAll: (id) => keys.listAll(id),
    watcher,
    settings,
    clock,
    log: memoryLogger().log,
  });
  tracker.start();
  tracker.setTracking('alice', true);
  const runaways = (): RunawayAlertView[] =>
    alerts.list().filter((a: AlertView): a is RunawayAlertView => a.kind === 'runaway');
  const owned = tracker;
  /** Spends on the key, then lets 5 minutes pass and waits for the pass the tracker's timer starts. */
  const pass = async (units: number): Promise<void> => {
    if (units > 0) await admin(seeded.gw, 'POST', `/keys/${String(KEY_ID)}/spend`, { units });
    await clock.advance(SPEND_PASS_MS);
    await owned.passNow('alice');
  };
  const passes = async (n: number, units: number): Promise<void> => {
    for (let i = 0; i < n; i += 1) await pass(units);
  };
  const lastRead = () => decodeRing(spendStore.value.accounts.alice?.[String(KEY_ID)]?.ring ?? '').at(-1);
  return { clock, keys, tracker: owned, alerts, runaways, pass, passes, lastRead };
}

const keyListRequests = async () =>
  (await readLog(seeded.gw)).filter(
    (e) => e.method === 'GET' && e.path.startsWith('/api/token') && !e.path.includes('search'),
  );

describe('per-key spend against the emulator', () => {
  it('raises one runaway alert at 20× the usual rate, disables the key on Disable now, and alerts again on a second episode', async () => {
    const t = setup();
    await t.passes(5 * 12, USUAL_PER_PASS); // five usual hours
    expect(t.runaways()).toEqual([]);
    await t.passes(12, RUNAWAY_PER_PASS); // an hour at 20×: one alert, however long it lasts
    const [first, ...others] = t.runaways();
    expect(others).toEqual([]);
    expect(first).toMatchObject({ accountId: 'alice', keyId: KEY_ID, keyName: 'main', reason: 'rate' });
    expect(first?.hourSpendUnits).toBeGreaterThanOrEqual(10 * 12 * USUAL_PER_PASS);

    const before = (await readLog(seeded.gw)).length;
    const resolved = await t.alerts.resolveRunaway(first?.id ?? '', 'disable');
    expect(resolved.ok).toBe(true);
    const sent = (await readLog(seeded.gw)).slice(before);
    expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual(['PUT /api/token/']);
    expect(sent[0]?.query).toEqual({ status_only: 'true' });
    expect(sent[0]?.body).toMatchObject({ id: KEY_ID, status: 2 });
    const key = (await admin(seeded.gw, 'GET', `/keys/${String(KEY_ID)}`)) as { status: number };
    expect(key.status).toBe(2);

    // The owner turns it back on after rotating; usual spend for two hours ends the episode, then it runs away again.
    expect((await t.keys.setStatus('alice', [KEY_ID], true)).ok).toBe(true);
    await t.passes(2 * 12, USUAL_PER_PASS);
    expect(t.runaways()).toHaveLength(1);
    await t.passes(12, RUNAWAY_PER_PASS);
    expect(t.runaways().map((a) => a.keyId)).toEqual([KEY_ID, KEY_ID]);
    t.tracker.dispose();
  }, 60_000);

  it('raises nothing from spend it could not see: a failed pass is a gap, not a jump', async () => {
    const t = setup();
    await t.passes(5 * 12, USUAL_PER_PASS);
    await addFault(seeded.gw, { match: '/api/token/', method: 'GET', kind: 'status', status: 503, times: 10 });
    await admin(seeded.gw, 'POST', `/keys/${String(KEY_ID)}/spend`, { units: 50 * RUNAWAY_PER_PASS });
    await t.pass(0);
    expect(t.lastRead()?.[1]).toBeNull(); // the failed pass is recorded as a gap
    await admin(seeded.gw, 'DELETE', '/faults');
    await t.passes(12, USUAL_PER_PASS);
    expect(t.runaways()).toEqual([]);
    // The control: the same jump seen by two fresh reads is a runaway.
    await admin(seeded.gw, 'POST', `/keys/${String(KEY_ID)}/spend`, { units: 50 * RUNAWAY_PER_PASS });
    await t.pass(0);
    expect(t.runaways()).toHaveLength(1);
    t.tracker.dispose();
  }, 60_000);

  it('lists a tracked account at most once per 5 minutes, whatever asks, and never an untracked one', async () => {
    const t = setup();
    const passAt: number[] = [];
    const passed = new Set<string>();
    t.tracker.onPass((accountId) => {
      passed.add(accountId);
      passAt.push(t.clock.now());
    });
    // Half an hour of asking every 30 seconds, for a tracked and an untracked account.
    for (let i = 0; i < 60; i += 1) {
      await t.clock.advance(30_000);
      await t.tracker.passNow('alice');
      await t.tracker.passNow('bob');
    }
    expect(passAt.length).toBeGreaterThanOrEqual(6);
    const gaps = passAt.slice(1).map((at, i) => at - (passAt[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(SPEND_PASS_MS);
    // One page of 100 per pass (alice has fewer keys), and no request at all for bob's keys.
    expect([...passed]).toEqual(['alice']);
    const lists = await keyListRequests();
    expect(lists).toHaveLength(passAt.length);
    expect(lists.every((e) => e.query.size === '100' || e.query.page_size === '100')).toBe(true);
    t.tracker.dispose();
  }, 60_000);
});
