// @vitest-environment happy-dom
// A sidebar account row is one component with nothing mounted inside it (the icon is markup, the compact meter its own
// template, the tooltips the sidebar's), and still shows and does all it did: label, kind icon, state, the compact
// balance ("—" and Unknown when unknown, the Unlimited chip, the level word), Disabled, and activation by key.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { NConfigProvider, NMessageProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, type VNode } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { ok, type AccountView, type BalanceView } from '../../../../src-shared/contract';
import AccountRow from '../../../../src-renderer/src/components/AccountRow.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useQuotaStore } from '../../../../src-renderer/src/stores/quota.store';
import { YUAN_UNITS as YUAN, accountView, balanceView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const balance = (accountId: string, over: Partial<BalanceView> = {}): BalanceView =>
  balanceView({
    accountId,
    remainingUnits: 8 * YUAN,
    usedUnits: 92 * YUAN,
    fetchedAt: Date.now(),
    level: 'warn',
    ...over,
  });

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

async function mountRows(accounts: AccountView[], balances: BalanceView[], language: 'en-US' | 'zh-CN' = 'en-US') {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
  fake.override('quota:snapshot', () => Promise.resolve(ok(balances)));
  fake.override('accounts:switch', (args) => Promise.resolve(ok(snapshotOf(accounts, (args as { id: string }).id))));
  await useAccountsStore().hydrate();
  await useQuotaStore().hydrate();
  const wrapper = mount(
    {
      render: () =>
        h(NConfigProvider, null, () =>
          h(NMessageProvider, null, () =>
            accounts.map((account) => h(AccountRow, { account, isActive: account.id === accounts[0]?.id })),
          ),
        ),
    },
    { global: { plugins: [createAppI18n(language), createAppRouter(createMemoryHistory())] } },
  );
  await flushPromises();
  return wrapper;
}

/** Every component instance mounted below a vnode's own component (not counting it). */
function childComponents(root: VNode): string[] {
  const names: string[] = [];
  const visit = (vnode: VNode | null | undefined): void => {
    if (!vnode) return;
    if (vnode.component) {
      const type = vnode.component.type as { name?: string; __name?: string };
      names.push(type.name ?? type.__name ?? '(anonymous)');
      visit(vnode.component.subTree);
    }
    if (Array.isArray(vnode.children)) for (const child of vnode.children) visit(child as VNode);
  };
  visit(root.component?.subTree);
  return names;
}

const rowOf = (wrapper: VueWrapper, id: string) => wrapper.get(`[data-testid=account-row][data-account-id="${id}"]`);

describe('a sidebar account row', () => {
  const accounts = [
    accountView({ id: 'low', label: 'Low one', thresholds: { warnUnits: 10 * YUAN, criticalUnits: null } }),
    accountView({ id: 'unknown', label: 'Unknown one', kind: 'password' }),
    accountView({ id: 'unlimited', label: 'Unlimited one', kind: 'api_key' }),
    accountView({ id: 'off', label: 'Old one', isDisabled: true }),
  ];
  const balances = [
    balance('low'),
    balance('unknown', { remainingUnits: null, usedUnits: null, level: 'unknown' }),
    balance('unlimited', { isUnlimited: true, remainingUnits: -1, level: 'ok' }),
  ];

  it('mounts no component inside it', async () => {
    const wrapper = await mountRows(accounts, balances);
    const rows = wrapper.findAllComponents(AccountRow);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(childComponents(row.vm.$.vnode)).toEqual([]);
  });

  it('shows the label, the kind icon, the compact balance and its level, as the meter did', async () => {
    const wrapper = await mountRows(accounts, balances);
    const low = rowOf(wrapper, 'low');
    expect(low.get('[data-testid=account-row-label]').text()).toBe('Low one');
    expect(low.find('svg.app-icon').exists()).toBe(true);
    expect(low.get('[data-testid=balance-meter]').attributes('data-level')).toBe('warn');
    expect(low.get('[data-testid=balance-remaining]').text()).toBe('¥8.00');
    expect(low.get('[data-testid=balance-level]').text()).toBe('Low');
    expect(low.get('[role=meter]').attributes()).toMatchObject({
      'aria-valuetext': '¥8.00 · Low',
      'aria-valuenow': '8',
    });
    expect(low.get('[data-testid=account-row-state]').attributes('data-tip')).toBe('state');

    const unknown = rowOf(wrapper, 'unknown');
    expect(unknown.get('[data-testid=balance-remaining]').text()).toBe('—');
    expect(unknown.get('[data-testid=balance-level]').text()).toBe('Unknown');
    expect(unknown.find('.account-row__fill').exists()).toBe(false);

    const unlimited = rowOf(wrapper, 'unlimited');
    expect(unlimited.get('.account-row__chip').text()).toBe('Unlimited');
    expect(unlimited.find('[data-testid=balance-level]').exists()).toBe(false);

    const off = rowOf(wrapper, 'off');
    expect(off.find('[data-testid=balance-meter]').exists()).toBe(false);
    expect(off.text()).toContain('Disabled');
  });

  it('says it in Chinese too', async () => {
    const wrapper = await mountRows(accounts, balances, 'zh-CN');
    expect(rowOf(wrapper, 'low').get('[data-testid=balance-level]').text()).toBe('偏低');
    expect(rowOf(wrapper, 'unlimited').get('.account-row__chip').text()).toBe('无限');
    expect(rowOf(wrapper, 'unknown').get('[data-testid=balance-level]').text()).toBe('未知');
  });

  it('switches to its account on Enter and on Space', async () => {
    const wrapper = await mountRows(accounts, balances);
    await rowOf(wrapper, 'unknown').trigger('keydown', { key: 'Enter' });
    await rowOf(wrapper, 'unlimited').trigger('keydown', { key: ' ' });
    await flushPromises();
    expect(fake.callsTo('accounts:switch')).toEqual([{ id: 'unknown' }, { id: 'unlimited' }]);
  });
});
