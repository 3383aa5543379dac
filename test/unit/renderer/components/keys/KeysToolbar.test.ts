// @vitest-environment happy-dom
// The keys toolbar's Group filter: one-api's keys have no group, so an account on such a site (main's keys:shape says
// so once its list has loaded) shows no Group filter, and neither does All keys when every account it lists is one;
// any account with key groups keeps it, and a group already chosen keeps it so it can be cleared. The filters are
// light triggers until reached (no NSelect on the first screen), then Naive’s own select; search by name or by key is a
// pair of pressed/unpressed buttons.
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type KeyShape } from '../../../../../src-shared/contract';
import KeysToolbar from '../../../../../src-renderer/src/components/keys/KeysToolbar.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { useAccountsStore } from '../../../../../src-renderer/src/stores/accounts.store';
import { useKeysStore } from '../../../../../src-renderer/src/stores/keys.store';
import { keyView } from '../../../../support/key-view';
import { accountView, snapshotOf } from '../../account-fixtures';
import { fake } from '../../fake-keydesk';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const ONE_API: KeyShape = { ipLimit: 'subnet', hasGroups: false };
const NEW_API: KeyShape = { ipLimit: 'allow_ips', hasGroups: true };

enableAutoUnmount(afterEach);

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

/** Accounts on sites of the given shapes, each with one key; the toolbar over the account opened (null: All keys). */
async function toolbarOver(shapes: Readonly<Record<string, KeyShape>>, opened: string | null) {
  const ids = Object.keys(shapes);
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(ids.map((id) => accountView({ id }))))));
  const keysOf = (accountId: string) => [
    keyView({ accountId, id: 1, group: shapes[accountId]?.hasGroups ? 'vip' : '' }),
  ];
  fake.override('keys:list', (args) => {
    const { accountId } = args as { accountId: string };
    return Promise.resolve(ok({ items: keysOf(accountId), page: 1, size: 20, total: 1 }));
  });
  fake.override('keys:listChunk', (args) =>
    Promise.resolve(ok({ items: keysOf((args as { accountId: string }).accountId), next: null })),
  );
  fake.override('keys:shape', (args) => {
    const shape = shapes[(args as { accountId: string }).accountId];
    return Promise.resolve(shape ? ok(shape) : { ok: false, error: { code: 'not_found' } });
  });
  await useAccountsStore().hydrate();
  const store = useKeysStore();
  store.setAccount(opened);
  const w = mount(KeysToolbar, {
    props: { canCreate: true },
    global: { plugins: [createAppI18n('en-US')] },
    // In the page, so a key that moves the focus can be seen moving it.
    attachTo: document.body,
  });
  await store.load();
  await flushPromises();
  return w;
}

const hasGroupFilter = (w: Awaited<ReturnType<typeof toolbarOver>>) => w.find('[data-testid=filter-group]').exists();

describe('KeysToolbar’s Group filter', () => {
  it('is left out for an account on a site without key groups once its keys are listed, kept for one with groups', async () => {
    const w = await toolbarOver({ 'one-a': ONE_API }, 'one-a');
    expect(hasGroupFilter(w)).toBe(false);
    expect(w.find('[data-testid=filter-state]').exists()).toBe(true);
    expect(fake.callsTo('keys:shape')).toEqual([{ accountId: 'one-a' }]);
    // A group already chosen (from before) keeps the filter, so the choice can be cleared.
    useKeysStore().groupFilter = '';
    await flushPromises();
    expect(hasGroupFilter(w)).toBe(true);

    setActivePinia(createPinia());
    expect(hasGroupFilter(await toolbarOver({ 'new-a': NEW_API }, 'new-a'))).toBe(true);
  });

  it('in All keys, is left out only when every account listed is without key groups', async () => {
    expect(hasGroupFilter(await toolbarOver({ 'one-b': ONE_API, 'one-c': ONE_API }, null))).toBe(false);
    setActivePinia(createPinia());
    expect(hasGroupFilter(await toolbarOver({ 'one-d': ONE_API, 'new-b': NEW_API }, null))).toBe(true);
  });
});

describe('KeysToolbar’s filters', () => {
  it('hold no NSelect until one is reached; the one reached becomes Naive’s select showing the same choice', async () => {
    const w = await toolbarOver({ 'new-c': NEW_API }, null);
    expect(w.findAllComponents({ name: 'Select' })).toHaveLength(0);
    const filters = w.findAll('[role=combobox]').map((f) => f.attributes('data-testid'));
    expect(filters).toEqual(['filter-account', 'filter-state', 'filter-group']);
    expect(w.find('[data-testid=filter-account]').text()).toBe('All accounts');

    await w.find('[data-testid=filter-account]').trigger('mouseenter');
    await vi.dynamicImportSettled();
    await flushPromises();
    expect(w.findAllComponents({ name: 'Select' })).toHaveLength(1);
    expect(w.find('[data-testid=filter-account]').classes()).toContain('n-select');
    expect(w.find('[data-testid=filter-account]').text()).toBe('All accounts');
  });
});

describe('KeysToolbar’s search field', () => {
  it('is a pair of pressed/unpressed buttons that sets what the search matches, by click or arrow keys', async () => {
    const w = await toolbarOver({ 'new-d': NEW_API }, null);
    const store = useKeysStore();
    const group = w.get('[data-testid=search-field]');
    expect(group.attributes('role')).toBe('group');
    expect(group.attributes('aria-label')).toBe('Search by');
    const pressed = () => group.findAll('button').map((b) => [b.text(), b.attributes('aria-pressed')]);
    expect(pressed()).toEqual([
      ['Name', 'true'],
      ['Key', 'false'],
    ]);

    await group.get('[data-field=key]').trigger('click');
    expect(store.searchField).toBe('key');
    expect(pressed()).toEqual([
      ['Name', 'false'],
      ['Key', 'true'],
    ]);

    await group.get('[data-field=key]').trigger('keydown', { key: 'ArrowLeft' });
    expect(store.searchField).toBe('name');
    expect(document.activeElement?.getAttribute('data-field')).toBe('name');
    await group.get('[data-field=name]').trigger('keydown', { key: 'ArrowLeft' });
    expect(store.searchField).toBe('key');
  });
});
