// @vitest-environment happy-dom
// The Accounts page: its search box filters by label, user and address; its Refresh is enabled and re-reads what the
// page shows (every balance, each site's currency once, the Expiring list from the sites).
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { ok } from '../../../../src-shared/contract';
import App from '../../../../src-renderer/src/App.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

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

async function mountAppAt(path: string) {
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  wrapper = mount(App, {
    attachTo: document.body,
    global: { plugins: [createPinia(), createAppI18n('en-US'), router] },
  });
  await router.isReady();
  await flushPromises();
  return router;
}

describe('the Accounts page', () => {
  const accounts = [
    accountView({ id: 'a', label: 'Alice', username: 'alice' }),
    accountView({ id: 'c', label: 'Work', username: 'carol', baseUrl: 'https://carol.example.org' }),
    accountView({ id: 'r', label: 'Relay', baseUrl: 'https://relay.example.net', apiUrl: 'https://relay.example.net' }),
  ];
  const listed = () =>
    [...document.querySelectorAll('[data-testid=account-item]')].map((el) => el.getAttribute('data-account-id'));

  it('its search box filters by label, user and address', async () => {
    fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
    const router = await mountAppAt('/accounts?q=Carol');
    await vi.waitFor(() => {
      expect(listed()).toEqual(['c']);
    });
    await router.replace('/accounts?q=relay.example');
    await vi.waitFor(() => {
      expect(listed()).toEqual(['r']);
    });
    await router.replace('/accounts?q=alice');
    await vi.waitFor(() => {
      expect(listed()).toEqual(['a']);
    });
    await router.replace('/accounts?q=nobody');
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=accounts-no-matches]')).not.toBeNull();
    });
  });

  it('has Refresh enabled, refreshing every balance', async () => {
    fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
    await mountAppAt('/accounts');
    await vi.waitFor(() => {
      expect(listed()).toHaveLength(3);
    });
    const refresh = document.querySelector<HTMLButtonElement>('[data-testid=refresh-button]');
    expect(refresh?.disabled).toBe(false);
    refresh?.click();
    await vi.waitFor(() => {
      expect(fake.callsTo('quota:refresh')).toEqual([{}]);
    });
  });

  it('its Refresh re-reads what the page shows: each site’s currency once, and the Expiring list from the sites', async () => {
    // Alice and Work share a site: its currency is read once for both.
    const shared = [
      accountView({ id: 'a', label: 'Alice', username: 'alice' }),
      accountView({ id: 'c', label: 'Work', username: 'carol' }),
      accountView({
        id: 'r',
        label: 'Relay',
        baseUrl: 'https://relay.example.net',
        apiUrl: 'https://relay.example.net',
      }),
    ];
    fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(shared))));
    fake.override('watch:expiring', () => Promise.resolve(ok({ withinDays: 7, items: [], failures: [] })));
    await mountAppAt('/accounts');
    await vi.waitFor(() => {
      expect(listed()).toHaveLength(3);
    });
    await vi.waitFor(() => {
      expect(fake.callsTo('watch:expiring').length).toBeGreaterThan(0);
    });
    const before = fake.callsTo('watch:expiring').length;
    document.querySelector<HTMLButtonElement>('[data-testid=refresh-button]')?.click();
    await vi.waitFor(() => {
      expect(fake.callsTo('watch:expiring').slice(before)).toEqual([{ fresh: true }]);
    });
    expect(fake.callsTo('site:refresh')).toEqual([{ accountId: 'a' }, { accountId: 'r' }]);
  });
});
