// Search pattern rules of spec 4.4, checked before a request is sent: exact without %, fuzzy with at most two %
// and at least two other characters. Messages match the gateway's own ("token search failed: ...").

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
const MAX_WILDCARDS = 2;
const MIN_FUZZY_CHARS = 2;
// Control characters and U+FFFD (a decoding accident) are what the gateway calls "special characters".
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const SPECIAL = /[\u0000-\u001f\u007f\ufffd]/;

export const isFuzzy = (pattern: string): boolean => pattern.includes('%');

/** The value as it goes on the wire: `token` loses its sk- prefix (keys travel without it). */
export function wireValue(field: SearchField, value: string): string {
  return field === 'token' ? value.replace(/^sk-/, '') : value;
}

/** One pattern against the rules; undefined when it may be sent. An empty pattern means "no filter". */
export function checkSearchPattern(field: SearchField, raw: string): SearchRuleViolation | undefined {
  const value = wireValue(field, raw);
  if (value === '') return undefined;
  if (SPECIAL.test(value) || hasLoneSurrogate(value)) {
    return { field, message: `${SEARCH_FAILED}: invalid characters in ${field}` };
  }
  const wildcards = value.split('%').length - 1;
  if (wildcards === 0) return undefined;
  if (wildcards > MAX_WILDCARDS) {
    return { field, message: `${SEARCH_FAILED}: at most ${MAX_WILDCARDS} % wildcards are allowed in ${field}` };
  }
  // Characters, not UTF-16 units: a group or key name may be Chinese or emoji.
  if (Array.from(value.replaceAll('%', '')).length < MIN_FUZZY_CHARS) {
    return { field, message: `${SEARCH_FAILED}: ${field} needs at least ${MIN_FUZZY_CHARS} characters besides %` };
  }
  return undefined;
}

/** Both fields; the first violation, or undefined. */
export function checkSearchQuery(query: SearchQuery): SearchRuleViolation | undefined {
  return (
    (query.keyword === undefined ? undefined : checkSearchPattern('keyword', query.keyword)) ??
    (query.token === undefined ? undefined : checkSearchPattern('token', query.token))
  );
}

// A lone surrogate cannot be UTF-8 encoded: encodeURIComponent would throw, the server would see bad encoding.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);
