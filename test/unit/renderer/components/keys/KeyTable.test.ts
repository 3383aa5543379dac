// @vitest-environment happy-dom
// The key table's virtual window: only the rows around the scroll position are drawn, a scrolled row keeps its DOM
// for the next key, selection (one row, every row listed) keeps keys selected elsewhere, and the header stays whole.
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { KeyView } from '../../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';
import KeyTable from '../../../../../src-renderer/src/components/keys/KeyTable.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { keyView } from '../../../../support/key-view';

// The table takes rowKey from the keys store, whose module opens the bridge: the fake one here.
vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const key = (id: number): KeyView =>
  keyView({
    accountId: 'acc',
    id,
    name: `key-${String(id).padStart(4, '0')}`,
    createdTime: 1_700_000_000,
    accessedTime: null,
  });

const ROW = 57;
const HEADER = 40;
const BODY = 10 * ROW;

function table(count: number, selected: string[] = []) {
  return mount(KeyTable, {
    props: {
      items: Array.from({ length: count }, (_, i) => key(i + 1)),
      selected,
      revealed: null,
      highlighted: null,
      showAccount: false,
      accountLabel: (id: string) => id,
      moneyOf: () => SPEC_ACCOUNT_MONEY,
      maxHeight: BODY,
      now: 1_700_000_000_000,
    },
    global: { plugins: [createAppI18n('en-US')] },
  });
}

const names = (wrapper: ReturnType<typeof table>) => wrapper.findAll('[data-testid=key-name]').map((n) => n.text());

async function scrollTo(wrapper: ReturnType<typeof table>, top: number) {
  const scroller = wrapper.get('[data-testid=key-table-scroller]');
  (scroller.element as HTMLElement).scrollTop = top;
  await scroller.trigger('scroll');
}

/** Past the paint of the frame after a change, when a new list's margin rows are drawn. */
async function afterPaint(wrapper: ReturnType<typeof table>) {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await wrapper.vm.$nextTick();
}

describe('KeyTable', () => {
  it('draws a window of rows, not the whole list, and a body as tall as the list', () => {
    const wrapper = table(5_000);
    const rows = wrapper.findAll('[data-testid=key-row]');
    // Ten rows fit; three more on each side at most, and one for a partly shown row.
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.length).toBeLessThanOrEqual(17);
    expect(names(wrapper)[0]).toBe('key-0001');
    expect(wrapper.get('.key-table__rows').attributes('style')).toContain(`height: ${String(5_000 * ROW)}px`);
    expect(wrapper.get('[data-testid=key-table]').attributes('aria-rowcount')).toBe('5001');
  });

  it('moves the window with the scroll, reusing the rows that scrolled out', async () => {
    const wrapper = table(5_000);
    await afterPaint(wrapper);
    const before = wrapper.findAll('[data-testid=key-row]').map((r) => r.element);
    await scrollTo(wrapper, HEADER + 1_000 * ROW);
    const shown = names(wrapper);
    expect(shown).toContain('key-1001');
    expect(shown).not.toContain('key-0001');
    // The same elements, now holding other keys: nothing was mounted for the scroll.
    const after = wrapper.findAll('[data-testid=key-row]').map((r) => r.element);
    expect(after.length).toBe(before.length);
    expect(new Set(after)).toEqual(new Set(before));
    expect(wrapper.get('.key-table__window').attributes('style')).toContain(`translateY(${String(997 * ROW)}px)`);
    // The end of the list: its last key is drawn, nothing past it.
    await scrollTo(wrapper, HEADER + 5_000 * ROW);
    expect(names(wrapper).at(-1)).toBe('key-5000');
  });

  it('draws the rows on screen of a new list first, and the margin rows once that frame is painted', async () => {
    const wrapper = table(5_000);
    await afterPaint(wrapper);
    await scrollTo(wrapper, HEADER + 100 * ROW);
    const settled = wrapper.findAll('[data-testid=key-row]').length;
    // Ten rows fit the body and one more shows in part; three on each side are the margin.
    expect(settled).toBe(17);
    await wrapper.setProps({ items: Array.from({ length: 5_000 }, (_, i) => key(i + 10_001)) });
    expect(names(wrapper)).toHaveLength(11);
    expect(names(wrapper)[0]).toBe('key-10101');
    await afterPaint(wrapper);
    expect(names(wrapper)).toHaveLength(settled);
    expect(names(wrapper)[0]).toBe('key-10098');
  });

  it('unmounts the rows a shorter list does not need: no hidden copy of a key stays in the page', async () => {
    const wrapper = table(30);
    await wrapper.setProps({ items: [key(7), key(8)] });
    expect(wrapper.findAll('[data-testid=key-row]')).toHaveLength(2);
    expect(names(wrapper)).toEqual(['key-0007', 'key-0008']);
    await wrapper.setProps({ items: [] });
    expect(wrapper.findAll('[data-testid=key-name]')).toHaveLength(0);
  });

  it('selects one row, or every row listed, and leaves keys selected elsewhere alone', async () => {
    const wrapper = table(30, ['other:9']);
    await wrapper.findAll('[data-testid=select-key]')[1]?.setValue(true);
    expect(wrapper.emitted('update:selected')?.at(-1)).toEqual([['other:9', 'acc:2']]);
    await wrapper.get('[data-testid=select-all]').setValue(true);
    const all = wrapper.emitted('update:selected')?.at(-1)?.[0] as string[];
    expect(all).toHaveLength(31);
    expect(all).toContain('other:9');
    await wrapper.setProps({ selected: all });
    expect((wrapper.get('[data-testid=select-all]').element as HTMLInputElement).checked).toBe(true);
    await wrapper.get('[data-testid=select-all]').setValue(false);
    expect(wrapper.emitted('update:selected')?.at(-1)).toEqual([['other:9']]);
    await wrapper.setProps({ selected: ['acc:3'] });
    const header = wrapper.get('[data-testid=select-all]').element as HTMLInputElement;
    expect(header.checked).toBe(false);
    expect(header.indeterminate).toBe(true);
  });

  it('labels each selection box with its key, in the chosen language', () => {
    const wrapper = table(3);
    expect(wrapper.findAll('[data-testid=select-key]').map((b) => b.attributes('aria-label'))).toEqual([
      'Select key-0001',
      'Select key-0002',
      'Select key-0003',
    ]);
    expect(wrapper.get('[data-testid=select-all]').attributes('aria-label')).toBe('Select every key listed');
  });
});
