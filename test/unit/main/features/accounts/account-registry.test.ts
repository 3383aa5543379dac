// The accounts registry on its own: the document it saves, the order and active account, validation with the
// shared rules, the run-time state it shows from the sessions, and that an address change drops clients before
// anyone hears of the change.
import { describe, expect, it } from 'vitest';
import type { AccountsSnapshot } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/event-bus';
import { AppErrorException } from '../../../../../src-main/errors';
import type { AccountRecord, AccountsDocument } from '../../../../../src-main/features/accounts/account-records';
import { AccountRegistry, type AccountStatus } from '../../../../../src-main/features/accounts/account-registry';
import { MemoryStore } from '../quota/fakes';

const record = (id: string, label = id): AccountRecord => ({
  id,
  label,
  kind: 'access_token',
  baseUrl: `https://${id}.example`,
  apiUrl: `https://${id}.example`,
  username: null,
  userId: 1,
  isPasswordRemembered: false,
  tokenExpiresAt: null,
  keyHint: null,
  accessTokenExpiresAt: null,
  lastAutoLoginAt: null,
  isHidden: false,
  isDisabled: false,
  yuanPerUsd: null,
  thresholds: { warnUnits: null, criticalUnits: null },
  createdAt: 0,
});

function setup(doc: AccountsDocument = { accounts: [], activeId: null }) {
  const store = new MemoryStore(doc);
  const events = new EventBus();
  const pushed: AccountsSnapshot[] = [];
  events.subscribe((event, payload) => {
    if (event === 'accounts:changed') pushed.push(payload as AccountsSnapshot);
  });
  const states = new Map<string, AccountStatus>();
  const registry = new AccountRegistry({
    store,
    events,
    statusOf: (id) => states.get(id),
    now: () => 1_780_000_000_000,
  });
  return { registry, store, pushed, states };
}

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof AppErrorException ? `${error.appError.code}:${error.appError.field ?? ''}` : 'other';
  }
};

describe('AccountRegistry', () => {
  it('saves and announces each change; the first account added becomes the active one', () => {
    const { registry, store, pushed } = setup();
    registry.add(record('a'));
    registry.add(record('b'));
    expect(store.value).toMatchObject({ activeId: 'a', accounts: [{ id: 'a' }, { id: 'b' }] });
    expect(store.writes).toBe(2);
    expect(pushed.map((s) => s.accounts.map((a) => a.id))).toEqual([['a'], ['a', 'b']]);

    registry.reorder(['b', 'a']);
    registry.switch('b');
    registry.remove('b');
    expect(store.value).toEqual({ activeId: 'a', accounts: [expect.objectContaining({ id: 'a' })] });
    expect(pushed.at(-1)?.activeId).toBe('a');
  });

  it('refuses an order that does not list every account once, and an unknown account', () => {
    const { registry, store } = setup({ accounts: [record('a'), record('b')], activeId: 'a' });
    expect(codeOf(() => registry.reorder(['a']))).toBe('validation:ids');
    expect(codeOf(() => registry.reorder(['a', 'a']))).toBe('validation:ids');
    expect(codeOf(() => registry.switch('zz'))).toBe('not_found:');
    expect(store.writes).toBe(0);
  });

  it('validates a patch with the shared label and URL rules before anything is saved', () => {
    const { registry, store } = setup({ accounts: [record('a')], activeId: 'a' });
    const noop = () => undefined;
    expect(codeOf(() => registry.update('a', { label: ' '.repeat(3) }, noop))).toBe('validation:label');
    expect(codeOf(() => registry.update('a', { label: 'x'.repeat(61) }, noop))).toBe('validation:label');
    expect(codeOf(() => registry.update('a', { baseUrl: 'ftp://a.example' }, noop))).toBe('validation:baseUrl');
    expect(codeOf(() => registry.update('a', { apiUrl: 'https://u:p@a.example' }, noop))).toBe('validation:apiUrl');
    expect(store.writes).toBe(0);

    const view = registry.update('a', { label: '  Work ', baseUrl: 'https://gw.example/api/', apiUrl: '' }, noop);
    expect(view).toMatchObject({ label: 'Work', baseUrl: 'https://gw.example', apiUrl: 'https://gw.example' });
  });

  it('tells the sessions of an address change before the change is announced, and only then', () => {
    const { registry, pushed } = setup({ accounts: [record('a')], activeId: 'a' });
    const calls: string[] = [];
    const onAddressChange = (id: string) => calls.push(`drop ${id} after ${pushed.length} pushes`);
    registry.update('a', { label: 'Renamed' }, onAddressChange);
    expect(calls).toEqual([]);
    registry.update('a', { baseUrl: 'https://moved.example' }, onAddressChange);
    expect(calls).toEqual(['drop a after 1 pushes']);
    expect(pushed).toHaveLength(2);
  });

  it('shows the state the sessions hold, and needs_sign_in before they know the account', () => {
    const { registry, states } = setup({ accounts: [record('a')], activeId: 'a' });
    expect(registry.view('a')).toMatchObject({ state: 'needs_sign_in', stateError: null });
    states.set('a', { state: 'locked', error: { code: 'vault.locked' } });
    expect(registry.view('a')).toMatchObject({ state: 'locked', stateError: { code: 'vault.locked' } });
  });
});
