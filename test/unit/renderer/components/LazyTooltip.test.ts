// @vitest-environment happy-dom
// The tooltip built only for a trigger the pointer has reached: until then the trigger is drawn as NTooltip draws it
// (no wrapper), no NTooltip exists and Naive's tooltip code is not even loaded; the first hover loads it and hands the
// trigger to Naive's own tooltip, with its props, already open while the pointer is still there.
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';

/** Naive's tooltip, found by name: each test loads LazyTooltip afresh, and with it its own copy of Naive. */
const NTooltip = { name: 'Tooltip' };

/** A fresh LazyTooltip module each time, so one test's loaded tooltip code is not the next one's. */
async function mountTooltip() {
  vi.resetModules();
  const { default: LazyTooltip } = await import('../../../../src-renderer/src/components/LazyTooltip.vue');
  return mount(LazyTooltip, {
    attachTo: document.body,
    attrs: { placement: 'right' },
    slots: { trigger: () => h('span', { 'data-testid': 'trigger' }, 'state'), default: () => 'the hint' },
  });
}

/** Lets any timer fire and Naive's tooltip chunk arrive, if something asked for it. */
async function settle(): Promise<void> {
  vi.runAllTimers();
  await vi.dynamicImportSettled();
  await flushPromises();
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('LazyTooltip', () => {
  it('draws only the trigger, with no NTooltip and no tooltip code loaded, until the pointer reaches it', async () => {
    vi.useFakeTimers();
    const wrapper = await mountTooltip();
    expect(wrapper.html()).toBe('<span data-testid="trigger">state</span>');
    await settle();
    // Nobody has pointed at the trigger: no tooltip built, and Naive's tooltip code never asked for.
    const { tooltipComponent } = await import('../../../../src-renderer/src/components/tooltip-loader');
    expect(tooltipComponent.value).toBeNull();
    expect(wrapper.findComponent(NTooltip).exists()).toBe(false);
    expect(wrapper.html()).toBe('<span data-testid="trigger">state</span>');
    wrapper.unmount();
  });

  it('hands the trigger to NTooltip on the first hover, with the same props, already shown', async () => {
    vi.useFakeTimers();
    const wrapper = await mountTooltip();
    await settle();
    await wrapper.find('[data-testid=trigger]').trigger('mouseenter');
    await settle();

    const tooltip = wrapper.findComponent(NTooltip);
    expect(tooltip.exists()).toBe(true);
    expect(tooltip.props('placement')).toBe('right');
    expect(tooltip.props('defaultShow')).toBe(true);
    expect(wrapper.find('[data-testid=trigger]').text()).toBe('state');
    expect(document.body.textContent).toContain('the hint');
    wrapper.unmount();
  });

  it('opens closed when the pointer left before Naive\u2019s code arrived', async () => {
    vi.useFakeTimers();
    const wrapper = await mountTooltip();
    // Hover and leave at once, before Naive's code has arrived.
    await wrapper.find('[data-testid=trigger]').trigger('mouseenter');
    await wrapper.find('[data-testid=trigger]').trigger('mouseleave');
    await settle();

    const tooltip = wrapper.findComponent(NTooltip);
    expect(tooltip.exists()).toBe(true);
    expect(tooltip.props('defaultShow')).toBe(false);
    expect(document.body.textContent).not.toContain('the hint');
    wrapper.unmount();
  });
});
