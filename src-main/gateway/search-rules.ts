// Search pattern rules (new-api model/token.go, stricter than spec 4.4), checked before a request is sent: exact
// without %, fuzzy with at most two %, never `%%`, and at least two bytes besides %. The rule itself lives in
// src-shared/rules/key-rules.ts, shared with the renderer; this file words the refusal like the gateway does.
import {
  MAX_WILDCARDS,
  MIN_FUZZY_BYTES,
  searchPatternProblem,
  type SearchRuleReason,
} from '../../src-shared/rules/key-rules';

export type SearchField = 'keyword' | 'token';

export interface SearchQuery {
  /** Matches the key name. */
  readonly keyword?: string;
  /** Matches the key value; an `sk-` prefix is accepted and removed before sending. */
  readonly token?: string;
}

export interface SearchRuleViolation {
  readonly field: SearchField;
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

export const isFuzzy = (pattern: string): boolean => pattern.includes('%');

/** The value as it goes on the wire: `token` loses its sk- prefix (keys travel without it). */
export function wireValue(field: SearchField, value: string): string {
  return field === 'token' ? value.replace(/^sk-/, '') : value;
}

/** One pattern against the rules; undefined when it may be sent. An empty pattern means "no filter". */
export function checkSearchPattern(field: SearchField, raw: string): SearchRuleViolation | undefined {
  const reason = searchPatternProblem(wireValue(field, raw));
  return reason === undefined ? undefined : { field, message: `${SEARCH_FAILED}: ${REASONS[reason](field)}` };
}

/** Both fields; the first violation, or undefined. */
export function checkSearchQuery(query: SearchQuery): SearchRuleViolation | undefined {
  return (
    (query.keyword === undefined ? undefined : checkSearchPattern('keyword', query.keyword)) ??
    (query.token === undefined ? undefined : checkSearchPattern('token', query.token))
  );
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a value matches a checked pattern as an exact or fuzzy search means it: `%` is any run of characters,
 * everything else literal (`_` too, as new-api escapes it). For servers that ignore a search field.
 */
export function matchesSearchPattern(value: string, pattern: string): boolean {
  return new RegExp(`^${pattern.split('%').map(escapeRegExp).join('.*')}$`, 's').test(value);
}
