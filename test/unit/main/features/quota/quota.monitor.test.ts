// The quota monitor and its feature wiring over fake accounts and a fake clock: cached balances served at once and
// replaced by fresh ones, unknown never zero, alerts from fresh values only (once, persisted across restarts),
// history and forecast, notifications and the tray following the balances.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BalanceAlertView, BalanceView } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/event-bus';
import {
  AlertsService,
  EMPTY_ALERTS,
  type AlertsDocument,
} from '../../../../../src-main/features/alerts/alerts.service';
import {
  EMPTY_QUOTA_CACHE,
  EMPTY_QUOTA_HISTORY,
  QuotaMonitor,
  type QuotaCacheDocument,
  type QuotaHistoryDocument,
} from '../../../../../src-main/features/quota/quota.monitor';
import { createQuotaFeature } from '../../../../../src-main/features/quota/quota.feature';
import { createAlertsFeature } from '../../../../../src-main/features/alerts/alerts.feature';
import { testCore } from '../../../../support/test-core';
import { noPowerEvents } from '../../../../../src-main/platform/node/in-app.notifier';
import { memoryLogger } from '../../../../support/memory-logger';
import { FakeClock } from '../../../../support/fake-clock';
import { MemoryStore, fakeDirectory, okSelf, recordingNotifier, recordingTray, type FakeAccount } from './fakes';
import { SPEC_ACCOUNT_MONEY, SPEC_MONEY } from '../../../../../src-shared/units';

const MINUTE = 60_000;
const YUAN = 500_000;

function setup(
  accounts: FakeAccount[],
  stores?: {
    cache: MemoryStore<QuotaCacheDocument>;
    history: MemoryStore<QuotaHistoryDocument>;
    alerts: MemoryStore<AlertsDocument>;
  },
  clock = new FakeClock({ start: 1_780_000_000_000 }),
) {
  const events = new EventBus();
  const seen: { event: string; payload: unknown }[] = [];
  events.subscribe((event, payload) => seen.push({ event, payload }));
  const dir = fakeDirectory(accounts);
  const s = stores ?? {
    cache: new MemoryStore(EMPTY_QUOTA_CACHE),
    history: new MemoryStore(EMPTY_QUOTA_HISTORY),
    alerts: new MemoryStore(EMPTY_ALERTS),
  };
  const notes = recordingNotifier();
  let n = 0;
  const alerts = new AlertsService({
    store: s.alerts,
    events,
    notifier: notes.notifier,
    language: () => 'en-US',
    now: () => clock.now(),
    newId: () => `alert-${++n}`,
  });
  const monitor = new QuotaMonitor({
    directory: dir.directory,
    thresholdsOf: (id) => accounts.find((a) => a.id === id)?.thresholds ?? { warnUnits: null, criticalUnits: null },
    cache: s.cache,
    history: s.history,
    alerts,
    events,
    clock,
    intervalMinutes: 5,
    log: memoryLogger().log,
  });
  const raised = () => seen.filter((e) => e.event === 'alerts:raised').map((e) => e.payload as BalanceAlertView);
  const updates = () => seen.filter((e) => e.event === 'quota:updated').map((e) => e.payload as BalanceView);
  return { clock, monitor, alerts, dir, stores: s, notes, raised, updates };
}

const account = (over: Partial<FakeAccount> = {}): FakeAccount => ({
  id: 'a',
  label: 'Work',
  kind: 'access_token',
  thresholds: { warnUnits: 10 * YUAN, criticalUnits: 2 * YUAN },
  answers: [okSelf(50 * YUAN)],
  ...over,
});

