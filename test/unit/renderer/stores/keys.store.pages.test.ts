// All keys reads each account's whole list a page at a time and shows every page as it lands: the first rows do not
// wait for an account's last page. A list is "loaded whole" (searchable locally) only once its last page is in; an
// account whose later page fails shows none of its rows, and a load overtaken by another stops asking.
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type KeyListChunk, type KeyListCursor, type KeyView, type Result } from '../../../../src-shared/contract';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { deferred, fake } from '../fake-keydesk';
import { keyView } from '../../../support/key-view';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const key = (accountId: string, id: number): KeyView =>
  keyView({ accountId, id, name: `key-${accountId}-${String(id)}` });

interface ChunkCall {
  readonly accountId: string;
  readonly from: KeyListCursor | null;
}

/** Every page asked for waits for the test; `answer` resolves the n-th request. */
function heldPages() {
  const held: { call: ChunkCall; answer: ReturnType<typeof deferred<Result<KeyListChunk>>> }[] = [];
  fake.override('keys:listChunk', (args) => {
    const answer = deferred<Result<KeyListChunk>>();
    held.push({ call: args as ChunkCall, answer });
    return answer.promise;
  });
  const find = (accountId: string, page: number) => {
    const found = held.find((h) => h.call.accountId === accountId && (h.call.from?.page ?? 1) === page);
    if (found === undefined) throw new Error(`page ${String(page)} of ${accountId} was not asked for`);
    return found;
  };
  return {
    held,
    /** Answers page `page` of the account with keys `ids`, going on to the next page when `more`. */
    page(accountId: string, page: number, ids: readonly number[], more: boolean): void {
      find(accountId, page).answer.resolve(
        ok({
          items: ids.map((id) => key(accountId, id)),
          next: more ? { page: page + 1, seen: page * ids.length, pageLength: ids.length, firstId: ids[0] ?? 0 } : null,
        }),
      );
    },
    fail(accountId: string, page: number): void {
      find(accountId, page).answer.resolve({ ok: false, error: { code: 'network', retryable: true } });
    },
  };
}

// The store commits rows one frame after answers land (a timer where there are no frames): the fake clock runs it,
// after letting every answer already given reach the store. No wall-clock wait.
const settle = () => vi.runAllTimersAsync();

beforeEach(() => {
  vi.useFakeTimers();
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  vi.useRealTimers();
});

async function allKeysOf(ids: readonly string[]) {
  fake.override('accounts:list', () =>
    Promise.resolve(ok(snapshotOf(ids.map((id) => accountView({ id, kind: 'access_token' }))))),
  );
  await useAccountsStore().hydrate();
  const store = useKeysStore();
  store.setAccount(null);
  return store;
}

describe('All keys, page by page', () => {
  it('shows an account’s first page before its last lands, in account order, and searches locally only when whole', async () => {
    const store = await allKeysOf(['a', 'b']);
    const pages = heldPages();
    const loading = store.load();
    await settle();
    expect(pages.held.map((h) => h.call)).toEqual([
      { accountId: 'a', from: null },
      { accountId: 'b', from: null },
    ]);

    pages.page('b', 1, [1, 2], false);
    pages.page('a', 1, [1, 2], true);
    await settle();
    expect(store.rows.map((k) => `${k.accountId}${String(k.id)}`)).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(store.loads.find((l) => l.accountId === 'a')?.isLoading).toBe(true);
    // The next page goes on from where main said.
    expect(pages.held.at(-1)?.call).toEqual({ accountId: 'a', from: { page: 2, seen: 2, pageLength: 2, firstId: 1 } });
    store.searchPattern = 'key-a%';
    expect(store.searchLocally()).toBe(false);
    store.searchPattern = '';

    pages.page('a', 2, [3], false);
    await loading;
    expect(store.rows.map((k) => `${k.accountId}${String(k.id)}`)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(store.loads.find((l) => l.accountId === 'a')).toMatchObject({ isLoading: false, count: 3, error: null });
    store.searchPattern = 'key-a%';
    expect(store.searchLocally()).toBe(true);
    expect(store.rows.map((k) => k.id)).toEqual([1, 2, 3]);
  });

  it('an account whose later page fails shows its error and none of its rows; the others stay', async () => {
    const store = await allKeysOf(['a', 'b']);
    const pages = heldPages();
    const loading = store.load();
    await settle();
    pages.page('a', 1, [1, 2], true);
    pages.page('b', 1, [1], false);
    await settle();
    expect(store.rows).toHaveLength(3);
    pages.fail('a', 2);
    await loading;
    expect(store.rows.map((k) => k.accountId)).toEqual(['b']);
    expect(store.loads.find((l) => l.accountId === 'a')).toMatchObject({
      isLoading: false,
      count: 0,
      error: { code: 'network' },
    });
  });

  it('shows a key once when a key created between two pages moved it onto the next page too', async () => {
    const store = await allKeysOf(['a']);
    const pages = heldPages();
    const loading = store.load();
    await settle();
    pages.page('a', 1, [9, 8, 7], true);
    await settle();
    pages.page('a', 2, [7, 6], false); // a new key 10 pushed 7 down
    await loading;
    expect(store.rows.map((k) => k.id)).toEqual([9, 8, 7, 6]);
    expect(store.loads[0]).toMatchObject({ isLoading: false, count: 4, error: null });
  });

  it('stops asking for an overtaken load’s pages and never shows them', async () => {
    const store = await allKeysOf(['a']);
    const pages = heldPages();
    const first = store.load();
    await settle();
    const second = store.load();
    await settle();
    expect(pages.held).toHaveLength(2);
    pages.page('a', 1, [1, 2], true); // the first load's answer
    pages.held[1]?.answer.resolve(ok({ items: [key('a', 9)], next: null }));
    await Promise.all([first, second]);
    await settle();
    expect(pages.held).toHaveLength(2);
    expect(store.rows.map((k) => k.id)).toEqual([9]);
  });
});
