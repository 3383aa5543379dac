// @vitest-environment happy-dom
// The key drawer labels each model's owner and endpoint types ("owner: openai", "endpoints: openai", not "openai
// openai"), and opening it asks main for nothing that takes the full key until the user asks to read with it.
import { mount, type VueWrapper } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { ok, type KeyUsageView, type KeyView } from '../../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';
import KeyDetailDrawer from '../../../../../src-renderer/src/components/keys/KeyDetailDrawer.vue';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { fake } from '../../fake-keydesk';
import { keyView } from '../../../../support/key-view';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW = NOW_MS / 1000;

const key = (id: number, over: Partial<KeyView> = {}): KeyView =>
  keyView({ id, createdTime: NOW - 86_400, accessedTime: NOW - 3_600, ...over });

let wrapper: VueWrapper | undefined;
beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('the drawer labels each model’s owner and endpoint types', () => {
  it('reads "owner: openai" and "endpoints: openai", not "openai openai"', async () => {
    const usage: KeyUsageView = {
      billing: null,
      billingError: null,
      models: [{ id: 'gpt-4o', ownedBy: 'openai', created: null, endpointTypes: ['openai'] }],
      modelsError: null,
    };
    fake.override('keys:usage', () => Promise.resolve(ok(usage)));
    wrapper = mount(
      {
        render: () =>
          h(NConfigProvider, null, () => h(KeyDetailDrawer, { show: true, item: key(1), money: SPEC_ACCOUNT_MONEY })),
      },
      { attachTo: document.body, global: { plugins: [createAppI18n('en-US')] } },
    );
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=drawer-read-with-key]')).not.toBeNull();
    });
    // Opening the details asks main for nothing that takes the full key (a reveal from the site's small bucket).
    expect(fake.callsTo('keys:usage')).toEqual([]);
    expect(document.querySelector('[data-testid=drawer-usage]')?.textContent).toContain('Granted');
    document.querySelector<HTMLButtonElement>('[data-testid=drawer-read-with-key]')?.click();
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=model-owner]')).not.toBeNull();
    });
    expect(fake.callsTo('keys:usage')).toHaveLength(1);
    expect(document.querySelector('[data-testid=model-owner]')?.textContent).toContain('owner: openai');
    expect(document.querySelector('[data-testid=model-endpoints]')?.textContent).toContain('endpoints:');
  });
});
