// @vitest-environment happy-dom
// The small primary button drawn as NButton draws itself: one <button> with the attributes and listeners it was given,
// its icon before the label, no Naive component; each click plays the wave again; disabled, it is the native disabled
// button (no click, no wave).
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import SmallPrimaryButton from '../../../../src-renderer/src/components/SmallPrimaryButton.vue';

function mountButton(disabled: boolean, onClick: () => void) {
  return mount(SmallPrimaryButton, {
    props: { disabled },
    attrs: { 'data-testid': 'new-key', title: 'New key (N)', onClick },
    slots: { icon: () => h('svg', { class: 'the-icon' }), default: () => 'New key' },
  });
}

describe('SmallPrimaryButton', () => {
  it('is one button with the given attributes, its icon before its label, and no Naive component', () => {
    const w = mountButton(false, vi.fn());
    const button = w.get('button');
    expect(button.attributes('data-testid')).toBe('new-key');
    expect(button.attributes('title')).toBe('New key (N)');
    expect(button.attributes('type')).toBe('button');
    expect(button.attributes('disabled')).toBeUndefined();
    expect(button.text()).toBe('New key');
    expect(button.element.querySelector('.the-icon')?.closest('.small-primary-button__icon')).not.toBeNull();
    expect(w.findComponent({ name: 'Button' }).exists()).toBe(false);
  });

  it('calls its click listener and plays the wave anew on every click', async () => {
    const onClick = vi.fn();
    const w = mountButton(false, onClick);
    expect(w.find('.small-primary-button__wave--active').exists()).toBe(false);
    await w.get('button').trigger('click');
    const first = w.get('.small-primary-button__wave--active').element;
    await w.get('button').trigger('click');
    // A new wave element: its animation starts over, as Naive's wave does on each click.
    expect(w.get('.small-primary-button__wave--active').element).not.toBe(first);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('disabled, is the native disabled button: no click reaches its listener and no wave plays', async () => {
    const onClick = vi.fn();
    const w = mountButton(true, onClick);
    expect(w.get('button').attributes('disabled')).toBeDefined();
    expect(w.get('button').classes()).toContain('small-primary-button--disabled');
    await w.get('button').trigger('click');
    expect(onClick).not.toHaveBeenCalled();
    expect(w.find('.small-primary-button__wave--active').exists()).toBe(false);
  });
});
