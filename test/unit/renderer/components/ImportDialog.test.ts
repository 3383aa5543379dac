// @vitest-environment happy-dom
// The import dialog in both languages: the file line reads "keys.json · All API Hub backup" with its space, and a row
// the site refused shows the site's own words, quoted, beside ours.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type ImportPreview, type Language } from '../../../../src-shared/contract';
import ImportDialog from '../../../../src-renderer/src/components/ImportDialog.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { useImportStore } from '../../../../src-renderer/src/stores/import.store';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const LANGUAGES: readonly Language[] = ['en-US', 'zh-CN'];
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

describe('the import dialog', () => {
  const preview: ImportPreview = {
    previewId: 'p1',
    format: 'all_api_hub',
    rows: [
      {
        row: 1,
        name: 'Relay',
        baseUrl: 'https://relay.example',
        kind: 'access_token',
        userId: 7,
        username: null,
        outcome: 'add',
        reason: null,
      },
    ],
    counts: { add: 1, duplicate: 0, refused: 0 },
  };

  async function open(language: Language): Promise<void> {
    fake.override('import:preview', () => Promise.resolve(ok(preview)));
    const store = useImportStore();
    store.open();
    wrapper = mount(ImportDialog, { attachTo: document.body, global: { plugins: [createAppI18n(language)] } });
    await store.choose(new File(['{}'], 'keys.json'));
    await flushPromises();
  }

  it.each(LANGUAGES)('names the file and the format with a space after the dot (%s)', async (language) => {
    await open(language);
    const line = document.querySelector('.import__file-line')?.textContent ?? '';
    expect(line).toMatch(/keys\.json · All API Hub/);
  });

  it.each(LANGUAGES)('quotes the site’s own words for a row it refused (%s)', async (language) => {
    await open(language);
    fake.override('import:confirm', () =>
      Promise.resolve(
        ok({
          rows: [
            {
              row: 1,
              name: 'Relay',
              status: 'failed',
              error: { code: 'auth.unauthorized', serverMessage: 'User has been banned' },
            },
          ],
          added: 0,
          failed: 1,
          skipped: 0,
        }),
      ),
    );
    await useImportStore().confirm();
    await flushPromises();
    expect(document.querySelector('[data-testid=import-server-words]')?.textContent).toBe('User has been banned');
  });
});
