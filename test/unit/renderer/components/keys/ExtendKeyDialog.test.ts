// @vitest-environment happy-dom
// Extend from "Expiring soon" (and its alert): a key that still works gets "Extend “name”", not "Extend and enable";
// its choices say the date each gives, counted from the key's current end; only the expiry is written (a disabled
// key stays disabled), and the success says until when — never "Key enabled." — in both languages.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { NMessageProvider } from 'naive-ui';
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { ok, type KeyView, type Language } from '../../../../../src-shared/contract';
import ExtendKeyDialog from '../../../../../src-renderer/src/components/keys/ExtendKeyDialog.vue';
import { exactTime } from '../../../../../src-renderer/src/components/keys/relative-date';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { keyView } from '../../../../support/key-view';
import { fake } from '../../fake-keydesk';

vi.mock('../../../../../src-renderer/src/bridge', async () => ({
  keydesk: (await import('../../fake-keydesk')).fake.api,
}));

const DAY = 86_400;
const nowSec = Math.floor(Date.now() / 1000);
let wrapper: VueWrapper | undefined;

async function open(key: KeyView, language: Language): Promise<void> {
  const Host = defineComponent(() => () => h(NMessageProvider, () => [h(ExtendKeyDialog, { show: true, item: key })]));
  wrapper = mount(Host, { attachTo: document.body, global: { plugins: [createAppI18n(language), createPinia()] } });
  await vi.waitFor(() => {
    expect(document.querySelector('[data-testid=extend-key]')).not.toBeNull();
  });
}

beforeEach(() => {
  fake.reset();
});
afterEach(() => {
  wrapper?.unmount();
  wrapper = undefined;
  document.body.innerHTML = '';
});

describe('Extend a key that still works', () => {
  it.each([
    ['en-US', 'Extend “staging”', 'Key extended until', 'Key enabled'],
    ['zh-CN', '延长“staging”', '密钥已延长至', '已启用'],
  ] as const)(
    'in %s: its own title and dates, only the expiry written, said as extended',
    async (language, title, done, enabled) => {
      const end = nowSec + 2 * DAY;
      // A disabled key expiring soon: extending it must not turn it on.
      const key = keyView({ id: 8, name: 'staging', state: 'disabled', status: 2, expiredTime: end });
      fake.override('keys:update', (args) =>
        Promise.resolve(
          ok({
            key: { ...key, expiredTime: (args as { edits: { expiredTime: number } }).edits.expiredTime },
            changed: ['expiredTime'],
            mismatches: [],
          }),
        ),
      );
      await open(key, language);
      const text = document.body.textContent;
      expect(text).toContain(title);
      expect(text).not.toMatch(/Extend and enable|延长并启用/);
      const choices = [...document.querySelectorAll('[data-testid=extend-key-choice]')].map((c) => c.textContent);
      expect(choices[0]).toContain(exactTime(end + 7 * DAY, language));
      expect(choices[1]).toContain(exactTime(end + 30 * DAY, language));
      document.querySelector<HTMLButtonElement>('[data-testid=extend-key-submit]')?.click();
      await flushPromises();
      expect(fake.callsTo('keys:update')).toEqual([
        { accountId: key.accountId, id: 8, edits: { expiredTime: end + 30 * DAY } },
      ]);
      expect(fake.callsTo('keys:extendAndEnable')).toEqual([]);
      await vi.waitFor(() => {
        expect(document.body.textContent).toContain(done);
      });
      expect(document.body.textContent).not.toContain(enabled);
    },
  );
});
