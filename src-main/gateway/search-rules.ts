// Main's wording of the search pattern rules, checked again before a request is sent. The rules themselves live in
// src-shared/rules/search-rules.ts, shared with the renderer; this file only names the wire fields and names the
// refusal (the renderer words it).
import type { ErrorParams, ErrorReason } from '../../src-shared/contract';
import {
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
