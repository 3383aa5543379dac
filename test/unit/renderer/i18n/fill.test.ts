// Row messages filled from per-language templates say exactly what t() says, in each language, whatever the values
// hold (a "$" or braces in a key's name are text, not patterns), and a language's template is not used for another.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../../src-shared/contract';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { fillMessage, type MessageKey } from '../../../../src-renderer/src/i18n/fill';

const CASES: [MessageKey, Record<string, string | number>][] = [
  ['keys.selectRow', { name: 'prod $& {name} key' }],
  ['keys.meter.of', { amount: '$6.32' }],
  ['keys.meter.used', { amount: '¥3.00' }],
  ['keys.meter.overGranted', { amount: '-$1.00' }],
  ['keys.meter.unitsHint', { remain: 500_000, used: 0 }],
  ['keys.meter.label', {}],
  ['keys.meter.unknown', {}],
];

describe('fillMessage', () => {
  it.each(LANGUAGES)('matches t() in %s, called again with other values', (language) => {
    const { t } = createAppI18n(language).global;
    for (const [key, values] of CASES) {
      expect(fillMessage(t, language, key, values)).toBe(t(key, values));
      const other = Object.fromEntries(Object.keys(values).map((name) => [name, `${name}-2`]));
      expect(fillMessage(t, language, key, other)).toBe(t(key, other));
    }
  });

  it('keeps each language its own template', () => {
    const en = createAppI18n('en-US').global.t;
    const zh = createAppI18n('zh-CN').global.t;
    const values = { amount: '$1' };
    expect(fillMessage(en, 'en-US', 'keys.meter.of', values)).toBe('of $1');
    expect(fillMessage(zh, 'zh-CN', 'keys.meter.of', values)).toBe(zh('keys.meter.of', values));
    expect(fillMessage(zh, 'zh-CN', 'keys.meter.of', values)).not.toBe('of $1');
  });
});
