// @vitest-environment happy-dom
// The alert bell is a plain button with its count beside it, as Naive's badge showed it (none at zero, 99+ past 99,
// the exact number in its title), with no component mounted for either; a click or Enter opens the alert drawer.
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h, type VNode } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { ok, type AlertView } from '../../../../src-shared/contract';
import AlertCenter from '../../../../src-renderer/src/components/AlertCenter.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const alertNo = (i: number): AlertView => ({
  id: `a${String(i)}`,
  accountId: 'c',
  accountLabel: 'Carol',
  kind: 'balance',
  episodeKey: `balance:c:warn:${String(i)}`,
  level: 'warn',
  balanceUnits: 1,
  thresholdUnits: 2,
  raisedAt: Date.UTC(2026, 10, 23, 12, 0, 0),
  isAcknowledged: false,
});

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  document.body.innerHTML = '';
});

async function mountBell(count: number) {
  fake.override('alerts:list', () => Promise.resolve(ok(Array.from({ length: count }, (_, i) => alertNo(i)))));
  const router = createAppRouter(createMemoryHistory());
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(AlertCenter)) },
    { attachTo: document.body, global: { plugins: [createAppI18n('en-US'), router] } },
  );
  // The router's first navigation loads a view: let it finish inside the test.
  await router.isReady();
  await flushPromises();
  return wrapper;
}

describe('the alert bell', () => {
  it('shows no count at zero, the count up to 99 and 99+ past it, with the exact number in its title', async () => {
    const none = await mountBell(0);
    expect(none.get('[data-testid=alert-bell]').attributes('data-count')).toBe('0');
    expect(none.find('[data-testid=alert-badge]').exists()).toBe(false);
    none.unmount();

    const some = await mountBell(7);
    expect(some.get('[data-testid=alert-badge]').text()).toBe('7');
    expect(some.get('[data-testid=alert-bell]').attributes('aria-label')).toContain('7');
    some.unmount();

    const many = await mountBell(150);
    const badge = many.get('[data-testid=alert-badge]');
    expect(badge.text()).toBe('99+');
    expect(badge.attributes('title')).toBe('150');
    expect(many.get('[data-testid=alert-bell]').attributes('data-count')).toBe('150');
    many.unmount();
  });

  it('mounts no component for the bell or its count', async () => {
    const wrapper = await mountBell(3);
    const bell = wrapper.findComponent(AlertCenter);
    const names: string[] = [];
    const visit = (vnode: VNode | null | undefined): void => {
      if (!vnode) return;
      if (vnode.component) {
        names.push((vnode.component.type as { name?: string }).name ?? '(anonymous)');
        visit(vnode.component.subTree);
      }
      if (Array.isArray(vnode.children)) for (const child of vnode.children) visit(child as VNode);
    };
    visit(bell.vm.$.subTree);
    expect(names).toEqual([]);
    wrapper.unmount();
  });

  it('opens the alert drawer on a click, as a native button does on Enter and Space', async () => {
    const wrapper = await mountBell(1);
    const bell = wrapper.get('[data-testid=alert-bell]');
    expect(bell.element.tagName).toBe('BUTTON');
    expect(bell.attributes('type')).toBe('button');
    await bell.trigger('click');
    // The drawer's code is loaded on this first click.
    await vi.waitFor(() => expect(document.querySelector('[data-testid=alert-item]')).not.toBeNull(), {
      timeout: 10_000,
    });
    wrapper.unmount();
  });
});
