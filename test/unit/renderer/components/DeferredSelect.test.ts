// @vitest-environment happy-dom
// The select built only once the user reaches it: until then a static trigger with the select's test id, value and
// accessible role, no Naive component and no select code loaded; the pointer, focus, a press or an opening
// key hands it to Naive's own NSelect with the same value, which opens its menu for a press or a key, takes the focus,
// and reports a choice as NSelect does.
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, ref } from 'vue';

/** Naive's select, found by name: each test loads DeferredSelect afresh, and with it its own copy of Naive. */
const NSelect = { name: 'Select' };
const OPTIONS = [
  { label: 'Enabled', value: 'enabled' },
  { label: 'Disabled', value: 'disabled' },
];

/** A fresh DeferredSelect module each time, so one test's loaded select code is not the next one's. */
async function mountSelect(attrs: Record<string, unknown> = {}) {
  vi.resetModules();
  const { default: DeferredSelect } = await import('../../../../src-renderer/src/components/DeferredSelect.vue');
  const value = ref<string | null>('value' in attrs ? (attrs.value as string | null) : 'enabled');
  const chosen: unknown[] = [];
  const wrapper = mount(
    {
      render: () =>
        h(DeferredSelect, {
          size: 'small',
          options: OPTIONS,
          placeholder: 'State',
          'data-testid': 'filter-state',
          // happy-dom lays nothing out, so Naive's virtual list would draw no rows; passed through like any prop.
          virtualScroll: false,
          ...attrs,
          value: value.value,
          'onUpdate:value': (next: string | null, option: unknown) => {
            value.value = next;
            chosen.push([next, option]);
          },
        }),
    },
    { attachTo: document.body },
  );
  return { wrapper, value, chosen };
}

/** Lets any timer fire and Naive's select chunk arrive (if asked for), and Vue draw what follows. */
async function settle(): Promise<void> {
  vi.runAllTimers();
  await vi.dynamicImportSettled();
  await flushPromises();
}

