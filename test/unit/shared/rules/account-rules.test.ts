// The shared account label rule: stored trimmed, 1 to MAX_LABEL characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LABEL, checkLabel } from '../../../../src-shared/rules/account-rules';

describe('checkLabel', () => {
  it('trims, and refuses an empty label or one past the limit', () => {
    expect(checkLabel('  Work  ')).toEqual({ ok: true, label: 'Work' });
    expect(checkLabel('   ')).toEqual({ ok: false, problem: 'required' });
    expect(checkLabel('x'.repeat(MAX_LABEL))).toEqual({ ok: true, label: 'x'.repeat(MAX_LABEL) });
    expect(checkLabel(` ${'x'.repeat(MAX_LABEL)} `).ok).toBe(true);
    expect(checkLabel('x'.repeat(MAX_LABEL + 1))).toEqual({ ok: false, problem: 'tooLong' });
  });

  it('accepts exactly the labels of 1 to MAX_LABEL characters once trimmed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: MAX_LABEL + 10 }), (text) => {
        const trimmed = text.trim();
        const checked = checkLabel(text);
        expect(checked.ok).toBe(trimmed.length >= 1 && trimmed.length <= MAX_LABEL);
        if (checked.ok) expect(checked.label).toBe(trimmed);
      }),
    );
  });
});
