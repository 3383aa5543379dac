// @vitest-environment happy-dom
// The renderer's stores keyed by account id, for ids an older data folder may hold (`constructor`, `toString`,
// `__proto__`, `hasOwnProperty`), with main's answers read from JSON as the browser-mode bridge reads them: a balance
// is found under its own account only (an account whose balance is not known yet has none, not Object's own member),
// after a reload of the page too, and a pushed balance reloads the history only of an account whose history is shown;
// the spend card of an account without figures yet says so.
import { mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import {
  ok,
  type BalanceView,
  type KeySpendView,
  type Result,
  type SpendSettings,
} from '../../../../src-shared/contract';
import SpendCard from '../../../../src-renderer/src/components/SpendCard.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { useQuotaStore } from '../../../../src-renderer/src/stores/quota.store';
import { useSpendStore } from '../../../../src-renderer/src/stores/spend.store';
import { deferred, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const IDS = ['constructor', 'toString', '__proto__', 'hasOwnProperty'] as const;

/** An answer as the loopback bridge hands it to the page: parsed from JSON text, `__proto__` an own key. */
const fromJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const view = (accountId: string, remainingUnits: number): BalanceView => ({
  accountId,
  remainingUnits,
  usedUnits: 0,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: 1_800_000_000_000,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
});

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('the quota store with account ids such as constructor', () => {
  it('finds each balance under its own account, and none for an account not read yet, after a reload too', async () => {
    // Two of the four accounts have a cached balance.
    const known = ['__proto__', 'hasOwnProperty'];
    fake.override('quota:snapshot', () =>
      Promise.resolve(ok(fromJson(known.map((id, i) => view(id, 1_000 * (i + 1)))))),
    );
    for (let load = 0; load < 2; load++) {
      setActivePinia(createPinia()); // the second pass is the page loaded again
      const quota = useQuotaStore();
      await quota.hydrate();
      expect(IDS.map((id) => quota.balanceOf(id)?.remainingUnits ?? null)).toEqual([null, null, 1_000, 2_000]);
      expect(quota.historyOf('constructor')).toBeNull();
    }
  });

  it('reloads the history of the account shown only, whatever the other accounts are called', async () => {
    const quota = useQuotaStore();
    await quota.loadHistory('constructor');
    fake.calls.length = 0;
    for (const id of IDS) fake.emit('quota:updated', fromJson(view(id, 5)));
    await nextTick();
    expect(fake.callsTo('quota:history')).toEqual([{ accountId: 'constructor' }]);
    expect(IDS.map((id) => quota.balanceOf(id)?.remainingUnits)).toEqual([5, 5, 5, 5]);
  });
});

describe('the spend card of an account called constructor', () => {
  it('says no figures are known yet while the account’s top spenders have not come', async () => {
    const settings: SpendSettings = { trackedAccountIds: [...IDS], dailyCaps: {} };
    fake.override('spend:settings', () => Promise.resolve(ok(fromJson(settings))));
    // The card's own read of the top spenders has not answered yet.
    const top = deferred<Result<readonly KeySpendView[]>>();
    fake.override('spend:top', () => top.promise);
    await useSpendStore().loadSettings();
    const i18n = createAppI18n('en-US');
    const w = mount(
      {
        render: () =>
          h(NConfigProvider, null, () => h(SpendCard, { accountId: 'constructor', money: (units) => `${units}` })),
      },
      { global: { plugins: [i18n] } },
    );
    await nextTick();
    expect(w.find('[data-testid=spend-none]').exists()).toBe(true);
    expect(w.find('[data-testid=spend-top]').exists()).toBe(false);
    top.resolve(ok([]));
    w.unmount();
  });
});
