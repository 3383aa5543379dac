// @vitest-environment happy-dom
// The key table's one row menu is built when a row first asks for it: the first rows mount no closed menu, and the
// first menu opened still opens for its row, with that key's actions, and acts on that key.
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { DropdownOption } from 'naive-ui';
import type { KeyView } from '../../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';
import KeyTable from '../../../../../src-renderer/src/components/keys/KeyTable.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const items: KeyView[] = [1, 2, 3].map((id) => keyView({ accountId: 'acc', id }));

function table() {
  return mount(KeyTable, {
    props: {
      items,
      selected: [],
      revealed: null,
      highlighted: null,
      showAccount: false,
      accountLabel: (id: string) => id,
      moneyOf: () => SPEC_ACCOUNT_MONEY,
      maxHeight: 400,
      now: 1_700_000_000_000,
    },
    global: { plugins: [createAppI18n('en-US')] },
    attachTo: document.body,
  });
}

describe('KeyTable row menu', () => {
  it('is not mounted with the rows, and opens on first use for the row that asked, acting on its key', async () => {
    const wrapper = table();
    expect(wrapper.findAll('[data-testid=key-row]')).toHaveLength(3);
    expect(wrapper.findComponent({ name: 'Dropdown' }).exists()).toBe(false);

    await wrapper.findAll('[data-testid=key-menu]')[1]?.trigger('click');
    await vi.waitUntil(() => wrapper.findComponent({ name: 'Dropdown' }).exists());
    const menu = wrapper.findComponent({ name: 'Dropdown' });
    expect(menu.props('show')).toBe(true);
    const keys = (menu.props('options') as DropdownOption[]).map((o) => o.key);
    expect(keys).toContain('details');

    // The menu is teleported to the body: the user's click on its first item, Details.
    await vi.waitUntil(() => document.querySelector('.n-dropdown-option-body'));
    document.querySelector<HTMLElement>('.n-dropdown-option-body')?.click();
    expect(wrapper.emitted('action')).toEqual([['details', items[1]]]);
    await wrapper.vm.$nextTick();
    expect(wrapper.findComponent({ name: 'Dropdown' }).props('show')).toBe(false);
    wrapper.unmount();
  });
});
