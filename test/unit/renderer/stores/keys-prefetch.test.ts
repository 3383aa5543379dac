// The key lists asked for while Keydesk starts on All keys: the view's first load takes them instead of asking main
// again, each at most once and only while fresh; what no load took is dropped; and the start asks only when it opens
// on All keys unsearched.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { ok, type KeyView } from '../../../../src-shared/contract';
import { createAppRouter, opensOnAllKeys } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import {
  dropPrefetchedLists,
  prefetchKeyLists,
  takePrefetchedFirstPage,
} from '../../../../src-renderer/src/stores/keys-prefetch';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const key = (accountId: string, id: number): Pick<KeyView, 'accountId' | 'id' | 'name'> => ({
  accountId,
  id,
  name: `key-${String(id)}`,
});

beforeEach(() => {
  fake.reset();
  dropPrefetchedLists();
  setActivePinia(createPinia());
  fake.override('keys:listChunk', (args) =>
    Promise.resolve(
      ok({ items: [key((args as { accountId: string }).accountId, 1)] as unknown as KeyView[], next: null }),
    ),
  );
});

describe('prefetched key lists', () => {
  it('answers each account once, then leaves the asking to the caller', async () => {
    prefetchKeyLists(['a', 'b'], 1_000);
    expect(fake.callsTo('keys:listChunk')).toHaveLength(2);
    const first = takePrefetchedFirstPage('a', 1_500);
    expect(first).toBeDefined();
    expect(await first).toMatchObject({ ok: true, value: { items: [{ accountId: 'a' }], next: null } });
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