describe('QuotaMonitor', () => {
  it('shows unknown (never zero) before the first answer, then the fresh value', async () => {
    const t = setup([account()]);
    t.monitor.start();
    expect(t.monitor.snapshot()).toEqual([
      expect.objectContaining({
        accountId: 'a',
        remainingUnits: null,
        level: 'unknown',
        isStale: true,
        fetchedAt: null,
      }),
    ]);
    await t.clock.advance(5_000);
    expect(t.monitor.snapshot()[0]).toMatchObject({ remainingUnits: 50 * YUAN, level: 'ok', isStale: false });
    expect(t.updates().at(-1)).toMatchObject({ remainingUnits: 50 * YUAN });
    t.monitor.dispose();
  });

  it('says when "Refresh now" may send the next request: a minute after the last one, then at once', async () => {
    const t = setup([account({ answers: [okSelf(50 * YUAN), okSelf(40 * YUAN)] })]);
    t.monitor.start();
    await t.clock.advance(5_000);
    const first = t.monitor.view('a');
    expect(first.fetchedAt).toEqual(expect.any(Number));
    expect(first.nextRefreshAt).toBeGreaterThan(t.clock.now());
    expect(first.nextRefreshAt).toBeLessThanOrEqual((first.fetchedAt ?? 0) + MINUTE);
    // A manual refresh inside the minute sends nothing and keeps the same promise of when it can.
    const [again] = await t.monitor.refresh('a', 'manual');
    expect(again).toMatchObject({ remainingUnits: 50 * YUAN, nextRefreshAt: first.nextRefreshAt });
    await t.clock.advance(MINUTE);
    expect(t.monitor.view('a').nextRefreshAt).toBeNull();
    const refreshing = t.monitor.refresh('a', 'manual');
    await t.clock.advance(0);
    expect((await refreshing)[0]).toMatchObject({ remainingUnits: 40 * YUAN });
    t.monitor.dispose();
  });

  it('serves the persisted balances of the last session at once, marked stale, until fresh ones arrive', async () => {
    const first = setup([account({ answers: [okSelf(7 * YUAN)] })]);
    first.monitor.start();
    await first.clock.advance(5_000);
    const firstFetchedAt = first.monitor.snapshot()[0]?.fetchedAt;
    expect(firstFetchedAt).toEqual(expect.any(Number));
    first.monitor.dispose();

    const clock = new FakeClock({ start: first.clock.now() + 3 * 3_600_000 });
    let answer: (v: unknown) => void = () => undefined;
    const slow = () => new Promise<never>((resolve) => (answer = resolve as never));
    const second = setup([account({ answers: [slow] })], first.stores, clock);
    second.monitor.start();
    const cached = second.monitor.snapshot()[0];
    expect(cached).toMatchObject({ remainingUnits: 7 * YUAN, isStale: true, level: 'warn' });
    expect(cached?.fetchedAt).toBe(firstFetchedAt); // its age is shown, not hidden
    await clock.advance(3_000);
    answer({ ok: true, value: { quota: 30 * YUAN, used_quota: 0 } });
    await clock.advance(0);
    expect(second.monitor.snapshot()[0]).toMatchObject({ remainingUnits: 30 * YUAN, isStale: false, level: 'ok' });
    second.monitor.dispose();
  });

  it('keeps the last value with the error on a failure, and raises nothing from it', async () => {
    const t = setup([
      account({
        answers: [
          okSelf(50 * YUAN),
          () => Promise.resolve({ ok: false, error: { code: 'protocol' } }),
          okSelf(1 * YUAN),
        ],
      }),
    ]);
    t.monitor.start();
    await t.clock.advance(5 * MINUTE + 5_000);
    expect(t.monitor.snapshot()[0]).toMatchObject({
      remainingUnits: 50 * YUAN,
      isStale: true,
      error: { code: 'protocol' },
    });
    expect(t.raised()).toEqual([]);
    await t.clock.advance(2 * MINUTE);
    expect(t.raised().map((a) => a.level)).toEqual(['critical']);
    t.monitor.dispose();
  });

  it('alerts once per crossing, persists that across a restart, re-arms after a top-up, and notifies', async () => {
    const t = setup([account({ answers: [okSelf(12 * YUAN), okSelf(9 * YUAN), okSelf(8 * YUAN)] })]);
    t.monitor.start();
    await t.clock.advance(16 * MINUTE);
    expect(t.raised()).toEqual([
      expect.objectContaining({
        accountId: 'a',
        accountLabel: 'Work',
        level: 'warn',
        balanceUnits: 9 * YUAN,
        thresholdUnits: 10 * YUAN,
      }),
    ]);
    expect(t.notes.shown).toEqual([{ title: 'Balance low', body: 'Work: ¥9.00 left (below ¥10.00)', accountId: 'a' }]);
    t.monitor.dispose();

    // restart with the balance still low: no second alert
    const again = setup(
      [account({ answers: [okSelf(8 * YUAN), okSelf(30 * YUAN), okSelf(9 * YUAN)] })],
      t.stores,
      new FakeClock({ start: t.clock.now() + MINUTE }),
    );
    again.monitor.start();
    // the last request was 2 minutes ago: the next one waits for its interval, even across the restart
    await again.clock.advance(3 * MINUTE);
    expect(again.dir.calls.get('a') ?? 0).toBe(0);
    await again.clock.advance(10_000);
    expect(again.dir.calls.get('a')).toBe(1);
    expect(again.raised()).toEqual([]);
    await again.clock.advance(11 * MINUTE); // top-up to ¥30, then down to ¥9 again
    expect(again.raised().map((a) => a.level)).toEqual(['warn']);
    expect(again.alerts.list()).toHaveLength(2);
    expect(again.alerts.acknowledge().every((a) => a.isAcknowledged)).toBe(true);
    again.monitor.dispose();
  });

  it('records history and offers a forecast once there is enough data', async () => {
    let quota = 100 * YUAN;
    const t = setup([
      account({ thresholds: { warnUnits: null, criticalUnits: null }, answers: [() => okSelf((quota -= YUAN))()] }),
    ]);
    t.monitor.start();
    await t.clock.advance(30 * MINUTE);
    expect(t.monitor.history('a').samples.length).toBeGreaterThan(3);
    expect(t.monitor.history('a').daysLeft).toBeNull();
    await t.clock.advance(7 * 60 * MINUTE);
    const history = t.monitor.history('a');
    // ¥1 every 5 minutes = ¥12 an hour
    const last = history.samples.at(-1)?.remainingUnits ?? 0;
    expect(history.daysLeft).toBeCloseTo(last / (12 * YUAN) / 24, 1);
    expect(t.monitor.snapshot()[0]?.daysLeft).toBe(history.daysLeft);
    t.monitor.dispose();
  });

  it('drops a removed account with its cache and history', async () => {
    const accounts = [account(), account({ id: 'b', label: 'Home' })];
    const t = setup(accounts);
    t.monitor.start();
    await t.clock.advance(10_000);
    accounts.pop();
    t.dir.changed();
    expect(t.monitor.snapshot().map((v) => v.accountId)).toEqual(['a']);
    expect(Object.keys(t.stores.cache.value.balances)).toEqual(['a']);
    expect(Object.keys(t.stores.history.value.samples)).toEqual(['a']);
    t.monitor.dispose();
  });
});

