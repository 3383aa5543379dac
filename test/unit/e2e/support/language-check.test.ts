// The e2e language check's rules on their own: what counts as an English sentence in zh-CN and as Chinese in en-US,
// and what may stay as it is (key names, URLs, model ids, scopes, HTTP codes).
import { describe, expect, it } from 'vitest';
import { hasChinese, hasEnglishPunctuation, isEnglishSentence } from '../../../e2e/support/language-check';

describe('isEnglishSentence', () => {
  it.each([
    'The vault passphrase has not been entered',
    'A passphrase protects the vault',
    'Could not reach http://127.0.0.1:9: TypeError',
    '无法连接：Could not reach the gateway',
    'Please Input',
    'not found',
  ])('finds a sentence in “%s”', (text) => {
    expect(isEnglishSentence(text)).toBe(true);
  });

  it.each([
    '网关拒绝了这些凭据。',
    'Alice Chen',
    'Alice key',
    'gpt-4o-mini',
    'bulk-001 · expired-key',
    '无法连接 http://127.0.0.1:9（ECONNREFUSED）。',
    '缺少 api_key:write 权限',
    'Keydesk',
    'HTTP 404',
    'sk-Zq3v**********sT6u',
    '余额 ¥120.00 · Alice',
  ])('lets “%s” pass', (text) => {
    expect(isEnglishSentence(text)).toBe(false);
  });
});

describe('hasChinese', () => {
  it('finds Chinese anywhere in a text and nothing in English', () => {
    expect(hasChinese('Balance 余额')).toBe(true);
    expect(hasChinese('The gateway refused these credentials.')).toBe(false);
  });
});

describe('hasEnglishPunctuation', () => {
  it('finds an ASCII colon after Chinese, and lets the full-width one and addresses pass', () => {
    expect(hasEnglishPunctuation('原因: 在 D-Bus 上找不到 Secret Service。')).toBe(true);
    expect(hasEnglishPunctuation('上次检查:2026年11月20日')).toBe(true);
    expect(hasEnglishPunctuation('原因：在 D-Bus 上找不到 Secret Service。')).toBe(false);
    expect(hasEnglishPunctuation('无法连接 http://127.0.0.1:9（ECONNREFUSED）。')).toBe(false);
    expect(hasEnglishPunctuation('缺少 api_key:write 权限')).toBe(false);
  });
});
