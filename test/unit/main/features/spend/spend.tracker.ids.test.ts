// Spend tracking for accounts whose ids an older data folder may hold (`constructor`, `toString`, `__proto__`,
// `hasOwnProperty`): switched on, capped and read pass by pass, written to the real files, read back by a new store,
// watcher and tracker (a restart), and looked up like any other account.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyView, Result, SpendSettings } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import { EventBus } from '../../../../../src-main/event-bus';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { AlertsService, EMPTY_ALERTS } from '../../../../../src-main/features/alerts/alerts.service';
import { SplitSpendStore } from '../../../../../src-main/features/spend/spend.store';
import {
  EMPTY_SPEND_SETTINGS,
  SpendTracker,
  spendSettingsSchema,
} from '../../../../../src-main/features/spend/spend.tracker';
import { SpendWatcher } from '../../../../../src-main/features/spend/spend.watcher';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import { ConfigStore } from '../../../../../src-main/vault/config.store';
import { FakeClock } from '../../../../support/fake-clock';
import { memoryLogger } from '../../../../support/memory-logger';
import { keyView } from '../../../../support/key-view';
import { MemoryStore, recordingNotifier } from '../quota/fakes';

const IDS = ['constructor', 'toString', '__proto__', 'hasOwnProperty'] as const;
const HOUR = 60 * 60_000;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const handle = (id: string): AccountHandle => ({
  id,
  kind: 'access_token',
  label: `Old ${id}`,
  units: SPEC_MONEY,
  isDisabled: false,
  isHidden: false,
  thresholds: { warnUnits: null, criticalUnits: null },
});

/** The accounts of an older data folder, by those ids; a lookup of any other id is not_found, as the real one. */
function directory(): AccountDirectory {
  const accounts = IDS.map(handle);
  return {
    list: () => accounts,
    get: (id) => {
      const found = accounts.find((a) => a.id === id);
      if (!found) throw new Error(`not_found ${id}`);
      return found;
    },
    management: () => Promise.reject(new Error('no gateway in this test')),
    keyClient: () => Promise.reject(new Error('no gateway in this test')),
    activeId: () => null,
    switch: () => undefined,
    onChange: () => () => undefined,
  };
}

/** What the app builds over a data folder: the history files, the settings file, the watcher and the tracker. */
function open(dataDir: string, clock: FakeClock) {
  const store = new SplitSpendStore({ now: Date.now, engine: atomicFileEngine(), dataDir, onCorrupt: () => undefined });
  const settings = new ConfigStore<SpendSettings>({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir,
    name: 'spend-settings',
    schema: spendSettingsSchema,
    defaults: EMPTY_SPEND_SETTINGS,
  });
  const alerts = new AlertsService({
    store: new MemoryStore(EMPTY_ALERTS),
    events: new EventBus(),
    notifier: recordingNotifier(false).notifier,
    language: () => 'en-US',
    now: () => clock.now(),
  });
  let tracker: SpendTracker | null = null;
  const watcher = new SpendWatcher({
    store,
    alerts,
    account: (id) => ({ id, label: `Old ${id}`, units: SPEC_MONEY }),
    dailyCapOf: (accountId, keyId) => tracker?.dailyCapOf(accountId, keyId) ?? null,
    setKeyEnabled: (): Promise<Result<void>> => Promise.resolve({ ok: true, value: undefined }),
    now: () => clock.now(),
  });
  tracker = new SpendTracker({
    directory: directory(),
    listAll: () => Promise.resolve({ ok: false, error: { code: 'network' } }),
    watcher,
    settings,
    clock,
    log: memoryLogger().log,
  });
  return { watcher, tracker };
}

const listed = (accountId: string, usedQuota: number): KeyView[] => [
  keyView({ accountId, id: 1, name: `key of ${accountId}`, usedQuota }),
];

describe('spend tracking of accounts with ids such as constructor', () => {
  it('keeps each account’s switch, caps and history across a restart, and finds them by id', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-spend-ids-'));
    dirs.push(dataDir);
    const clock = new FakeClock({ start: Date.UTC(2026, 10, 28, 8) });
    const first = open(dataDir, clock);
    const start = clock.now();
    for (const [i, id] of IDS.entries()) {
      first.tracker.setTracking(id, true);
      first.tracker.setDailyCap(id, 1, 1_000 + i);
    }
    for (const id of IDS) first.watcher.recordPass(id, listed(id, 100));
    clock.time += HOUR;
    for (const [i, id] of IDS.entries()) first.watcher.recordPass(id, listed(id, 100 + 10 * (i + 1)));
    first.tracker.dispose();

    const again = open(dataDir, clock);
    expect(again.tracker.settings().trackedAccountIds).toEqual([...IDS]);
    for (const [i, id] of IDS.entries()) {
      expect(again.tracker.dailyCapOf(id, 1)).toBe(1_000 + i);
      expect(again.tracker.dailyCapOf(id, 2)).toBeNull();
      expect(again.watcher.readsSince(id, 1, start)).toEqual([
        [start, 100],
        [start + HOUR, 100 + 10 * (i + 1)],
      ]);
      expect(again.watcher.lastPassAt(id)).toBe(start + HOUR);
      expect(again.watcher.topSpenders(id).map((row) => [row.accountId, row.keyId, row.keyName])).toEqual([
        [id, 1, `key of ${id}`],
      ]);
    }
    expect(
      again.watcher
        .topSpenders(undefined, 10)
        .map((row) => row.accountId)
        .sort(),
    ).toEqual([...IDS].sort());
    // An id with no history of its own finds none, whatever Object's prototype holds under that name.
    expect(again.watcher.lastPassAt('valueOf')).toBeNull();
    expect(again.watcher.readsSince('valueOf', 1, 0)).toEqual([]);

    // A cap removed, and an account forgotten, go from the files as well.
    again.tracker.setDailyCap('__proto__', 1, null);
    again.tracker.setTracking('constructor', false);
    again.tracker.dispose();
    const third = open(dataDir, clock);
    expect(third.tracker.dailyCapOf('__proto__', 1)).toBeNull();
    expect(third.tracker.settings().trackedAccountIds).toEqual(['toString', '__proto__', 'hasOwnProperty']);
    expect(third.watcher.lastPassAt('constructor')).toBeNull();
    expect(third.watcher.lastPassAt('__proto__')).toBe(start + HOUR);
    third.tracker.dispose();
  });
});
