// When the balance cache and history reach the disk: polls of many accounts close together make one write a spell
// (each write is a whole file, its .bak and their fsyncs, which made most of an idle Keydesk's CPU), a quit writes
// what waits, and an alert's arming is written at once so a crash cannot raise the same alert twice.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../../../../src-main/event-bus';
import { createAlertsFeature } from '../../../../../src-main/features/alerts/alerts.feature';
import { AlertsService, EMPTY_ALERTS } from '../../../../../src-main/features/alerts/alerts.service';
import {
  CACHE_WRITE_DELAY_MS,
  HISTORY_WRITE_DELAY_MS,
  createQuotaFeature,
} from '../../../../../src-main/features/quota/quota.feature';
import {
  EMPTY_QUOTA_CACHE,
  EMPTY_QUOTA_HISTORY,
  QuotaMonitor,
  type QuotaCacheDocument,
} from '../../../../../src-main/features/quota/quota.monitor';
import { noPowerEvents } from '../../../../../src-main/platform/node/in-app.notifier';
import { WriteBehindStore } from '../../../../../src-main/vault/write-behind.store';
import { FakeClock } from '../../../../support/fake-clock';
import { memoryLogger } from '../../../../support/memory-logger';
import { testCore } from '../../../../support/test-core';
import { MemoryStore, fakeDirectory, okSelf, recordingNotifier, recordingTray, type FakeAccount } from './fakes';

const YUAN = 500_000;
const START = 1_780_000_000_000;

const MINUTE = 60_000;

const account = (id: string, ...balances: number[]): FakeAccount => ({
  id,
  label: `Account ${id}`,
  kind: 'access_token',
  thresholds: { warnUnits: 10 * YUAN, criticalUnits: 2 * YUAN },
  answers: balances.map((balance) => okSelf(balance)),
});

/** The remaining balance of each account in the cache file on disk (empty while the file is not there). */
function balancesOnDisk(dataDir: string): Record<string, number> {
  const file = join(dataDir, 'quota-cache.json');
  if (!existsSync(file)) return {};
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { balances?: Record<string, { remainingUnits: number }> };
  return Object.fromEntries(Object.entries(doc.balances ?? {}).map(([id, b]) => [id, b.remainingUnits]));
}

/** How many balance samples each account has in the history file on disk. */
function samplesOnDisk(dataDir: string): Record<string, number> {
  const file = join(dataDir, 'quota-history.json');
  if (!existsSync(file)) return {};
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { samples?: Record<string, unknown[]> };
  return Object.fromEntries(Object.entries(doc.samples ?? {}).map(([id, list]) => [id, list.length]));
}

describe('the balance cache on disk', () => {
  it('is written once for polls close together, after the delay, and on quit for what still waits; the history later still', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'keydesk-quota-writes-'));
    const clock = new FakeClock({ start: START });
    const dir = fakeDirectory(['a', 'b', 'c'].map((id) => account(id, 50 * YUAN, 40 * YUAN)));
    // Polls every ten minutes, so the history's five-minute wait ends between two rounds.
    const core = await testCore(dataDir, {
      settings: { language: 'en-US', refreshIntervalMinutes: 10 },
      platform: {
        clock,
        tray: recordingTray().port,
        notifier: recordingNotifier().notifier,
        power: noPowerEvents,
        window: { show: () => undefined, quit: () => undefined },
      },
    });
    const alerts = createAlertsFeature(core, { accounts: dir.directory });
    const feature = createQuotaFeature(core, { accounts: dir.directory, alerts: alerts.service });
    try {
      await clock.advance(10_000); // the start's staggered polls: all three answered
      expect(['a', 'b', 'c'].map((id) => dir.calls.get(id))).toEqual([1, 1, 1]);
      expect(feature.monitor.snapshot().map((v) => v.remainingUnits)).toEqual([50 * YUAN, 50 * YUAN, 50 * YUAN]);
      expect(balancesOnDisk(dataDir)).toEqual({});
      await clock.advance(CACHE_WRITE_DELAY_MS);
      expect(balancesOnDisk(dataDir)).toEqual({ a: 50 * YUAN, b: 50 * YUAN, c: 50 * YUAN });
      // The history waits longer (a megabyte after two weeks), and still holds every sample in memory.
      expect(samplesOnDisk(dataDir)).toEqual({});
      expect(feature.monitor.history('a').samples).toHaveLength(1);
      await clock.advanceTo(START + HISTORY_WRITE_DELAY_MS - 10_000);
      expect(samplesOnDisk(dataDir)).toEqual({});
      await clock.advance(20_000);
      expect(samplesOnDisk(dataDir)).toEqual({ a: 1, b: 1, c: 1 });

      await clock.advanceTo(START + 10 * MINUTE + 10_000); // the next round of polls, its write still waiting
      expect(['a', 'b', 'c'].map((id) => dir.calls.get(id))).toEqual([2, 2, 2]);
      expect(balancesOnDisk(dataDir)).toEqual({ a: 50 * YUAN, b: 50 * YUAN, c: 50 * YUAN });
      feature.dispose(); // a quit writes both
      expect(balancesOnDisk(dataDir)).toEqual({ a: 40 * YUAN, b: 40 * YUAN, c: 40 * YUAN });
      expect(samplesOnDisk(dataDir)).toEqual({ a: 2, b: 2, c: 2 });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('writes an alert’s arming at once, so a crash right after cannot raise the same alert again', async () => {
    const clock = new FakeClock({ start: START });
    const disk = new MemoryStore<QuotaCacheDocument>(EMPTY_QUOTA_CACHE);
    const cache = new WriteBehindStore(disk, { clock, delayMs: CACHE_WRITE_DELAY_MS, onError: () => undefined });
    const events = new EventBus();
    const dir = fakeDirectory([account('a', 5 * YUAN)]); // below the ¥10 warning: the alert fires on the first poll
    const alerts = new AlertsService({
      store: new MemoryStore(EMPTY_ALERTS),
      events,
      notifier: recordingNotifier().notifier,
      language: () => 'en-US',
      now: () => clock.now(),
    });
    const monitor = new QuotaMonitor({
      directory: dir.directory,
      thresholdsOf: () => ({ warnUnits: 10 * YUAN, criticalUnits: 2 * YUAN }),
      cache,
      history: new MemoryStore(EMPTY_QUOTA_HISTORY),
      alerts,
      events,
      clock,
      intervalMinutes: 5,
      log: memoryLogger().log,
    });
    monitor.start();
    await clock.advance(5_000);
    expect(alerts.list().map((a) => (a.kind === 'balance' ? a.level : a.kind))).toEqual(['warn']);
    // Before the delay is over, the file already says the warning was given.
    expect(disk.writes).toBe(1);
    expect(disk.value.arming.a).toEqual({ warn: false, critical: true, softLimit: true });
    monitor.dispose();
  });
});
