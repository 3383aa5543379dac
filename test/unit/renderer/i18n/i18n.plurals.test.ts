// Counts in messages go through vue-i18n plurals in both languages: "Key disabled." for one and "3 keys disabled."
// for three, never "key(s)".
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

describe('counts through vue-i18n plurals, in both languages', () => {
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
