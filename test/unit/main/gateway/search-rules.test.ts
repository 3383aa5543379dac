import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSearchPattern,
  checkSearchQuery,
  matchesSearchPattern,
  namedSearchRefusal,
  wireValue,
} from '../../../../src-main/gateway/search-rules';
import { GatewayError } from '../../../../src-main/gateway/errors';

/**
 * new-api's sanitizeLikePattern (model/token.go), restated independently: escape ! and _ with !, refuse %%, at most
 * two %, and with any % at least 2 BYTES left once the % are removed (Go's len counts bytes).
 */
function newApiRefuses(raw: string): boolean {
  const input = raw.replaceAll('!', '!!').replaceAll('_', '!_');
  if (input.includes('%%')) return true;
  const count = input.split('%').length - 1;
  if (count > 2) return true;
  return count > 0 && Buffer.byteLength(input.replaceAll('%', ''), 'utf8') < 2;
}

const alphabet = fc.constantFrom('a', 'B', '7', '%', '_', '!', '-', '名', 'é', '😀', ' ', '\u0001');
const pattern = fc.array(alphabet, { maxLength: 8 }).map((chars) => chars.join(''));

describe('search rules (new-api sanitizeLikePattern)', () => {
  it('accepts exact patterns and well-formed fuzzy ones', () => {
    expect(checkSearchPattern('keyword', 'prod')).toBeUndefined();
    expect(checkSearchPattern('keyword', 'x')).toBeUndefined(); // exact: any length
    expect(checkSearchPattern('keyword', '%pr%')).toBeUndefined();
    expect(checkSearchPattern('keyword', '名字%')).toBeUndefined();
    expect(checkSearchPattern('keyword', '')).toBeUndefined();
  });

  it('refuses three wildcards, and fuzzy patterns with fewer than two bytes besides %', () => {
    expect(checkSearchPattern('keyword', '%a%b%')).toEqual({
      field: 'keyword',
      reason: 'search.too_many_wildcards',
      params: { field: 'keyword', limit: 2 },
    });
    expect(checkSearchPattern('token', '%a%')).toMatchObject({ reason: 'search.too_few_bytes', params: { limit: 2 } });
    expect(checkSearchPattern('keyword', 'a%')?.field).toBe('keyword');
    // Bytes, not characters: one Chinese character (3 bytes) or emoji (4) is enough.
    expect(checkSearchPattern('keyword', '%测%')).toBeUndefined();
    expect(checkSearchPattern('keyword', '%😀%')).toBeUndefined();
    expect(checkSearchPattern('keyword', 'é%')).toBeUndefined();
  });

  it('refuses two wildcards in a row, as the server does (%% is not one wildcard)', () => {
    expect(checkSearchPattern('keyword', '%%prod')?.reason).toBe('search.adjacent_wildcards');
    expect(checkSearchPattern('token', 'sk-ab%%')?.field).toBe('token');
    expect(checkSearchPattern('keyword', '%pr%od')).toBeUndefined();
  });

  it('refuses control characters and lone surrogates (bad encoding)', () => {
    expect(checkSearchPattern('keyword', 'a\u0000b')).toBeDefined();
    expect(checkSearchPattern('keyword', 'ab\ud800')).toBeDefined();
  });

  it('judges the token without its sk- prefix, as it is sent', () => {
    expect(wireValue('token', 'sk-abcd')).toBe('abcd');
    expect(wireValue('keyword', 'sk-abcd')).toBe('sk-abcd');
    expect(checkSearchPattern('token', 'sk-%a%')?.reason).toBe('search.too_few_bytes');
    expect(checkSearchQuery({ keyword: 'ok', token: '%x%x%' })?.field).toBe('token');
    expect(checkSearchQuery({ keyword: '%a%b%c', token: 'fine' })?.field).toBe('keyword');
  });

  it('refuses exactly what new-api refuses (control characters aside, which we refuse first)', () => {
    fc.assert(
      fc.property(fc.constantFrom('keyword' as const, 'token' as const), pattern, (field, raw) => {
        const sent = wireValue(field, raw);
        const ours = checkSearchPattern(field, raw);
        if (sent.includes('\u0001')) expect(ours?.reason).toBe('search.invalid_characters');
        else expect(ours !== undefined, JSON.stringify(sent)).toBe(newApiRefuses(sent));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('matchesSearchPattern (narrowing a server that ignores the key field)', () => {
  it('matches exact patterns whole and % as any run; every other character is literal', () => {
    expect(matchesSearchPattern('abcdef', 'abcdef')).toBe(true);
    expect(matchesSearchPattern('abcdefg', 'abcdef')).toBe(false);
    expect(matchesSearchPattern('abcdef', 'ab%')).toBe(true);
    expect(matchesSearchPattern('abcdef', '%cd%')).toBe(true);
    expect(matchesSearchPattern('abcdef', '%xy%')).toBe(false);
    expect(matchesSearchPattern('a_c', 'a_c')).toBe(true);
    expect(matchesSearchPattern('abc', 'a_c')).toBe(false);
    expect(matchesSearchPattern('a.c', 'a.c')).toBe(true);
    expect(matchesSearchPattern('abc', 'a.c')).toBe(false);
  });
});

describe('namedSearchRefusal (the exact-only cap named by main, never read from text by the screen)', () => {
  const refused = (message: string) => new GatewayError('validation', message, { field: 'keyword' });
  const reasonOf = (error: unknown) =>
    error instanceof GatewayError ? error.toAppError().reason : 'not a gateway error';

  it("names new-api's refusal of a fuzzy search above its key cap, keeping its words and field", () => {
    const named = namedSearchRefusal(refused('令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符'), {
      keyword: '%team%',
    });
    expect(named).toBeInstanceOf(GatewayError);
    expect((named as GatewayError).toAppError()).toMatchObject({
      code: 'validation',
      reason: 'search.exact_only',
      field: 'keyword',
      serverMessage: '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符',
    });
  });

  it("names a server on the spec's wording, for a fuzzy key search too (sk- removed as sent)", () => {
    const spec = refused('token search failed: fuzzy search is not allowed for accounts with more than 100 keys');
    expect(reasonOf(namedSearchRefusal(spec, { token: 'sk-%abcd%' }))).toBe('search.exact_only');
  });

  it('leaves an exact search, another refusal, our own reason and other failures as they came', () => {
    const cap = refused('令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符');
    // An exact search is never refused for the cap: a refusal of one is something else.
    expect(namedSearchRefusal(cap, { keyword: 'team' })).toBe(cap);
    const counting = refused('获取令牌数量失败');
    expect(namedSearchRefusal(counting, { keyword: '%team%' })).toBe(counting);
    const ours = new GatewayError('validation', '', { reason: 'search.too_few_bytes' });
    expect(namedSearchRefusal(ours, { keyword: '%a%' })).toBe(ours);
    const down = new GatewayError('server', 'fuzzy search backend down');
    expect(namedSearchRefusal(down, { keyword: '%team%' })).toBe(down);
    const thrown = new Error('boom');
    expect(namedSearchRefusal(thrown, { keyword: '%team%' })).toBe(thrown);
  });
});
