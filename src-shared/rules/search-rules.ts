// Search pattern rules (new-api model/token.go sanitizeLikePattern, stricter than spec 4.4): exact without %, fuzzy
// with at most two %, never `%%`, and at least two bytes besides %. Checked as the user types and again by main
// before a request is sent; each side words the refusal its own way from the reason given here.
import { utf8Bytes } from './key-rules';

/** Which field a search matches: the key's name, or the key itself. */
export type SearchTarget = 'name' | 'key';

export type SearchRuleReason = 'invalidCharacters' | 'adjacentWildcards' | 'tooManyWildcards' | 'tooFewBytes';

export const MAX_WILDCARDS = 2;
/** Bytes, as the server counts them: `%测%` (3 bytes) is a valid fuzzy search, `%a%` is not. */
export const MIN_FUZZY_BYTES = 2;
/** The longest pattern main accepts across the bridge (characters). */
export const MAX_SEARCH_PATTERN_CHARS = 200;

// Control characters and U+FFFD (a decoding accident) are what the gateway calls "special characters".
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const SPECIAL = /[\u0000-\u001f\u007f\ufffd]/;
// A lone surrogate cannot be UTF-8 encoded: encodeURIComponent would throw, the server would see bad encoding.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const countWildcards = (pattern: string): number => pattern.split('%').length - 1;

export const isFuzzyPattern = (pattern: string): boolean => pattern.includes('%');

/** The pattern as it goes on the wire: a key search loses its sk- prefix (keys travel without it). */
export const searchWireValue = (pattern: string, target: SearchTarget): string =>
  target === 'key' ? pattern.replace(/^sk-/, '') : pattern;

/**
 * Why the server would refuse a search pattern (already stripped of sk- for key searches), or undefined. The
 * server escapes `!` and `_` with a `!` before it counts what is left, so those count twice, as there.
 */
export function searchPatternProblem(pattern: string): SearchRuleReason | undefined {
  if (pattern === '') return undefined;
  if (SPECIAL.test(pattern) || LONE_SURROGATE.test(pattern)) return 'invalidCharacters';
  if (pattern.includes('%%')) return 'adjacentWildcards';
  const wildcards = countWildcards(pattern);
  if (wildcards > MAX_WILDCARDS) return 'tooManyWildcards';
  if (wildcards > 0) {
    const escaped = pattern.replaceAll('!', '!!').replaceAll('_', '!_');
    if (utf8Bytes(escaped.replaceAll('%', '')) < MIN_FUZZY_BYTES) return 'tooFewBytes';
  }
  return undefined;
}

export interface SearchCheck {
  readonly isFuzzy: boolean;
  /** undefined when the pattern may be sent. An empty pattern means "no filter" and may be sent. */
  readonly reason?: SearchRuleReason;
}

/** One pattern as typed, judged as it will be sent (a key search without its sk- prefix, as the gateway does). */
export function checkSearch(pattern: string, target: SearchTarget): SearchCheck {
  const value = searchWireValue(pattern, target);
  const isFuzzy = isFuzzyPattern(value);
  const reason = searchPatternProblem(value);
  return reason === undefined ? { isFuzzy } : { isFuzzy, reason };
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a value matches a checked pattern as an exact or fuzzy search means it: `%` is any run of characters,
 * everything else literal (`_` too, as new-api escapes it). For servers that ignore a search field.
 */
export function matchesSearchPattern(value: string, pattern: string): boolean {
  return searchMatcher(pattern)(value);
}

/** The same test, built once for a pattern and run over many values (a list of thousands of keys per keystroke). */
export function searchMatcher(pattern: string): (value: string) => boolean {
  if (!pattern.includes('%')) return (value) => value === pattern;
  const re = new RegExp(`^${pattern.split('%').map(escapeRegExp).join('.*')}$`, 's');
  return (value) => re.test(value);
}
