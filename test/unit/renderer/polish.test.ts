// @vitest-environment happy-dom
// Issue 18's behaviour bugs, each as the user met it: stale rows after a refused search, a State filter that listed
// one server page only, "in 2 seconds" for a key never used, "1 key(s)", unlabelled model owners, an Accounts search
// that filtered nothing, an alert opening another account, and an "OK" meter with no thresholds to be OK against.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import {
  ok,
  type AlertView,
  type BalanceView,
  type KeyPage,
  type KeyUsageView,
  type KeyView,
} from '../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';
import App from '../../../src-renderer/src/App.vue';
import BalanceMeter from '../../../src-renderer/src/components/BalanceMeter.vue';
import KeyDetailDrawer from '../../../src-renderer/src/components/keys/KeyDetailDrawer.vue';
import { expiryText, isNeverUsed, pastTime } from '../../../src-renderer/src/components/keys/relative-date';
import { createAppI18n } from '../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../src-renderer/src/router';
import { useAccountsStore } from '../../../src-renderer/src/stores/accounts.store';
import { useKeysStore } from '../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from './accounts/fixtures';
import { fake } from './fake-keydesk';
import { keyView } from '../../support/key-view';

vi.mock('../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('./fake-keydesk')).fake.api }));

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW = NOW_MS / 1000;

const key = (id: number, over: Partial<KeyView> = {}): KeyView =>
  keyView({ id, createdTime: NOW - 86_400, accessedTime: NOW - 3_600, ...over });
const page = (items: readonly KeyView[], total = items.length): KeyPage => ({ items, page: 1, size: 20, total });

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

async function keysStoreFor(accounts = [accountView({ id: 'a' })]) {
  fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf(accounts))));
  await useAccountsStore().hydrate();
  return useKeysStore();
}

describe('item 5: a refused search pattern lists nothing from the last search', () => {
  it('drops the earlier rows at once and asks the server nothing', async () => {
    fake.override('keys:search', () => Promise.resolve(ok(page([key(1, { name: 'abc' })]))));
    const store = await keysStoreFor();
    store.setAccount('a');
    store.searchPattern = 'abc';
    await store.load();
    expect(store.rows.map((k) => k.id)).toEqual([1]);

    store.searchPattern = '%a%b%c%';
    // Before the load even runs (the view waits for typing to pause), nothing looks like a match.
    expect(store.rows).toEqual([]);
    await store.load();
    expect(store.items).toEqual([]);
    expect(store.isLoading).toBe(false);
    expect(fake.callsTo('keys:search')).toHaveLength(1);
  });
});

describe('item 16: the State filter on one account lists every key the gateway holds in that state', () => {
  it('reads the whole account, not the current server page, and only then filters', async () => {
    const all = [key(1), key(2), key(3, { state: 'disabled', status: 2 }), key(4, { state: 'disabled', status: 2 })];
    // The first server page holds only enabled keys: filtering it would list none.
    fake.override('keys:list', () => Promise.resolve(ok(page(all.slice(0, 2), all.length))));
    fake.override('keys:listChunk', () => Promise.resolve(ok({ items: all, next: null })));
    const store = await keysStoreFor();
    store.setAccount('a');
    await store.load();
    expect(store.rows).toHaveLength(2);

    store.stateFilter = 'disabled';
    await store.load();
    expect(fake.callsTo('keys:listChunk')).toEqual([{ accountId: 'a', from: null }]);
    expect(store.rows.map((k) => k.id)).toEqual([3, 4]);
  });

  it('says that no key matches the filter, not that the account has no keys', async () => {
    fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf([accountView({ id: 'a' })]))));
    fake.override('keys:list', () => Promise.resolve(ok(page([key(1)]))));
    fake.override('keys:listChunk', () => Promise.resolve(ok({ items: [key(1)], next: null })));
    const router = createAppRouter(createMemoryHistory());
    await router.push('/keys?account=a');
    wrapper = mount(App, {
      attachTo: document.body,
      global: { plugins: [createPinia(), createAppI18n('en-US'), router] },
    });
    await router.isReady();
    await vi.waitFor(() => {
      expect(useKeysStore().rows).toHaveLength(1);
    });
    expect(document.querySelector('[data-testid=keys-empty]')).toBeNull();
    useKeysStore().stateFilter = 'disabled';
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=keys-empty]')).not.toBeNull();
    });
    const text = document.querySelector('[data-testid=keys-empty]')?.textContent ?? '';
    expect(text).toContain('No key matches the filter');
    expect(text).not.toContain('No keys yet');
  });
});

