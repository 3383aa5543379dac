// @vitest-environment happy-dom
// The watch store against a fake bridge: of two reads of the expiring list, the newer one's answer is kept, whichever
// comes back last (the first read on opening fetches from the sites; a changed number of days answers from the cache);
// a read from the cache asked while a fresh read is on its way is sent only once the fresh one has filled the cache.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type ExpiringAnswer, type Result } from '../../../../src-shared/contract';
import { useWatchStore } from '../../../../src-renderer/src/stores/watch.store';
import { deferred, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

/** The first of the pending answers, taken off the list: one per call, in call order. */
function next(pending: Array<{ promise: Promise<Result<ExpiringAnswer>> }>): Promise<Result<ExpiringAnswer>> {
  const first = pending.shift();
  if (!first) throw new Error('an unexpected read of the expiring list');
  return first.promise;
}

const answer = (withinDays: number): ExpiringAnswer => ({ withinDays, items: [], failures: [] });

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

/** Two reads of the list in a row, each answered when the test says. */
function twoReads() {
  const older = deferred<Result<ExpiringAnswer>>();
  const newer = deferred<Result<ExpiringAnswer>>();
  const pending = [older, newer];
  fake.override('watch:expiring', () => next(pending));
  const store = useWatchStore();
  return { store, older, newer, first: store.loadExpiring(), second: store.loadExpiring() };
}

describe('loadExpiring', () => {
  it('keeps the newer read when an older one answers after it', async () => {
    const { store, first, second, older: slow, newer: fast } = twoReads();
    fast.resolve(ok(answer(30)));
    await second;
    expect(store.expiring?.withinDays).toBe(30);
    expect(store.isExpiringLoading).toBe(false);

    slow.resolve(ok(answer(7)));
    await first;
    expect(store.expiring?.withinDays).toBe(30);
    expect(store.isExpiringLoading).toBe(false);
  });

  it('stays loading until the newest read answers', async () => {
    const { store, first, second, older, newer } = twoReads();
    older.resolve(ok(answer(7)));
    await first;
    expect(store.isExpiringLoading).toBe(true);
    expect(store.expiring).toBeNull();

    newer.resolve(ok(answer(14)));
    await second;
    expect(store.isExpiringLoading).toBe(false);
    expect(store.expiring?.withinDays).toBe(14);
  });

  it('sends a read from the cache asked during a fresh read only once the fresh one has answered', async () => {
    const fresh = deferred<Result<ExpiringAnswer>>();
    const cached = deferred<Result<ExpiringAnswer>>();
    const pending = [fresh, cached];
    const asked: unknown[] = [];
    fake.override('watch:expiring', (args) => {
      asked.push(args);
      return next(pending);
    });
    const store = useWatchStore();
    const refresh = store.loadExpiring(true);
    const later = store.loadExpiring();
    await Promise.resolve();
    expect(asked).toEqual([{ fresh: true }]);
    fresh.resolve(ok(answer(7)));
    await refresh;
    await vi.waitFor(() => {
      expect(asked).toEqual([{ fresh: true }, { fresh: false }]);
    });
    cached.resolve(ok(answer(14)));
    await later;
    expect(store.expiring?.withinDays).toBe(14);
    expect(store.isExpiringLoading).toBe(false);
  });
});
