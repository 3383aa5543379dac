// Search pattern rules (new-api model/token.go, stricter than spec 4.4), checked before a request is sent: exact
// without %, fuzzy with at most two %, never `%%`, and at least two bytes besides %. The rule itself lives in
// src-shared/rules/key-rules.ts, shared with the renderer; this file names the refusal (the renderer words it).
import type { ErrorParams, ErrorReason } from '../../src-shared/contract';
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

export const isFuzzy = (pattern: string): boolean => pattern.includes('%');

/** The value as it goes on the wire: `token` loses its sk- prefix (keys travel without it). */
export function wireValue(field: SearchField, value: string): string {
  return field === 'token' ? value.replace(/^sk-/, '') : value;
}

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

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a value matches a checked pattern as an exact or fuzzy search means it: `%` is any run of characters,
 * everything else literal (`_` too, as new-api escapes it). For servers that ignore a search field.
 */
export function matchesSearchPattern(value: string, pattern: string): boolean {
  return new RegExp(`^${pattern.split('%').map(escapeRegExp).join('.*')}$`, 's').test(value);
}
