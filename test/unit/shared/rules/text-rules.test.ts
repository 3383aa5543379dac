// How text from a file or a server is echoed: every control character, reordering mark and lone surrogate written as
// a plain-ASCII escape (\n, \t, \r, \u{1B}) that every font has, nothing of them left raw; and the page reads the
// escapes back apart from the text's own backslashes, so what it shows is exactly what the file held.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  echoParts,
  echoText,
  hasControlCharacters,
  plainName,
  visibleControls,
} from '../../../../src-shared/rules/text-rules';

/** What the page shows, read back into the characters they stand for. */
const readBack = (echoed: string): string =>
  echoParts(echoed)
    .map((part) => {
      if (!part.isEscape) return part.text;
      const named = { '\\n': '\n', '\\t': '\t', '\\r': '\r' }[part.text];
      return named ?? String.fromCharCode(Number.parseInt(part.text.slice(3, -1), 16));
    })
    .join('');

// eslint-disable-next-line no-control-regex -- what must never be echoed raw
const RAW = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
/** Only ASCII and the text's own printable characters: none of the Unicode control pictures (␀–␡). */
const PICTURES = /[\u2400-\u2426]/u;

describe('visibleControls', () => {
  it('writes line breaks, tabs and escapes as ASCII escapes', () => {
    expect(visibleControls('Two\nlines\tand\r')).toBe('Two\\nlines\\tand\\r');
    expect(visibleControls('Title\u001b]0;pwned\u0007')).toBe('Title\\u{1B}]0;pwned\\u{7}');
    expect(visibleControls('\u202eevil\u009b')).toBe('\\u{202E}evil\\u{9B}');
    expect(visibleControls('lone \ud800 half')).toBe('lone \\u{D800} half');
    expect(visibleControls('emoji 😀 and 生产')).toBe('emoji 😀 and 生产');
  });

  it('keeps a backslash as it is, doubled only where it would read as an escape', () => {
    expect(visibleControls('C:\\keys\\prod')).toBe('C:\\keys\\prod');
    expect(visibleControls('literally \\n')).toBe('literally \\\\n');
    expect(visibleControls('slash then break \\\n')).toBe('slash then break \\\\\\n');
    expect(echoParts(visibleControls('a\\nb\nc'))).toEqual([
      { text: 'a\\nb', isEscape: false },
      { text: '\\n', isEscape: true },
      { text: 'c', isEscape: false },
    ]);
  });

  it('for any text, leaves nothing raw, draws no control picture, and reads back exactly (property)', () => {
    // Backslashes and the letters of escapes, any UTF-16 unit (lone surrogates and controls too), astral characters.
    const unit = fc.oneof(
      fc.constantFrom('\\', 'n', 't', 'u', '{', '}', '1B'),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
    );
    const text = fc.array(unit, { maxLength: 40 }).map((units) => units.join(''));
    fc.assert(
      fc.property(text, (raw) => {
        const echoed = visibleControls(raw);
        expect(echoed).not.toMatch(RAW);
        if (!PICTURES.test(raw)) expect(echoed).not.toMatch(PICTURES);
        expect(readBack(echoed)).toBe(raw);
      }),
      { numRuns: 2_000 },
    );
  });

  it('cuts a long text without splitting a pair, and echoes the cut part the same way', () => {
    expect(echoText('ab\ncd', 3)).toBe('ab\\n…');
    expect(echoText('a😀b', 2)).toBe('a…');
  });
});

describe('plainName', () => {
  it('drops control and reordering characters, makes white space one space, and cuts by code point', () => {
    expect(plainName('  fake\u001b[31m\tagent\u202e \u0085 1.0 ', 80)).toBe('fake[31m agent 1.0');
    expect(plainName('ab\ud800cd', 80)).toBe('abcd');
    expect(plainName('😀'.repeat(5), 3)).toBe('😀😀😀');
  });

  it('never leaves a control character, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 0, max: 50 }), (text, max) => {
        const kept = plainName(text, max);
        expect(hasControlCharacters(kept)).toBe(false);
        expect(Array.from(kept).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});
