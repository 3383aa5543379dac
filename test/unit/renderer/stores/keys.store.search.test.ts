// All keys as the user searches it: the rows already loaded that match by the server's rule show at once (the table
// never empties between prefixes), the server's answers replace them, a key search keeps the rows it cannot judge,
// and answers that land together are committed to the table once, not once per account.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { watch } from 'vue';
import { ok, type KeyListChunk, type KeyPage, type KeyView, type Result } from '../../../../src-shared/contract';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { deferred, fake } from '../fake-keydesk';
import { keyView } from '../../../support/key-view';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const key = (accountId: string, id: number, name: string): KeyView => keyView({ accountId, id, name });
const page = (items: readonly KeyView[]): KeyPage => ({ items, page: 1, size: 100, total: items.length });

const ACCOUNTS = ['a', 'b', 'c', 'd', 'e'];
const listed = (id: string) => [key(id, 1, `alpha-${id}`), key(id, 2, `beta-${id}`)];
/** An account's whole list in one page. */
const whole = (id: string): Result<KeyListChunk> => ok({ items: listed(id), next: null });

/** One deferred answer per account, for the test to resolve in its own order. */
function searchAnswers() {
  const answers = new Map(ACCOUNTS.map((id) => [id, deferred<Result<KeyPage>>()]));
  const of = (id: string) => {
    const answer = answers.get(id);
    if (answer === undefined) throw new Error(`no answer for ${id}`);
    return answer;
  };
  fake.override('keys:search', (args) => of((args as { accountId: string }).accountId).promise);
  return of;
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

/** All keys over five accounts, loaded and unsearched. */
async function allKeys() {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(ACCOUNTS.map((id) => accountView({ id }))))));
  fake.override('keys:listChunk', (args) => Promise.resolve(whole((args as { accountId: string }).accountId)));
  await useAccountsStore().hydrate();
  const store = useKeysStore();
  store.setAccount(null);
  await store.load();
  expect(store.rows).toHaveLength(10);
  return store;
}

describe('All keys search', () => {
  it('shows the loaded rows that match at once, then the server’s answers in account order', async () => {
    const store = await allKeys();
    const answer = searchAnswers();
    store.searchPattern = 'alpha%';
    const loading = store.load();
    // Nothing answered yet: the loaded rows matching alpha% stand in, the others are gone.
    expect(store.rows.map((k) => k.name)).toEqual(ACCOUNTS.map((id) => `alpha-${id}`));
    expect(store.isLoading).toBe(true);
    // The server knows a key the loaded list did not have (made elsewhere since).
    for (const id of ACCOUNTS.slice().reverse())
      answer(id).resolve(ok(page(id === 'c' ? [key('c', 1, 'alpha-c'), key('c', 9, 'alpha-new')] : [])));
    await loading;
    expect(store.rows.map((k) => k.name)).toEqual(['alpha-c', 'alpha-new']);
    expect(store.loads.every((l) => !l.isLoading)).toBe(true);
    expect(store.loads.find((l) => l.accountId === 'c')?.count).toBe(2);
  });

  it('a narrower prefix never empties the table while its search is in flight', async () => {
    const store = await allKeys();
    const never = deferred<Result<KeyPage>>();
    fake.override('keys:search', () => never.promise);
    store.searchPattern = 'be%';
    void store.load();
    expect(store.rows).toHaveLength(5);
    store.searchPattern = 'beta-a';
    void store.load();
    expect(store.rows.map((k) => k.name)).toEqual(['beta-a']);
  });

  it('a key search keeps the loaded rows until the server answers (masked keys cannot be matched here)', async () => {
    const store = await allKeys();
    const never = deferred<Result<KeyPage>>();
    fake.override('keys:search', () => never.promise);
    store.searchField = 'key';
    store.searchPattern = 'sk-abcd%';
    void store.load();
    expect(store.rows).toHaveLength(10);
  });

  it('a refresh shows no stand-in rows: an account still loading shows none until it answers', async () => {
    const store = await allKeys();
    const slow = deferred<Result<KeyListChunk>>();
    fake.override('keys:listChunk', (args) => {
      const id = (args as { accountId: string }).accountId;
      return id === 'e' ? slow.promise : Promise.resolve(whole(id));
    });
    // The store commits rows one frame after answers land: the fake clock runs that frame, no wall-clock wait.
    vi.useFakeTimers();
    try {
      const loading = store.load();
      await vi.runAllTimersAsync();
      expect(store.loads.filter((l) => l.isLoading).map((l) => l.accountId)).toEqual(['e']);
      expect(store.rows).toHaveLength(8);
      slow.resolve(whole('e'));
      await vi.runAllTimersAsync();
      await loading;
      expect(store.rows).toHaveLength(10);
    } finally {
      vi.useRealTimers();
    }
  });

  it('commits answers that arrive together once, not once per account', async () => {
    const store = await allKeys();
    const answer = searchAnswers();
    let writes = 0;
    const stop = watch(
      () => store.items,
      () => (writes += 1),
      { flush: 'sync' },
    );
    store.searchPattern = 'alpha%';
    const loading = store.load();
    expect(writes).toBe(1); // the stand-in rows
    for (const id of ACCOUNTS) answer(id).resolve(ok(page([key(id, 1, `alpha-${id}`)])));
    await loading;
    stop();
    expect(writes).toBe(2);
    expect(store.rows).toHaveLength(5);
  });

  it('typing a name over lists loaded whole answers from them, with no request (new-api allows 10 searches a minute)', async () => {
    const store = await allKeys();
    const searchesBefore = fake.callsTo('keys:search').length;
    store.searchPattern = 'beta-c';
    expect(store.searchLocally()).toBe(true);
    expect(store.rows.map((k) => k.name)).toEqual(['beta-c']);
    store.searchPattern = 'alpha%';
    expect(store.searchLocally()).toBe(true);
    expect(store.rows.map((k) => k.name)).toEqual(ACCOUNTS.map((id) => `alpha-${id}`));
    expect(store.loads.find((l) => l.accountId === 'a')).toMatchObject({ isLoading: false, count: 1 });
    // Cleared: the whole list again, still without a request.
    store.searchPattern = '';
    expect(store.searchLocally()).toBe(true);
    expect(store.rows).toHaveLength(10);
    expect(fake.callsTo('keys:search').length).toBe(searchesBefore);
  });

  it('asks the server for a key search, after a key was created, and when an account’s list failed', async () => {
    const store = await allKeys();
    store.searchField = 'key';
    store.searchPattern = 'sk-abcd%';
    expect(store.searchLocally()).toBe(false);
    store.searchField = 'name';
    store.searchPattern = 'alpha%';
    expect(store.searchLocally()).toBe(true);
    fake.override('keys:create', () => Promise.resolve(ok(key('a', 3, 'alpha-new'))));
    await store.create('a', {} as never);
    expect(store.searchLocally()).toBe(false);

    fake.override('keys:listChunk', (args) => {
      const id = (args as { accountId: string }).accountId;
      return Promise.resolve(id === 'b' ? { ok: false as const, error: { code: 'network' as const } } : whole(id));
    });
    store.searchPattern = '';
    await store.load();
    store.searchPattern = 'alpha%';
    expect(store.searchLocally()).toBe(false);
  });
});
