// The stores own the bridge calls the key screens make: an edit, added quota or extend-and-enable shows the key as
// main saved it in its row at once (no reload), a failure leaves the row as it was and comes back as the Result;
// the damaged-files banner's problems are read once through the app store and dismissed there.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type KeyPage, type KeyView } from '../../../../src-shared/contract';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useAppStore } from '../../../../src-renderer/src/stores/app.store';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';
import { keyView } from '../../../support/key-view';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const key = (id: number, over: Partial<KeyView> = {}): KeyView => keyView({ id, ...over });
const page = (items: readonly KeyView[]): KeyPage => ({ items, page: 1, size: 20, total: items.length });

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

async function storeShowing(rows: readonly KeyView[]) {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf([accountView({ id: 'a' })]))));
  fake.override('keys:list', () => Promise.resolve(ok(page(rows))));
  await useAccountsStore().hydrate();
  const store = useKeysStore();
  store.setAccount('a');
  await store.load();
  return store;
}

describe('keys store actions', () => {
  it('an edit shows the saved key in its row, the other rows untouched', async () => {
    const store = await storeShowing([key(1), key(2)]);
    const saved = key(2, { name: 'renamed' });
    fake.override('keys:update', () => Promise.resolve(ok({ key: saved, changed: ['name'], differs: [] })));
    const r = await store.update({ accountId: 'a', id: 2, edits: { name: 'renamed' } });
    expect(r.ok).toBe(true);
    expect(store.rows.map((k) => k.name)).toEqual(['key-1', 'renamed']);
    expect(fake.callsTo('keys:update')).toEqual([{ accountId: 'a', id: 2, edits: { name: 'renamed' } }]);
    expect(fake.callsTo('keys:list')).toHaveLength(1);
  });

  it('added quota and extend-and-enable show the key as main answered it', async () => {
    const store = await storeShowing([key(1, { state: 'exhausted', remainQuota: 0 })]);
    fake.override('keys:addQuota', () =>
      Promise.resolve(ok({ key: key(1, { remainQuota: 9 }), changed: ['remainQuota'], differs: [] })),
    );
    await store.addQuota({ accountId: 'a', id: 1, incrementUnits: 9 });
    expect(store.rows[0]?.remainQuota).toBe(9);
    fake.override('keys:extendAndEnable', () => Promise.resolve(ok(key(1, { remainQuota: 50 }))));
    await store.extendAndEnable({ accountId: 'a', id: 1, remainQuota: 50 });
    expect(store.rows[0]?.remainQuota).toBe(50);
  });

  it('a refused action leaves the row as it was and answers the error', async () => {
    const store = await storeShowing([key(1)]);
    fake.override('keys:update', () => Promise.resolve(fail({ code: 'validation', serverMessage: '令牌名称过长' })));
    const r = await store.update({ accountId: 'a', id: 1, edits: { name: 'x'.repeat(40) } });
    expect(r.ok ? null : r.error.code).toBe('validation');
    expect(store.rows[0]?.name).toBe('key-1');
  });
});

describe('app store: damaged data files', () => {
  it('reads the problems once asked and forgets each one the user dismisses', async () => {
    const problem = (file: string) => ({
      store: 'accounts' as const,
      file,
      outcome: 'restored_from_backup' as const,
      keptAt: [],
      reason: 'not JSON',
    });
    fake.override('app:storeProblems', () => Promise.resolve(ok([problem('accounts.json'), problem('b.json')])));
    const app = useAppStore();
    expect(app.storeProblems).toEqual([]);
    await app.loadStoreProblems();
    expect(app.storeProblems.map((p) => p.file)).toEqual(['accounts.json', 'b.json']);
    app.dismissStoreProblem('accounts.json');
    expect(app.storeProblems.map((p) => p.file)).toEqual(['b.json']);
  });

  it('a failed read is not itself a problem to show', async () => {
    fake.override('app:storeProblems', () => Promise.resolve(fail({ code: 'internal' })));
    const app = useAppStore();
    await app.loadStoreProblems();
    expect(app.storeProblems).toEqual([]);
  });
});
