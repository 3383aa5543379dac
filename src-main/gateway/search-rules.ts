// Main's wording of the search pattern rules, checked again before a request is sent. The rules themselves live in
// src-shared/rules/search-rules.ts, shared with the renderer; this file only names the wire fields and words the
// refusal like the gateway does.
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
  /** Why, as a code the renderer can word (the message below is the gateway-style sentence kept for logs). */
  readonly reason: SearchRuleReason;
  readonly message: string;
}

const SEARCH_FAILED = 'token search failed';

const REASONS: Readonly<Record<SearchRuleReason, (field: SearchField) => string>> = {
  invalidCharacters: (field) => `invalid characters in ${field}`,
  adjacentWildcards: (field) => `consecutive % wildcards (%%) are not allowed in ${field}`,
  tooManyWildcards: (field) => `at most ${MAX_WILDCARDS} % wildcards are allowed in ${field}`,
  tooFewBytes: (field) =>
    `${field} needs at least ${MIN_FUZZY_BYTES} bytes besides % (one Chinese character is enough, one letter is not)`,
};

export const isFuzzy = isFuzzyPattern;

/** The value as it goes on the wire: `token` loses its sk- prefix (keys travel without it). */
export const wireValue = (field: SearchField, value: string): string =>
  searchWireValue(value, field === 'token' ? 'key' : 'name');

/** One pattern against the rules; undefined when it may be sent. An empty pattern means "no filter". */
export function checkSearchPattern(field: SearchField, raw: string): SearchRuleViolation | undefined {
  const reason = searchPatternProblem(wireValue(field, raw));
  return reason === undefined ? undefined : { field, reason, message: `${SEARCH_FAILED}: ${REASONS[reason](field)}` };
}

/** Both fields; the first violation, or undefined. */
export function checkSearchQuery(query: SearchQuery): SearchRuleViolation | undefined {
  return (
    (query.keyword === undefined ? undefined : checkSearchPattern('keyword', query.keyword)) ??
    (query.token === undefined ? undefined : checkSearchPattern('token', query.token))
  );
}