describe('item 11: times that do not mislead', () => {
  it('a key whose last use is its creation, 0, or ahead of now was never used', () => {
    expect(isNeverUsed(NOW + 2, NOW + 2, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW - 60, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(0, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW + 5, NOW - 60, NOW_MS)).toBe(true);
    expect(isNeverUsed(NOW - 30, NOW - 60, NOW_MS)).toBe(false);
  });

  it('a past event never reads as the future, and a month-away expiry reads as its date', () => {
    expect(pastTime(NOW + 2, NOW_MS, 'en-US')).toBe('now');
    expect(pastTime(NOW - 120, NOW_MS, 'en-US')).toBe('2 minutes ago');
    const inAMonth = NOW + 30 * 86_400;
    expect(expiryText(inAMonth, NOW_MS, 'en-US')).not.toMatch(/month/);
    expect(expiryText(inAMonth, NOW_MS, 'en-US')).toMatch(/2026/);
    expect(expiryText(NOW + 3 * 86_400, NOW_MS, 'en-US')).toBe('in 3 days');
  });
  // The table's virtual scroll renders no rows without layout: test/e2e/polish.spec.ts checks the row itself.
});

describe('item 10: counts through vue-i18n plurals, in both languages', () => {
  it('says "Key disabled." for one and "3 keys disabled." for three, never "key(s)"', () => {
    const en = createAppI18n('en-US').global;
    expect(en.t('keys.batch.disabled', 1)).toBe('Key disabled.');
    expect(en.t('keys.batch.disabled', 3)).toBe('3 keys disabled.');
    expect(en.t('keys.copied', { n: 1, s: 30 }, { plural: 1 })).not.toContain('(s)');
    expect(en.t('keys.delete.titleOne')).toBe('Delete key');
    const zh = createAppI18n('zh-CN').global;
    expect(zh.t('keys.batch.disabled', 1)).toBe('已禁用 1 个密钥。');
    expect(zh.t('keys.batch.disabled', 3)).toBe('已禁用 3 个密钥。');
  });
});

describe('item 13: the drawer labels each model’s owner and endpoint types', () => {
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

describe('items 17 and 12: the Accounts page', () => {
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

describe('item 19: an alert’s account link opens the account it is about', () => {
  it('goes to /account?account=<the alert’s account>, not the active one', async () => {
    const alert: AlertView = {
      id: 'x',
      accountId: 'c',
      accountLabel: 'Carol',
      kind: 'balance',
      episodeKey: 'balance:c:warn:x',
      level: 'warn',
      balanceUnits: 1,
      thresholdUnits: 2,
      raisedAt: NOW_MS,
      isAcknowledged: false,
    };
    fake.override('accounts:list', () =>
      Promise.resolve(ok(snapshotOf([accountView({ id: 'a' }), accountView({ id: 'c', label: 'Carol' })], 'a'))),
    );
    fake.override('alerts:list', () => Promise.resolve(ok([alert])));
    const router = await mountAppAt('/keys');
    document.querySelector<HTMLElement>('[data-testid=alert-bell]')?.click();
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=alert-account]')).not.toBeNull();
    });
    document.querySelector<HTMLElement>('[data-testid=alert-account]')?.click();
    await vi.waitFor(() => {
      expect(router.currentRoute.value.path).toBe('/account');
    });
    expect(router.currentRoute.value.query).toEqual({ account: 'c' });
  });
});

describe('item 20: a meter with no thresholds stays neutral', () => {
  const balance: BalanceView = {
    accountId: 'a',
    remainingUnits: 5_000_000,
    usedUnits: 1_000_000,
    isUnlimited: false,
    softLimitUnits: null,
    hardLimitUnits: null,
    fetchedAt: NOW_MS,
    isStale: false,
    level: 'ok',
    error: null,
    daysLeft: null,
  };
  const meter = (thresholds: { warnUnits: number | null; criticalUnits: number | null }) =>
    mount(
      { render: () => h(NConfigProvider, null, () => h(BalanceMeter, { balance, thresholds })) },
      { global: { plugins: [createAppI18n('en-US')] } },
    );

  it('shows no OK word and no OK colour without thresholds, and OK with one', () => {
    const neutral = meter({ warnUnits: null, criticalUnits: null });
    expect(neutral.get('[data-testid=balance-meter]').attributes('data-level')).toBe('none');
    expect(neutral.find('[data-testid=balance-level]').exists()).toBe(false);
    expect(neutral.text()).not.toContain('OK');
    const fill = neutral.get('.balance-meter__fill').attributes('style') ?? '';
    const judged = meter({ warnUnits: 1_000_000, criticalUnits: null });
    expect(judged.get('[data-testid=balance-meter]').attributes('data-level')).toBe('ok');
    expect(judged.get('[data-testid=balance-level]').text()).toBe('OK');
    expect(judged.get('.balance-meter__fill').attributes('style')).not.toBe(fill);
  });
});
