// @vitest-environment happy-dom
// The keys store's filters as a user meets them: a search pattern the rules refuse drops the last search's rows at once
// and asks the server nothing; a State filter on one account reads every key the account holds, not one server page.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type KeyPage, type KeyView } from '../../../../src-shared/contract';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';
import { keyView } from '../../../support/key-view';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW = NOW_MS / 1000;

const key = (id: number, over: Partial<KeyView> = {}): KeyView =>
  keyView({ id, createdTime: NOW - 86_400, accessedTime: NOW - 3_600, ...over });
const page = (items: readonly KeyView[], total = items.length): KeyPage => ({ items, page: 1, size: 20, total });

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

async function keysStoreFor(accounts = [accountView({ id: 'a' })]) {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
  await useAccountsStore().hydrate();
  return useKeysStore();
}

describe('a refused search pattern lists nothing from the last search', () => {
  it('drops the earlier rows at once and asks the server nothing', async () => {
    fake.override('keys:search', () => Promise.resolve(ok(page([key(1, { name: 'abc' })]))));
    const store = await keysStoreFor();
    store.setAccount('a');
    store.searchPattern = 'abc';
    await store.load();
    expect(store.rows.map((k) => k.id)).toEqual([1]);

    store.searchPattern = '%a%b%c%';
    // Before the load even runs (the view waits for typing to pause), nothing looks like a match.
    expect(store.rows).toEqual([]);
    await store.load();
    expect(store.items).toEqual([]);
    expect(store.isLoading).toBe(false);
    expect(fake.callsTo('keys:search')).toHaveLength(1);
  });
});

describe('the State filter on one account lists every key the gateway holds in that state', () => {
  it('reads the whole account, not the current server page, and only then filters', async () => {
    const all = [key(1), key(2), key(3, { state: 'disabled', status: 2 }), key(4, { state: 'disabled', status: 2 })];
    // The first server page holds only enabled keys: filtering it would list none.
    fake.override('keys:list', () => Promise.resolve(ok(page(all.slice(0, 2), all.length))));
    fake.override('keys:listChunk', () => Promise.resolve(ok({ items: all, next: null })));
    const store = await keysStoreFor();
    store.setAccount('a');
    await store.load();
    expect(store.rows).toHaveLength(2);

    store.stateFilter = 'disabled';
    await store.load();
    expect(fake.callsTo('keys:listChunk')).toEqual([{ accountId: 'a', from: null }]);
    expect(store.rows.map((k) => k.id)).toEqual([3, 4]);
  });
});
