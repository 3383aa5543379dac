// @vitest-environment happy-dom
// The sidebar builds only the account rows its window can show, standing in for the rest with a spacer of their
// height, and builds them all once focus enters the list; "No accounts yet" shows only when there are none.
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider, NMessageProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { ok } from '../../../../src-shared/contract';
import AppSidebar from '../../../../src-renderer/src/components/AppSidebar.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useAccountsStore } from '../../../../src-renderer/src/stores/accounts.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

/** Never reports anything in view: nothing is scrolled in these tests. */
class QuietObserver {
  observe(): void {}
  disconnect(): void {}
}

const innerHeight = window.innerHeight;

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
  vi.stubGlobal('IntersectionObserver', QuietObserver);
  // A window 600 px high: up to eight rows of at least 56 px below the first 200.
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 600 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: innerHeight });
  document.body.innerHTML = '';
});

async function mountSidebar(count: number) {
  const accounts = Array.from({ length: count }, (_, i) => accountView({ id: `acc-${String(i + 1)}` }));
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
  await useAccountsStore().hydrate();
  const router = createAppRouter(createMemoryHistory());
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(NMessageProvider, null, () => h(AppSidebar))) },
    { attachTo: document.body, global: { plugins: [createAppI18n('en-US'), router] } },
  );
  await flushPromises();
  return wrapper;
}

describe('the sidebar\u2019s account rows', () => {
  it('builds the rows the window can show and a spacer of the others\u2019 height', async () => {
    const sidebar = await mountSidebar(20);
    const rows = sidebar.findAll('[data-testid=account-row]');
    expect(rows.map((row) => row.attributes('data-account-id'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `acc-${String(i + 1)}`),
    );
    expect(sidebar.get('[data-testid=sidebar-unbuilt]').attributes('style')).toContain(`height: ${String(12 * 66)}px`);
    sidebar.unmount();
  });

  it('builds them all once focus enters the list', async () => {
    const sidebar = await mountSidebar(20);
    expect(sidebar.findAll('[data-testid=account-row]')).toHaveLength(8);
    await sidebar.get('[data-testid=account-row]').trigger('focusin');
    await flushPromises();
    expect(sidebar.findAll('[data-testid=account-row]')).toHaveLength(20);
    expect(sidebar.find('[data-testid=sidebar-unbuilt]').exists()).toBe(false);
    expect(sidebar.find('[data-testid=sidebar-accounts-empty]').exists()).toBe(false);
    sidebar.unmount();
  });

  it('says "No accounts yet" only when there are none, never under rows it has built', async () => {
    const few = await mountSidebar(3);
    expect(few.findAll('[data-testid=account-row]')).toHaveLength(3);
    expect(few.find('[data-testid=sidebar-accounts-empty]').exists()).toBe(false);
    few.unmount();
    setActivePinia(createPinia());
    const none = await mountSidebar(0);
    expect(none.get('[data-testid=sidebar-accounts-empty]').text()).toContain('No accounts yet');
    none.unmount();
  });
});
