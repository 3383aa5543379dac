// @vitest-environment happy-dom
// The damaged-data banner: says which file, that it came from a backup one save behind (or from nothing), what may
// be missing, and where the damaged copy is kept; nothing shows when every file was fine.
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../../../src-shared/contract';
import StoreProblemsBanner from '../../../../src-renderer/src/components/StoreProblemsBanner.vue';
import { useAppStore } from '../../../../src-renderer/src/stores/app.store';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

afterEach(() => {
  fake.reset();
});

// AppLayout asks for the problems at start and mounts the banner (a lazy chunk) only when there are some.
const mountBanner = async () => {
  const pinia = createPinia();
  await useAppStore(pinia).loadStoreProblems();
  const wrapper = mount(StoreProblemsBanner, { global: { plugins: [createAppI18n('en-US'), pinia] } });
  await flushPromises();
  return wrapper;
};

describe('store problems banner', () => {
  it('shows nothing when no file was damaged', async () => {
    fake.override('app:storeProblems', () => Promise.resolve(ok([])));
    expect((await mountBanner()).find('[data-testid=store-problems]').exists()).toBe(false);
  });

  it('names the file, what may be missing and the kept copy', async () => {
    fake.override('app:storeProblems', () =>
      Promise.resolve(
        ok([
          {
            store: 'accounts',
            file: 'accounts.json',
            outcome: 'restored_from_backup',
            keptAt: ['/data/accounts.json.corrupt-1700000000000'],
            reason: 'the file is not valid JSON (Unexpected token)',
            cause: 'not_json',
          },
        ]),
      ),
    );
    const text = (await mountBanner()).get('[data-testid=store-problems]').text();
    expect(text).toContain('accounts.json could not be read and was restored from its backup');
    expect(text).toContain('the newest account');
    expect(text).toContain('/data/accounts.json.corrupt-1700000000000');
    // Why, in our words; the parser's own words only quoted beneath.
    expect(text).toContain('Why: the file was not valid JSON.');
    const quoted = (await mountBanner()).get('[data-testid=store-problems] q[data-quoted]');
    expect(quoted.text()).toBe('the file is not valid JSON (Unexpected token)');
  });
});
