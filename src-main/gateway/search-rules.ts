// Main's wording of the search pattern rules, checked again before a request is sent, and the narrowing of what a
// server's search answered to what the pattern means. The rules themselves live in src-shared/rules/search-rules.ts,
// shared with the renderer; this file names the wire fields and the refusal (the renderer words it).
import type { ErrorParams, ErrorReason } from '../../src-shared/contract';
import type { Page } from './compat';
import { GatewayError } from './errors';
import {
  matchesSearchPattern,
  MAX_WILDCARDS,
  MIN_FUZZY_BYTES,
  isFuzzyPattern,
  searchPatternProblem,
  searchWireValue,
  type SearchRuleReason,
} from '../../src-shared/rules/search-rules';

export { matchesSearchPattern } from '../../src-shared/rules/search-rules';

export type SearchField = 'keyword' | 'token';

export interface SearchQuery {
  /** Matches the key name. */
  readonly keyword?: string;
  /** Matches the key value; an `sk-` prefix is accepted and removed before sending. */
  readonly token?: string;
}

export interface SearchRuleViolation {
  readonly field: SearchField;
  readonly reason: ErrorReason;
  readonly params: ErrorParams;
}

const REASONS: Readonly<Record<SearchRuleReason, ErrorReason>> = {
  invalidCharacters: 'search.invalid_characters',
  adjacentWildcards: 'search.adjacent_wildcards',
  tooManyWildcards: 'search.too_many_wildcards',
  tooFewBytes: 'search.too_few_bytes',
};

/** The limit a rule's sentence names, beside the field. */
const LIMITS: Readonly<Partial<Record<SearchRuleReason, number>>> = {
  tooManyWildcards: MAX_WILDCARDS,
  tooFewBytes: MIN_FUZZY_BYTES,
};

export const isFuzzy = isFuzzyPattern;

/** The value as it goes on the wire: `token` loses its sk- prefix (keys travel without it). */
export const wireValue = (field: SearchField, value: string): string =>
  searchWireValue(value, field === 'token' ? 'key' : 'name');

/** One pattern against the rules; undefined when it may be sent. An empty pattern means "no filter". */
export function checkSearchPattern(field: SearchField, raw: string): SearchRuleViolation | undefined {
  const reason = searchPatternProblem(wireValue(field, raw));
  if (reason === undefined) return undefined;
  const limit = LIMITS[reason];
  return { field, reason: REASONS[reason], params: limit === undefined ? { field } : { field, limit } };
}

/** Both fields; the first violation, or undefined. */
export function checkSearchQuery(query: SearchQuery): SearchRuleViolation | undefined {
  return (
    (query.keyword === undefined ? undefined : checkSearchPattern('keyword', query.keyword)) ??
    (query.token === undefined ? undefined : checkSearchPattern('token', query.token))
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The exact-only cap

/**
 * Above a number of keys per account a server answers a fuzzy search only with a refusal (spec 4.4 names the cap but
 * neither its value nor its words). new-api says "令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符" (QuantumNous/new-api
 * model/token.go, SearchUserTokens, commit ec1c642bf82adc412bb378f8d781141633b34b5d). For a server on the spec alone
 * the words are unknown: one that names the fuzzy or exact search is taken at its word (the emulator's spec profile
 * says "fuzzy search is not allowed …"). Only main reads those words: the renderer gets the reason.
 */
const EXACT_ONLY = /仅允许精确搜索|令牌数量超过上限|fuzzy|exact/i;

const isFuzzyQuery = (query: SearchQuery): boolean =>
  (query.keyword !== undefined && isFuzzyPattern(wireValue('keyword', query.keyword))) ||
  (query.token !== undefined && isFuzzyPattern(wireValue('token', query.token)));

/**
 * A server's refusal of a fuzzy search that its words say is the exact-only cap, named `search.exact_only` (the
 * screen then says to drop the %); any other failure is returned as it came.
 */
export function namedSearchRefusal(error: unknown, query: SearchQuery): unknown {
  if (!(error instanceof GatewayError) || error.code !== 'validation' || error.details.reason !== undefined)
    return error;
  if (!isFuzzyQuery(query) || !EXACT_ONLY.test(error.serverMessage)) return error;
  return new GatewayError('validation', error.serverMessage, { ...error.details, reason: 'search.exact_only' });
}

// ---------------------------------------------------------------------------------------------------------------
// Narrowing what a server answered to what the pattern means

/**
 * A name search as the user meant it. one-api searches `name LIKE 'x%'` (a prefix: `alpha` also finds
 * `alpha-backup`) and early new-api `LIKE '%x%'`, both with `_` as a wildcard: what they answer is narrowed to the
 * names the pattern matches as new-api and the spec match them (exact without %, `%` any run, `_` literal).
 */
export function keepNamesMatching<T extends { name: string }>(page: Page<T>, keyword: string): Page<T> {
  const pattern = wireValue('keyword', keyword);
  const items = page.items.filter((k) => matchesSearchPattern(k.name, pattern));
  // Fewer than the server counted: its total no longer says how many match.
  return items.length === page.items.length ? page : { ...page, items, total: null };
}

/**
 * one-api's search has no key field (`name LIKE keyword%` only, model/token.go): asked for a key, it answers every
 * key. Results that carry whole keys are narrowed here by the key pattern, as the servers that search keys would;
 * masked results were matched by the server and are kept as they are.
 */
export function keepKeysMatching<T extends { key: string; isMasked: boolean }>(page: Page<T>, token: string): Page<T> {
  const pattern = wireValue('token', token);
  if (page.items.some((k) => k.isMasked)) return page;
  const items = page.items.filter((k) => matchesSearchPattern(wireValue('token', k.key), pattern));
  return { ...page, items, total: page.total === null ? null : items.length };
}
