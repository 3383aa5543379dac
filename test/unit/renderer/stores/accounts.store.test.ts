// @vitest-environment happy-dom
// The accounts store against a fake bridge: hydrate once, follow accounts:changed, and every action goes to main
// with the right arguments and leaves the store as main answered.
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type AccountsSnapshot, type Result } from '../../../../src-shared/contract';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { deferred, fake } from '../fake-keydesk';
import { accountView, snapshotOf } from '../account-fixtures';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const a = accountView({ id: 'a', label: 'Alpha', kind: 'password', username: 'alice' });
const b = accountView({ id: 'b', label: 'Beta', isHidden: true });
const c = accountView({ id: 'c', label: 'Gamma', kind: 'api_key', keyHint: 'sk-abcd**********wxyz' });

/** A fake main holding a snapshot: reorder and switch behave like the service (answer and broadcast). */
function serve(initial: AccountsSnapshot): { current: () => AccountsSnapshot } {
  let snapshot = initial;
  const answer = (next: AccountsSnapshot): Promise<Result<AccountsSnapshot>> => {
    snapshot = next;
    fake.emit('accounts:changed', next);
    return Promise.resolve(ok(next));
  };
  fake.override('accounts:list', () => Promise.resolve(ok(snapshot)));
  fake.override('accounts:reorder', (args) => {
    const { ids } = args as { ids: string[] };
    return answer({ ...snapshot, accounts: ids.flatMap((id) => snapshot.accounts.filter((x) => x.id === id)) });
  });
  fake.override('accounts:switch', (args) => answer({ ...snapshot, activeId: (args as { id: string }).id }));
  return { current: () => snapshot };
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('hydrate and events', () => {
  it('loads the snapshot once, however often it is asked', async () => {
    serve(snapshotOf([a, b, c], 'a'));
    const store = useAccountsStore();
    expect(store.isHydrated).toBe(false);
    await Promise.all([store.hydrate(), store.hydrate()]);
    await store.hydrate();
    expect(fake.callsTo('accounts:list')).toHaveLength(1);
    expect(store.accounts.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(store.active?.label).toBe('Alpha');
  });

  it('leaves hidden accounts out of the sidebar list only', async () => {
    serve(snapshotOf([a, b, c]));
    const store = useAccountsStore();
    await store.hydrate();
    expect(store.visible.map((x) => x.id)).toEqual(['a', 'c']);
    expect(store.byId('b')?.label).toBe('Beta');
  });

  it('follows accounts:changed, and a push during the first read wins over the older read', async () => {
    const slow = deferred<Result<unknown>>();
    fake.override('accounts:list', () => slow.promise);
    const store = useAccountsStore();
    const hydrating = store.hydrate();
    fake.emit('accounts:changed', snapshotOf([c], 'c'));
    slow.resolve(ok(snapshotOf([a, b], 'a')));
    await hydrating;
    expect(store.accounts.map((x) => x.id)).toEqual(['c']);
    expect(store.activeId).toBe('c');

    fake.emit('accounts:changed', snapshotOf([a, { ...c, state: 'locked' }], 'a'));
    expect(store.byId('c')?.state).toBe('locked');
  });

  it('keeps a load error, and retries on the next call', async () => {
    fake.failWith('accounts:list', 'internal', 'config unreadable');
    const store = useAccountsStore();
    await store.hydrate();
    expect(store.loadError).toEqual({ code: 'internal', serverMessage: 'config unreadable' });
    expect(store.isHydrated).toBe(false);
    serve(snapshotOf([a]));
    await store.hydrate();
    expect(store.loadError).toBeNull();
    expect(store.accounts).toHaveLength(1);
  });
});

describe('actions', () => {
  it('moves an account up or down by sending the whole new order; past either end does nothing', async () => {
    const main = serve(snapshotOf([a, b, c]));
    const store = useAccountsStore();
    await store.hydrate();

    await store.move('c', -1);
    expect(fake.callsTo('accounts:reorder')).toEqual([{ ids: ['a', 'c', 'b'] }]);
    expect(store.accounts.map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect(main.current().accounts.map((x) => x.id)).toEqual(['a', 'c', 'b']);

    expect(await store.move('a', -1)).toBeNull();
    expect(await store.move('b', 1)).toBeNull();
    expect(fake.callsTo('accounts:reorder')).toHaveLength(1);
  });

  it('switches through main and follows its answer', async () => {
    serve(snapshotOf([a, b, c], 'a'));
    const store = useAccountsStore();
    await store.hydrate();
    const result = await store.switchTo('c');
    expect(result.ok).toBe(true);
    expect(fake.callsTo('accounts:switch')).toEqual([{ id: 'c' }]);
    expect(store.activeId).toBe('c');
  });

  it('adds: a finished sign-in lists the account at once; a second factor comes back to the caller', async () => {
    serve(snapshotOf([]));
    const store = useAccountsStore();
    await store.hydrate();
    const draft = {
      label: 'Alpha',
      baseUrl: 'https://gw.example.com',
      apiUrl: '',
      credential: { kind: 'password', username: 'alice', password: 'pw', remember: true },
    } as const;

    fake.override('accounts:add', () =>
      Promise.resolve(ok({ status: 'second_factor', challengeId: 'ch-1', method: '2fa', methods: [] })),
    );
    const first = await store.add(draft);
    expect(first).toEqual(ok({ status: 'second_factor', challengeId: 'ch-1', method: '2fa', methods: [] }));
    expect(store.accounts).toEqual([]);

    fake.override('accounts:answerChallenge', () => Promise.resolve(ok({ status: 'done', account: a })));
    const answered = await store.answerChallenge('ch-1', '123456');
    expect(fake.callsTo('accounts:answerChallenge')).toEqual([{ challengeId: 'ch-1', code: '123456' }]);
    expect(answered.ok).toBe(true);
    expect(store.accounts.map((x) => x.id)).toEqual(['a']);
    expect(fake.callsTo('accounts:add')).toEqual([draft]);
  });

  it('answers failures as values and changes nothing', async () => {
    serve(snapshotOf([a]));
    const store = useAccountsStore();
    await store.hydrate();
    fake.override('accounts:add', () =>
      Promise.resolve(fail({ code: 'wrong_base_address', serverMessage: '404 page not found' })),
    );
    const result = await store.add({
      label: 'x',
      baseUrl: 'https://gw.example.com/v1',
      apiUrl: '',
      credential: { kind: 'api_key', apiKey: 'sk-x' },
    });
    expect(result).toEqual(fail({ code: 'wrong_base_address', serverMessage: '404 page not found' }));
    expect(store.accounts).toEqual([a]);
  });

  it('signs in with only what was given, marks the account busy meanwhile, and takes the new view', async () => {
    serve(snapshotOf([{ ...a, state: 'needs_sign_in' }]));
    const store = useAccountsStore();
    await store.hydrate();
    const slow = deferred<Result<unknown>>();
    fake.override('accounts:signIn', () => slow.promise);

    const signing = store.signIn('a');
    expect(store.isBusy('a')).toBe(true);
    slow.resolve(ok({ status: 'done', account: { ...a, state: 'ok' } }));
    await signing;
    expect(store.isBusy('a')).toBe(false);
    expect(fake.callsTo('accounts:signIn')).toEqual([{ id: 'a' }]);
    expect(store.byId('a')?.state).toBe('ok');

    fake.override('accounts:signIn', () => Promise.resolve(ok({ status: 'done', account: a })));
    await store.signIn('a', 'typed', false);
    expect(fake.callsTo('accounts:signIn')[1]).toEqual({ id: 'a', password: 'typed', remember: false });
  });

  it('updates, hides, disables, signs out, re-enters credentials and removes through their channels', async () => {
    serve(snapshotOf([a, c]));
    const store = useAccountsStore();
    await store.hydrate();
    fake.override('accounts:update', (args) => {
      const { id, patch } = args as { id: string; patch: object };
      return Promise.resolve(ok({ ...(store.byId(id) ?? a), ...patch }));
    });
    fake.override('accounts:signOut', () => Promise.resolve(ok({ ...a, state: 'needs_sign_in' })));
    fake.override('accounts:setCredential', () => Promise.resolve(ok({ status: 'done', account: c })));
    fake.override('accounts:remove', () => Promise.resolve(ok(snapshotOf([c]))));

    await store.setHidden('a', true);
    await store.setDisabled('c', true);
    expect(fake.callsTo('accounts:update')).toEqual([
      { id: 'a', patch: { isHidden: true } },
      { id: 'c', patch: { isDisabled: true } },
    ]);
    expect(store.visible.map((x) => x.id)).toEqual(['c']);
    expect(store.byId('c')?.isDisabled).toBe(true);

    await store.signOut('a');
    expect(store.byId('a')?.state).toBe('needs_sign_in');

    await store.setCredential('c', { kind: 'api_key', apiKey: 'sk-new' });
    expect(fake.callsTo('accounts:setCredential')).toEqual([
      { id: 'c', credential: { kind: 'api_key', apiKey: 'sk-new' } },
    ]);

    await store.remove('a');
    expect(fake.callsTo('accounts:remove')).toEqual([{ id: 'a' }]);
    expect(store.accounts.map((x) => x.id)).toEqual(['c']);
  });

  it('holds views only: nothing in the store carries a credential', async () => {
    serve(snapshotOf([a, c]));
    const store = useAccountsStore();
    await store.hydrate();
    fake.override('accounts:add', () => Promise.resolve(ok({ status: 'done', account: b })));
    await store.add({
      label: 'Beta',
      baseUrl: 'https://gw.example.com',
      apiUrl: '',
      credential: { kind: 'access_token', accessToken: 'secret-token-123' },
    });
    expect(JSON.stringify(store.$state)).not.toContain('secret-token-123');
  });
});
