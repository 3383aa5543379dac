// The key lists asked for while Keydesk starts on All keys: the view's first load takes them instead of asking main
// again, each at most once and only while fresh; what no load took is dropped; the start waits a bounded moment for
// the top account's first page before mounting; and it asks only when it opens on All keys unsearched.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { ok, type KeyView } from '../../../../src-shared/contract';
import { keyView } from '../../../support/key-view';
import { createAppRouter, opensOnAllKeys } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import {
  dropPrefetchedLists,
  prefetchKeyLists,
  takePrefetchedFirstPage,
  topFirstPage,
} from '../../../../src-renderer/src/stores/keys-prefetch';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const key = (accountId: string, id: number): KeyView => keyView({ accountId, id });

beforeEach(() => {
  fake.reset();
  dropPrefetchedLists();
  setActivePinia(createPinia());
  fake.override('keys:listChunk', (args) =>
    Promise.resolve(ok({ items: [key((args as { accountId: string }).accountId, 1)], next: null })),
  );
});

describe('prefetched key lists', () => {
  it('answers each account once, then leaves the asking to the caller', async () => {
    prefetchKeyLists(['a', 'b'], 1_000);
    expect(fake.callsTo('keys:listChunk')).toHaveLength(2);
    const first = takePrefetchedFirstPage('a', 1_500);
    expect(first).toBeDefined();
    expect(await first?.answer).toMatchObject({ ok: true, value: { items: [{ accountId: 'a' }], next: null } });
    expect(takePrefetchedFirstPage('a', 1_500)).toBeUndefined();
    expect(takePrefetchedFirstPage('c', 1_500)).toBeUndefined();
  });

  it('does not hand out an answer asked for more than a few seconds before', () => {
    prefetchKeyLists(['a'], 1_000);
    expect(takePrefetchedFirstPage('a', 1_000 + 5_001)).toBeUndefined();
  });

  it('drops what was not taken', () => {
    prefetchKeyLists(['a', 'b'], 1_000);
    dropPrefetchedLists();
    expect(takePrefetchedFirstPage('b', 1_000)).toBeUndefined();
  });

  it('is what the first load of All keys shows, with no second request; later loads ask again', async () => {
    fake.override('accounts:list', () =>
      Promise.resolve(ok(snapshotOf(['a', 'b'].map((id) => accountView({ id, kind: 'access_token' }))))),
    );
    await useAccountsStore().hydrate();
    prefetchKeyLists(['a', 'b']);
    const store = useKeysStore();
    store.setAccount(null);
    await store.load();
    expect(store.rows.map((k) => k.accountId)).toEqual(['a', 'b']);
    expect(fake.callsTo('keys:listChunk')).toHaveLength(2);
    await store.load();
    expect(fake.callsTo('keys:listChunk')).toHaveLength(4);
  });

  it('shows the first pages already in when the first load starts, before it waits for anything', async () => {
    fake.override('accounts:list', () =>
      Promise.resolve(ok(snapshotOf(['a', 'b'].map((id) => accountView({ id, kind: 'access_token' }))))),
    );
    // Account a has a second page still to read; b's first page is its whole list.
    fake.override('keys:listChunk', (args) => {
      const { accountId, from } = args as { accountId: string; from: unknown };
      if (accountId === 'b') return Promise.resolve(ok({ items: [key('b', 1)], next: null }));
      return Promise.resolve(
        from === null
          ? ok({ items: [key('a', 1)], next: { page: 1, seen: 1, pageLength: 1, firstId: 1 } })
          : ok({ items: [key('a', 2)], next: null }),
      );
    });
    await useAccountsStore().hydrate();
    prefetchKeyLists(['a', 'b']);
    await Promise.resolve();
    await Promise.resolve();
    const store = useKeysStore();
    store.setAccount(null);
    const loading = store.load();
    expect(store.rows.map((k) => `${k.accountId}${k.id}`)).toEqual(['a1', 'b1']);
    await loading;
    expect(store.rows.map((k) => `${k.accountId}${k.id}`)).toEqual(['a1', 'a2', 'b1']);
  });
});

describe('the top account\u2019s first page, before the first frame', () => {
  /** An answer held until the test lets it go, so the wait is seen both before and after it. */
  const held = () => {
    let release: () => void = () => undefined;
    const answer = new Promise<void>((resolve) => (release = resolve));
    fake.override('keys:listChunk', (args) =>
      answer.then(() => ok({ items: [key((args as { accountId: string }).accountId, 1)], next: null })),
    );
    return () => {
      release();
    };
  };
  const isSettled = (promise: Promise<void>) => {
    const state = { isDone: false };
    void promise.then(() => (state.isDone = true));
    return state;
  };

  it('is waited for until it is in, not past it', async () => {
    vi.useFakeTimers();
    try {
      const release = held();
      prefetchKeyLists(['a', 'b']);
      const wait = isSettled(topFirstPage(100));
      await vi.advanceTimersByTimeAsync(50);
      expect(wait.isDone).toBe(false);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(wait.isDone).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the window no longer than the bound when the gateway is slow', async () => {
    vi.useFakeTimers();
    try {
      held();
      prefetchKeyLists(['a']);
      const wait = isSettled(topFirstPage(100));
      await vi.advanceTimersByTimeAsync(99);
      expect(wait.isDone).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(wait.isDone).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for nothing when nothing was asked for, or what was asked for was dropped', async () => {
    vi.useFakeTimers();
    try {
      held();
      const none = isSettled(topFirstPage(100));
      await vi.advanceTimersByTimeAsync(0);
      expect(none.isDone).toBe(true);
      prefetchKeyLists(['a']);
      dropPrefetchedLists();
      const dropped = isSettled(topFirstPage(100));
      await vi.advanceTimersByTimeAsync(0);
      expect(dropped.isDone).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('opensOnAllKeys', () => {
  const router = createAppRouter(createMemoryHistory());
  it.each([
    ['', true],
    ['#/', true],
    ['#/keys', true],
    ['#/nowhere', true],
    ['#/keys?q=', true],
    ['#/keys?q=alpha', false],
    ['#/keys?account=acc-1', false],
    ['#/accounts', false],
    ['#/settings', false],
  ])('%s → %s', (hash, expected) => {
    expect(opensOnAllKeys(router, hash)).toBe(expected);
  });
});
