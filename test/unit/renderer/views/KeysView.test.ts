// @vitest-environment happy-dom
// The keys screen's empty state under a filter: it says that no key matches the filter, not that the account has no
// keys; and the exact-only search cap, told by main's reason whatever the server's words. (The table's virtual
// scroll renders no rows without layout: test/e2e/first-use.spec.ts checks the rows.)
import { mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { fail, ok, type KeyPage, type KeyView } from '../../../../src-shared/contract';
import App from '../../../../src-renderer/src/App.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useKeysStore } from '../../../../src-renderer/src/stores/keys.store';
import { accountView, snapshotOf } from '../account-fixtures';
import { fake } from '../fake-keydesk';
import { keyView } from '../../../support/key-view';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

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

describe('the State filter on the keys screen', () => {
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

describe('the exact-only search cap on the keys screen', () => {
  async function openSearch(): Promise<void> {
    fake.override('accounts:list', () => Promise.resolve(ok(snapshotOf([accountView({ id: 'a' })]))));
    fake.override('keys:list', () => Promise.resolve(ok(page([key(1)]))));
    const router = createAppRouter(createMemoryHistory());
    await router.push('/keys?account=a&q=%25team%25');
    wrapper = mount(App, {
      attachTo: document.body,
      global: { plugins: [createPinia(), createAppI18n('en-US'), router] },
    });
    await router.isReady();
  }

  it("says only exact matches work when main names the cap, though the server's words (new-api's) say no 'search'", async () => {
    fake.override('keys:search', () =>
      Promise.resolve(
        fail({
          code: 'validation',
          reason: 'search.exact_only',
          serverMessage: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符',
          retryable: false,
        }),
      ),
    );
    await openSearch();
    await vi.waitFor(() => {
      expect(document.querySelector('[data-testid=search-cap]')?.textContent).toContain('only exact matches work');
    });
  });

  it('says nothing of the cap for another refusal whose words mention search', async () => {
    fake.override('keys:search', () =>
      Promise.resolve(
        fail({ code: 'validation', serverMessage: 'token search failed: database busy', retryable: false }),
      ),
    );
    await openSearch();
    await vi.waitFor(() => {
      expect(useKeysStore().error?.serverMessage).toContain('database busy');
    });
    expect(document.querySelector('[data-testid=error-alert]')).not.toBeNull();
    expect(document.querySelector('[data-testid=search-cap]')).toBeNull();
  });
});
