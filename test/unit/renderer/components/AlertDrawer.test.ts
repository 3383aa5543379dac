// @vitest-environment happy-dom
// An alert's account link opens the account the alert is about (/account?account=<its account>), not the account
// that happens to be active.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { ok, type AlertView } from '../../../../src-shared/contract';
import App from '../../../../src-renderer/src/App.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);

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

describe('an alert’s account link opens the account it is about', () => {
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