describe('createQuotaFeature with a tray', () => {
  it('draws the tray from balances, switches and opens on a click, refreshes on open, and disposes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'keydesk-quota-'));
    const clock = new FakeClock({ start: 1_780_000_000_000 });
    const tray = recordingTray();
    const notes = recordingNotifier();
    const opened: (string | undefined)[] = [];
    const dir = fakeDirectory([account(), account({ id: 'b', label: 'Home', answers: [okSelf(YUAN)] })]);
    const core = await testCore(dataDir, {
      settings: { language: 'zh-CN' },
      platform: {
        clock,
        tray: tray.port,
        notifier: notes.notifier,
        power: noPowerEvents,
        window: { show: (id) => opened.push(id), quit: () => opened.push('quit') },
      },
    });
    const alerts = createAlertsFeature(core, { accounts: dir.directory });
    const feature = createQuotaFeature(core, { accounts: dir.directory, alerts: alerts.service });
    expect(tray.models.at(-1)?.icon).toBe('stale');
    await clock.advance(10_000);
    expect(tray.models.at(-1)?.icon).toBe('critical');
    expect(tray.models.at(-1)?.tooltip.split('\n')).toContain('Work：¥50.00');
    expect(notes.shown.map((n) => n.title)).toEqual(['余额告急']);
    tray.click({ kind: 'account', accountId: 'b' });
    expect(dir.switched).toEqual(['b']);
    expect(opened).toEqual(['b']);
    notes.click('a');
    expect(dir.switched).toEqual(['b', 'a']);
    const before = dir.calls.get('a') ?? 0;
    await clock.advance(2 * MINUTE);
    tray.open(); // older than the cache: one request
    await clock.advance(0);
    expect(dir.calls.get('a')).toBe(before + 1);
    tray.click({ kind: 'quit' });
    expect(opened.at(-1)).toBe('quit');
    feature.dispose();
    expect(tray.isDisposed()).toBe(true);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a runaway notification’s Disable now disables the key and resolves the alert; a failure opens the window on it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'keydesk-quota-'));
    const notes = recordingNotifier();
    const opened: (string | undefined)[] = [];
    const dir = fakeDirectory([account()]);
    const core = await testCore(dataDir, {
      platform: {
        clock: new FakeClock({ start: 1_780_000_000_000 }),
        tray: recordingTray().port,
        notifier: notes.notifier,
        power: noPowerEvents,
        window: { show: (id) => opened.push(id), quit: () => opened.push('quit') },
      },
    });
    const alerts = createAlertsFeature(core, { accounts: dir.directory });
    const feature = createQuotaFeature(core, { accounts: dir.directory, alerts: alerts.service });
    const disabled: number[] = [];
    let isRefused = false;
    alerts.service.setRunawayActions({
      disableKey: (_accountId, keyId) => {
        if (isRefused) return Promise.resolve({ ok: false, error: { code: 'network' } });
        disabled.push(keyId);
        return Promise.resolve({ ok: true, value: undefined });
      },
      dismiss: () => undefined,
    });
    const raise = (keyId: number) =>
      alerts.service.raiseAlert(
        { id: 'a', label: 'Work', units: SPEC_MONEY, money: SPEC_ACCOUNT_MONEY },
        {
          kind: 'runaway',
          accountId: 'a',
          episodeKey: `runaway:a:${String(keyId)}:1`,
          keyId,
          keyName: 'main',
          reason: 'rate',
          hourSpendUnits: 12_000_000,
          usualHourUnits: 600_000,
          dailyCapUnits: null,
          daySpendUnits: null,
          resolution: null,
        },
      );
    const alert = raise(7);
    const note = notes.shown.find((n) => n.action !== undefined);
    expect(note?.action).toEqual({ id: `disable:${alert?.id ?? ''}`, text: 'Disable now' });
    notes.press(note?.action?.id ?? '');
    await vi.waitFor(() => expect(disabled).toEqual([7]));
    await vi.waitFor(() =>
      expect(alerts.service.list().find((a) => a.id === alert?.id)).toMatchObject({ resolution: 'disabled' }),
    );
    // Refused: the alert stays unresolved and the window opens on its account.
    isRefused = true;
    const second = raise(8);
    notes.press(`disable:${second?.id ?? ''}`);
    await vi.waitFor(() => expect(opened).toEqual(['a']));
    expect(alerts.service.list().find((a) => a.id === second?.id)).toMatchObject({ resolution: null });
    feature.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
});
