// The shared search rules: the reasons new-api would refuse a pattern (restated independently here), the sk- prefix
// a key search drops, and main's wording layer giving the same verdict as the form for every pattern.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSearchPattern } from '../../../../src-main/gateway/search-rules';
import {
  MAX_WILDCARDS,
  checkSearch,
  matchesSearchPattern,
  searchWireValue,
} from '../../../../src-shared/rules/search-rules';

/** new-api's sanitizeLikePattern (model/token.go), counted in bytes as Go's len() does. */
function newApiRefuses(sent: string): boolean {
  const input = sent.replaceAll('!', '!!').replaceAll('_', '!_');
  if (input.includes('%%')) return true;
  const count = input.split('%').length - 1;
  if (count > MAX_WILDCARDS) return true;
  return count > 0 && Buffer.byteLength(input.replaceAll('%', ''), 'utf8') < 2;
}

const alphabet = fc.constantFrom('a', 'Z', '9', '%', '_', '!', '-', 's', 'k', '名', 'é', '😀', ' ', '\u0001', '\ud800');
const pattern = fc.array(alphabet, { maxLength: 8 }).map((chars) => chars.join(''));
const target = fc.constantFrom('name' as const, 'key' as const);

describe('checkSearch', () => {
  it('names each reason the gateway refuses for', () => {
    expect(checkSearch('', 'name')).toEqual({ isFuzzy: false });
    expect(checkSearch('x', 'name')).toEqual({ isFuzzy: false });
    expect(checkSearch('%测%', 'name')).toEqual({ isFuzzy: true });
    expect(checkSearch('%a%b%', 'name').reason).toBe('tooManyWildcards');
    expect(checkSearch('%%ab', 'name').reason).toBe('adjacentWildcards');
    expect(checkSearch('%a%', 'name').reason).toBe('tooFewBytes');
    // `_` is escaped to `!_` by the server before it counts: two bytes, so `%_%` passes there and here.
    expect(checkSearch('%_%', 'name').reason).toBeUndefined();
    expect(checkSearch('a\u0000b', 'name').reason).toBe('invalidCharacters');
    expect(checkSearch('a\ufffd', 'key').reason).toBe('invalidCharacters');
  });

  it('refuses exactly what new-api refuses, judging a key search without its sk- prefix', () => {
    fc.assert(
      fc.property(pattern, target, (raw, field) => {
        const sent = searchWireValue(raw, field);
        const check = checkSearch(raw, field);
        expect(check.isFuzzy).toBe(sent.includes('%'));
        if (sent.includes('\u0001') || sent.includes('\ud800')) expect(check.reason).toBe('invalidCharacters');
        else expect(check.reason !== undefined, JSON.stringify(sent)).toBe(newApiRefuses(sent));
      }),
      { numRuns: 2000 },
    );
  });

  it('drops sk- only from a key search, and only at the start', () => {
    expect(searchWireValue('sk-abc', 'key')).toBe('abc');
    expect(searchWireValue('sk-abc', 'name')).toBe('sk-abc');
    expect(searchWireValue('xsk-abc', 'key')).toBe('xsk-abc');
    expect(checkSearch('sk-a%', 'key').reason).toBe('tooFewBytes');
    expect(checkSearch('sk-a%', 'name').reason).toBeUndefined();
  });

  it("gives main's wording layer the same verdict and reason as the form, for any pattern", () => {
    fc.assert(
      fc.property(pattern, target, (raw, field) => {
        const ours = checkSearch(raw, field);
        const main = checkSearchPattern(field === 'key' ? 'token' : 'keyword', raw);
        // Main names the same rule as a reason the renderer words: tooFewBytes → search.too_few_bytes.
        const named = ours.reason?.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        expect(main?.reason).toBe(named === undefined ? undefined : `search.${named}`);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('matchesSearchPattern', () => {
  const literal = fc.string({ maxLength: 12 }).filter((s) => !s.includes('%'));

  it('matches an exact pattern only with the whole value, and % as any run of characters', () => {
    fc.assert(
      fc.property(literal, literal, literal, (before, middle, after) => {
        const value = `${before}${middle}${after}`;
        expect(matchesSearchPattern(value, value)).toBe(true);
        expect(matchesSearchPattern(value, `%${middle}%`)).toBe(true);
        expect(matchesSearchPattern(value, `${before}%`)).toBe(true);
        expect(matchesSearchPattern(`${value}x`, value)).toBe(false);
      }),
    );
    // Regular-expression characters and the server's own escape characters are literal.
    expect(matchesSearchPattern('a.c', 'abc')).toBe(false);
    expect(matchesSearchPattern('abc', 'a.c')).toBe(false);
    expect(matchesSearchPattern('a_c', 'abc')).toBe(false);
  });
});
