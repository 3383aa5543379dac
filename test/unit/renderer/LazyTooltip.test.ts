// @vitest-environment happy-dom
// The tooltip loaded after the first paint: the trigger is drawn as NTooltip draws it (no wrapper) before Naive's
// tooltip has arrived, and Naive's own tooltip (with its props) takes over once it has.
import { flushPromises, mount } from '@vue/test-utils';
import { NTooltip } from 'naive-ui';
import { describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import LazyTooltip from '../../../src-renderer/src/components/LazyTooltip.vue';

describe('LazyTooltip', () => {
  it('draws only the trigger first, then hands it to NTooltip with the same props', async () => {
    vi.useFakeTimers();
    const wrapper = mount(LazyTooltip, {
      attrs: { placement: 'right' },
      slots: { trigger: () => h('span', { 'data-testid': 'trigger' }, 'state'), default: () => 'hint' },
    });
    // Before the chunk: the trigger element alone, with nothing around it, and no tooltip yet.
    expect(wrapper.html()).toBe('<span data-testid="trigger">state</span>');
    expect(wrapper.findComponent(NTooltip).exists()).toBe(false);

    vi.runAllTimers();
    vi.useRealTimers();
    await vi.dynamicImportSettled();
    await flushPromises();

    const tooltip = wrapper.findComponent(NTooltip);
    expect(tooltip.exists()).toBe(true);
    expect(tooltip.props('placement')).toBe('right');
    expect(wrapper.find('[data-testid=trigger]').text()).toBe('state');
  });
});
