// @vitest-environment happy-dom
// A wrong backup passphrase says what to type (the passphrase the backup was made with), not "Correct the marked
// field", in both languages.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../src-shared/contract';
import ErrorAlert from '../../../../src-renderer/src/components/ErrorAlert.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

const LANGUAGES: readonly Language[] = ['en-US', 'zh-CN'];

describe('a wrong backup passphrase', () => {
  it.each(LANGUAGES)('says to type the backup’s own passphrase, not to correct a marked field (%s)', (language) => {
    const w = mount(ErrorAlert, {
      props: { error: { code: 'validation', reason: 'backup.wrong_passphrase' } },
      global: { plugins: [createAppI18n(language)] },
    });
    expect(w.text()).not.toMatch(/Correct the marked field|请修正标出的字段/);
    expect(w.text()).toContain(
      language === 'en-US' ? 'Type the passphrase this backup was made with' : '创建该备份时使用的口令',
    );
  });
});
