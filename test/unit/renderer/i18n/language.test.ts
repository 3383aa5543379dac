// Language resolution: the user's choice wins; otherwise zh* system languages get zh-CN and the rest en-US.
import { describe, expect, it } from 'vitest';
import { languageFromSystem, resolveLanguage } from '../../../../src-renderer/src/i18n/language';

describe('languageFromSystem', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
    ['en-US', 'en-US'],
    ['en-GB', 'en-US'],
    ['ja-JP', 'en-US'],
    ['fr', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ] as const)('%s → %s', (tag, expected) => {
    expect(languageFromSystem(tag)).toBe(expected);
  });
});

describe('resolveLanguage', () => {
  it('follows the system while nothing is chosen', () => {
    expect(resolveLanguage(null, 'zh-CN')).toBe('zh-CN');
    expect(resolveLanguage(null, 'de-DE')).toBe('en-US');
  });

  it('prefers the chosen language over the system one', () => {
    expect(resolveLanguage('en-US', 'zh-CN')).toBe('en-US');
    expect(resolveLanguage('zh-CN', 'en-US')).toBe('zh-CN');
  });
});