/** The select's root, trigger or NSelect (each test mounts one). */
function root(): HTMLElement {
  const found = document.querySelector<HTMLElement>('[data-testid=filter-state]');
  if (found === null) throw new Error('no [data-testid=filter-state] in the page');
  return found;
}
/** The options of the menu on show (NSelect keeps a closed menu in the page, hidden). */
const menuLabels = () =>
  [...document.querySelectorAll<HTMLElement>('.n-select-menu')]
    .filter((menu) => menu.style.display !== 'none')
    .flatMap((menu) => [...menu.querySelectorAll('.n-base-select-option')].map((o) => o.textContent.trim()));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('DeferredSelect', () => {
  it('draws a static trigger with the select’s test id, label and role, and no Naive component, until reached', async () => {
    vi.useFakeTimers();
    const asked = { count: 0 };
    vi.doMock('../../../../src-renderer/src/components/select-impl', async (importOriginal) => {
      asked.count += 1;
      return await importOriginal();
    });
    const { wrapper } = await mountSelect();
    await settle();
    // Nobody has reached the select: no NSelect built, and Naive's select code never asked for.
    expect(asked.count).toBe(0);
    expect(wrapper.findComponent(NSelect).exists()).toBe(false);
    expect(document.querySelector('.n-select, .n-base-selection')).toBeNull();
    const trigger = root();
    expect(trigger.getAttribute('role')).toBe('combobox');
    expect(trigger.getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('aria-label')).toBe('State');
    expect(trigger.getAttribute('tabindex')).toBe('0');
    expect(trigger.textContent.trim()).toBe('Enabled');
    // Reaching it asks for the code.
    trigger.dispatchEvent(new MouseEvent('mouseenter'));
    await settle();
    expect(asked.count).toBe(1);
    wrapper.unmount();
    vi.doUnmock('../../../../src-renderer/src/components/select-impl');
  });

  it('shows the placeholder when nothing is chosen, and a value with no option as its own text, as NSelect does', async () => {
    vi.useFakeTimers();
    const empty = await mountSelect({ value: null });
    expect(root().textContent.trim()).toBe('State');
    empty.wrapper.unmount();
    const unknown = await mountSelect({ value: 'archived' });
    expect(root().textContent.trim()).toBe('archived');
    unknown.wrapper.unmount();
  });

  it('hands itself to NSelect when the pointer enters, with the same value, options and attributes', async () => {
    vi.useFakeTimers();
    const { wrapper } = await mountSelect();
    await settle();
    root().dispatchEvent(new MouseEvent('mouseenter'));
    await settle();

    const select = wrapper.findComponent(NSelect);
    expect(select.exists()).toBe(true);
    expect(select.props('value')).toBe('enabled');
    expect(select.props('options')).toEqual(OPTIONS);
    expect(select.props('size')).toBe('small');
    expect(root().classList.contains('n-select')).toBe(true);
    expect(root().textContent.trim()).toBe('Enabled');
    // Hovering alone opens no menu.
    expect(menuLabels()).toEqual([]);
    wrapper.unmount();
  });

  it('a press opens the menu at once, even before Naive’s code has arrived, and a choice is reported as NSelect reports it', async () => {
    vi.useFakeTimers();
    const { wrapper, value, chosen } = await mountSelect();
    // Pressed before Naive's code has arrived: the press is remembered and answered when the code arrives.
    root().dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    root().dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();

    expect(wrapper.findComponent(NSelect).exists()).toBe(true);
    expect(menuLabels()).toEqual(['Enabled', 'Disabled']);
    expect(document.activeElement?.closest('[data-testid=filter-state]')).not.toBeNull();

    document.querySelectorAll<HTMLElement>('.n-base-select-option')[1]?.click();
    await settle();
    expect(value.value).toBe('disabled');
    expect(chosen).toEqual([['disabled', OPTIONS[1]]]);
    expect(root().textContent.trim()).toBe('Disabled');
    // The menu closed, and `show` is NSelect's again: the next click opens it, the one after closes it.
    expect(wrapper.findComponent(NSelect).props('show')).toBeUndefined();
    expect(menuLabels()).toEqual([]);
    root().querySelector<HTMLElement>('.n-base-selection')?.click();
    await settle();
    expect(menuLabels()).toEqual(['Enabled', 'Disabled']);
    root().querySelector<HTMLElement>('.n-base-selection')?.click();
    await settle();
    expect(menuLabels()).toEqual([]);
    wrapper.unmount();
  });

  it('focus moves into the real select when the trigger is focused', async () => {
    vi.useFakeTimers();
    const { wrapper } = await mountSelect();
    await settle();
    root().focus();
    await settle();

    expect(wrapper.findComponent(NSelect).exists()).toBe(true);
    expect(document.activeElement?.classList.contains('n-base-selection-label')).toBe(true);
    expect(menuLabels()).toEqual([]);
    wrapper.unmount();
  });

  it('an opening key on the trigger is not lost: it opens the real select’s menu', async () => {
    vi.useFakeTimers();
    const { wrapper } = await mountSelect();
    // Focused and keyed before Naive's code has arrived.
    root().focus();
    const key = new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true });
    root().dispatchEvent(key);
    expect(key.defaultPrevented).toBe(true);
    await settle();

    expect(menuLabels()).toEqual(['Enabled', 'Disabled']);
    expect(document.activeElement?.classList.contains('n-base-selection-label')).toBe(true);
    wrapper.unmount();
  });

  it('a disabled select stays a trigger out of the tab order, and nothing reaches it', async () => {
    vi.useFakeTimers();
    const { wrapper } = await mountSelect({ disabled: true });
    await settle();
    root().dispatchEvent(new MouseEvent('mouseenter'));
    root().dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await settle();

    expect(wrapper.findComponent(NSelect).exists()).toBe(false);
    expect(root().hasAttribute('tabindex')).toBe(false);
    expect(root().getAttribute('aria-disabled')).toBe('true');
    wrapper.unmount();
  });
});
