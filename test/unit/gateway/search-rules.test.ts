import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSearchPattern, checkSearchQuery, wireValue } from '../../../src-main/gateway/search-rules';
// The emulator implements spec 4.4 independently; agreeing with it is "the same message the server gives".
import { buildMatcher } from '../../gateway/search';

const alphabet = fc.constantFrom('a', 'B', '7', '%', '_', '-', '名', '😀', ' ', '\u0001');
const pattern = fc.array(alphabet, { maxLength: 8 }).map((chars) => chars.join(''));

describe('search rules (spec 4.4)', () => {
  it('accepts exact patterns and well-formed fuzzy ones', () => {
    expect(checkSearchPattern('keyword', 'prod')).toBeUndefined();
    expect(checkSearchPattern('keyword', 'x')).toBeUndefined(); // exact: any length
    expect(checkSearchPattern('keyword', '%pr%')).toBeUndefined();
    expect(checkSearchPattern('keyword', '名字%')).toBeUndefined();
    expect(checkSearchPattern('keyword', '')).toBeUndefined();
  });

  it('refuses three wildcards, and fuzzy patterns with fewer than two other characters', () => {
    expect(checkSearchPattern('keyword', '%a%b%')?.message).toBe(
      'token search failed: at most 2 % wildcards are allowed in keyword',
    );
    expect(checkSearchPattern('token', '%a%')?.message).toBe(
      'token search failed: token needs at least 2 characters besides %',
    );
    expect(checkSearchPattern('keyword', '%😀%')?.field).toBe('keyword');
    expect(checkSearchPattern('keyword', '%😀😀%')).toBeUndefined(); // characters, not UTF-16 units
  });

  it('refuses control characters and lone surrogates (bad encoding)', () => {
    expect(checkSearchPattern('keyword', 'a\u0000b')).toBeDefined();
    expect(checkSearchPattern('keyword', 'ab\ud800')).toBeDefined();
  });

  it('judges the token without its sk- prefix, as it is sent', () => {
    expect(wireValue('token', 'sk-abcd')).toBe('abcd');
    expect(wireValue('keyword', 'sk-abcd')).toBe('sk-abcd');
    expect(checkSearchPattern('token', 'sk-%a%')?.message).toContain('at least 2');
    expect(checkSearchQuery({ keyword: 'ok', token: '%%%' })?.field).toBe('token');
    expect(checkSearchQuery({ keyword: '%a%b%c', token: 'fine' })?.field).toBe('keyword');
  });

  it('refuses exactly what the gateway refuses, with the same message', () => {
    fc.assert(
      fc.property(fc.constantFrom('keyword' as const, 'token' as const), pattern, (field, raw) => {
        const server = buildMatcher(field, raw, true, 1000);
        const ours = checkSearchPattern(field, raw);
        if (typeof server === 'string') expect(ours?.message).toBe(server);
        else expect(ours).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });
});
