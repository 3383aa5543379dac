// The spend watcher over list passes: a runaway key raises one alert per episode, a failed pass is a gap, Disable
// now sends one status-only update, a dismissal lifts the key's baseline, and the top spenders rank known rates.
import { describe, expect, it } from 'vitest';
import type { KeyView, Result } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import { EventBus } from '../../../../../src-main/event-bus';
import { AlertsService, EMPTY_ALERTS } from '../../../../../src-main/features/alerts/alerts.service';
import { encodeRing } from '../../../../../src-main/features/spend/ring-codec';
import {
  EMPTY_SPEND,
  SpendWatcher,
  spendDocumentSchema,
  type SpendDocument,
} from '../../../../../src-main/features/spend/spend.watcher';
import { MemoryStore, recordingNotifier } from '../quota/fakes';

const key = (id: number, usedQuota: number | null): KeyView => ({
  accountId: 'acc',
  id,
  name: `key-${id}`,
  maskedKey: 'sk-abc***xyz',
  status: 1,
  state: 'enabled',
  createdTime: null,
  accessedTime: null,
  expiredTime: -1,
  remainQuota: null,
  usedQuota,
  unlimitedQuota: true,
  group: 'default',
  modelLimitsEnabled: false,
  modelLimits: [],
  allowIps: '',
});

function setup(dailyCapUnits: number | null = null) {
  let now = 1_700_000_000_000;
  const { notifier, shown } = recordingNotifier();
  const alerts = new AlertsService({
    store: new MemoryStore(EMPTY_ALERTS),
    events: new EventBus(),
    notifier,
    language: () => 'en-US',
    now: () => now,
  });
  const statusCalls: [string, number, boolean][] = [];
  const store = new MemoryStore<SpendDocument>(EMPTY_SPEND);
  const watcher = new SpendWatcher({
    store,
    alerts,
    account: (id) => ({ id, label: 'Work', units: SPEC_MONEY }),
    dailyCapOf: () => dailyCapUnits,
    setKeyEnabled: (accountId, keyId, isEnabled): Promise<Result<void>> => {
      statusCalls.push([accountId, keyId, isEnabled]);
      return Promise.resolve({ ok: true, value: undefined });
    },
    now: () => now,
  });
  alerts.setRunawayActions(watcher.actions);
  let used = 0;
  const passes = (count: number, perPass: number, failed = false) => {
    for (let i = 0; i < count; i++) {
      now += 5 * 60_000;
      used += perPass;
      watcher.recordPass('acc', failed ? null : [key(1, used), key(2, 0)]);
    }
  };
  return { alerts, watcher, store, statusCalls, shown, passes };
}

describe('spend watcher', () => {
  it('raises one runaway alert per episode and Disable now sends one status-only update', async () => {
    const { alerts, statusCalls, shown, passes } = setup();
    passes(12 * 6, 20_000);
    passes(12, 400_000); // 20× its usual rate for an hour
    const raised = alerts.list().filter((a) => a.kind === 'runaway');
    expect(raised).toHaveLength(1);
    expect(shown[0]?.title).toBe('Key spending fast');
    const first = raised[0];
    if (first?.kind !== 'runaway') throw new Error('no runaway alert');
    expect(first.keyId).toBe(1);
    await alerts.resolveRunaway(first.id, 'disable');
    expect(statusCalls).toEqual([['acc', 1, false]]);
    passes(12 * 3, 20_000);
    passes(12, 400_000);
    expect(alerts.list().filter((a) => a.kind === 'runaway')).toHaveLength(2);
  });

  it('a failed pass is a gap: spending hidden behind failed passes raises nothing', () => {
    const { alerts, passes } = setup();
    passes(12 * 6, 20_000);
    passes(12, 400_000, true);
    passes(1, 0);
    expect(alerts.list()).toHaveLength(0);
  });

  it('a dismissal lifts the baseline so the same rate does not alert again', async () => {
    const { alerts, passes } = setup();
    passes(12 * 6, 20_000);
    passes(12, 400_000);
    const first = alerts.list()[0];
    if (first?.kind !== 'runaway') throw new Error('no runaway alert');
    await alerts.resolveRunaway(first.id, 'dismiss');
    passes(12 * 2, 20_000);
    passes(12, 400_000);
    expect(alerts.list()).toHaveLength(1);
  });

  it('dismissing a daily cap alert resolves it and teaches the key’s baseline nothing', async () => {
    const { alerts, watcher, store, passes } = setup(1_000_000);
    passes(12, 100_000); // ¥2.40 in an hour against a ¥2 cap, no baseline yet
    const capAlert = alerts.list()[0];
    if (capAlert?.kind !== 'runaway' || capAlert.reason !== 'daily_cap') throw new Error('no cap alert');
    const before = watcher.topSpenders('acc', 1)[0];
    await alerts.resolveRunaway(capAlert.id, 'dismiss');
    expect(alerts.list()[0]).toMatchObject({ resolution: 'dismissed' });
    expect(store.value.accounts.acc?.['1']?.runaway.baselineFloor).toBe(0);
    expect(watcher.topSpenders('acc', 1)[0]).toEqual(before);
  });

  it('ranks top spenders by their known last hour', () => {
    const { watcher, passes } = setup();
    passes(14, 30_000);
    expect(watcher.topSpenders('acc').map((r) => [r.keyId, r.lastHourUnits])).toEqual([
      [1, 360_000],
      [2, 0],
    ]);
  });

  it('stores rings as strings, and reads both earlier versions’ forms into them', () => {
    const runaway = { episodeStart: null, episodes: 0, baselineFloor: 0, episodeUsual: null, episodePeak: 0 };
    const reads = [
      [1_000, 5],
      [2_000, null],
      [3_000, 7],
      [4_000, 7, 1],
    ] as const;
    const parseRing = (ring: unknown) =>
      spendDocumentSchema.parse({ accounts: { acc: { '1': { name: 'key-1', ring, runaway } } } }).accounts.acc?.['1']
        ?.ring;
    const stored = encodeRing(reads);
    expect(parseRing(stored)).toBe(stored);
    // The version before: flat numbers, two per read; and the one before that: [at, used] pairs.
    expect(parseRing([1_000, 5, 2_000, -1, 3_000, 7, -4_000, 7])).toBe(stored);
    expect(parseRing(reads.map((r) => [...r]))).toBe(stored);
    // Not a ring: the document is refused whole (the store keeps it aside).
    for (const bad of [[1_000, 5, 2_000], [1.5, 5], [2 ** 60, 5], 'not base64!', encodeRing(reads).slice(0, -1)]) {
      expect(
        spendDocumentSchema.safeParse({ accounts: { acc: { '1': { name: 'k', ring: bad, runaway } } } }).success,
      ).toBe(false);
    }
  });
});
