// @vitest-environment happy-dom
// The sidebar's one tooltip says what the row part under the pointer is about (the state dot: the state and its hint;
// the balance: its details), for that row's account and no other; a row reached by keyboard gets both; it goes when
// the pointer leaves the list or Escape is pressed; and nothing of it is mounted before a row asks.
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider, NMessageProvider, NTooltip } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { ok, type AccountView, type BalanceView } from '../../../../src-shared/contract';
import AppSidebar from '../../../../src-renderer/src/components/AppSidebar.vue';
import SidebarTooltip from '../../../../src-renderer/src/components/SidebarTooltip.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { useQuotaStore } from '../../../../src-renderer/src/stores/quota.store';
import { YUAN_UNITS as YUAN, accountView, balanceView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

/** Never reports anything in view: nothing is scrolled in these tests. */
class QuietObserver {
  observe(): void {}
  disconnect(): void {}
}

const balance = (accountId: string, remainingUnits: number | null): BalanceView =>
  balanceView({
    accountId,
    remainingUnits,
    usedUnits: remainingUnits === null ? null : 10 * YUAN,
    fetchedAt: remainingUnits === null ? null : Date.now(),
    level: remainingUnits === null ? 'unknown' : 'ok',
  });

const ACCOUNTS: AccountView[] = [
  accountView({ id: 'work', label: 'Work' }),
  accountView({ id: 'home', label: 'Home', kind: 'password', state: 'needs_sign_in' }),
  accountView({ id: 'lab', label: 'Lab' }),
];

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
  vi.stubGlobal('IntersectionObserver', QuietObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

async function mountSidebar(language: 'en-US' | 'zh-CN' = 'en-US') {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(ACCOUNTS))));
  fake.override('quota:snapshot', () =>
    Promise.resolve(ok([balance('work', 42 * YUAN), balance('home', null), balance('lab', 7 * YUAN)])),
  );
  await useAccountsStore().hydrate();
  await useQuotaStore().hydrate();
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(NMessageProvider, null, () => h(AppSidebar))) },
    {
      attachTo: document.body,
      global: { plugins: [createAppI18n(language), createAppRouter(createMemoryHistory())] },
    },
  );
  await flushPromises();
  return wrapper;
}

const rowPart = (id: string, part: string) =>
  document.querySelector(`[data-account-id="${id}"] [data-tip="${part}"]`) as HTMLElement;
const tooltipText = (): string | null => document.querySelector('.n-tooltip')?.textContent ?? null;

describe('the sidebar\u2019s one tooltip', () => {
  it('says the state and its hint of the row whose dot is under the pointer, mounted only then', async () => {
    const sidebar = await mountSidebar();
    expect(sidebar.findComponent(SidebarTooltip).exists()).toBe(false);
    expect(document.querySelector('.n-tooltip')).toBeNull();
    rowPart('home', 'state').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await vi.waitFor(() => expect(tooltipText()).toContain('Needs sign-in'));
    expect(tooltipText()).toMatch(/^Needs sign-in · \S/);
    // Another row's part: that row's words, in the same one tooltip.
    rowPart('work', 'state').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await vi.waitFor(() => expect(tooltipText()).toMatch(/^Connected · /));
    expect(document.querySelectorAll('.n-tooltip')).toHaveLength(1);
    sidebar.unmount();
  });

  it('gives the balance details of the row whose amount is under the pointer, or why it is unknown', async () => {
    const sidebar = await mountSidebar();
    rowPart('lab', 'balance').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await vi.waitFor(() => expect(tooltipText()).toContain('3,500,000 units'));
    expect(tooltipText()).toContain('Used ¥10.00');
    rowPart('home', 'balance').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await vi.waitFor(() => expect(tooltipText()).toBe('Balance not known yet: it has not been fetched.'));
    sidebar.unmount();
  });

  it('gives a row reached by keyboard both its state and its balance, in the chosen language', async () => {
    const sidebar = await mountSidebar('zh-CN');
    (document.querySelector('[data-testid=account-row][data-account-id="work"]') as HTMLElement).focus();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-testid=sidebar-tooltip-line]')).toHaveLength(2));
    const lines = [...document.querySelectorAll('[data-testid=sidebar-tooltip-line]')].map((line) => line.textContent);
    expect(lines[0]).toMatch(/^已连接 · /);
    expect(lines[1]).toContain('21,000,000 额度单位');
    sidebar.unmount();
  });

  it('goes when the pointer leaves the list, and on Escape', async () => {
    const sidebar = await mountSidebar();
    const list = sidebar.get('[data-testid=sidebar-accounts]');
    rowPart('work', 'balance').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    await vi.waitFor(() => expect(tooltipText()).toContain('units'));
    const tooltip = sidebar.findComponent(NTooltip);
    expect(tooltip.props('show')).toBe(true);
    await list.trigger('mouseleave');
    expect(tooltip.props('show')).toBe(false);

    (document.querySelector('[data-testid=account-row][data-account-id="lab"]') as HTMLElement).focus();
    await vi.waitFor(() => expect(tooltip.props('show')).toBe(true));
    expect(tooltipText()).toContain('Connected');
    await list.trigger('keydown', { key: 'Escape' });
    expect(tooltip.props('show')).toBe(false);
    sidebar.unmount();
  });
});
