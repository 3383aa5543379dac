// Spec 4.4's search rules, checked as the user types so a pattern the gateway would refuse is never sent: exact
// without %, fuzzy with at most two % and at least two other characters; no control characters. The renderer's
// twin of src-main/gateway/search-rules.ts (which checks again before sending); the reason is an i18n key.

export type SearchRuleReason = 'tooManyWildcards' | 'tooFewCharacters' | 'invalidCharacters';

export interface SearchCheck {
  readonly isFuzzy: boolean;
  /** undefined when the pattern may be sent. */
  readonly reason?: SearchRuleReason;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what the gateway refuses
const SPECIAL = /[\u0000-\u001f\u007f\ufffd]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const MAX_WILDCARDS = 2;
export const MIN_FUZZY_CHARS = 2;

/** `field` 'key' drops an sk- prefix first, as the gateway does. */
export function checkSearch(pattern: string, field: 'name' | 'key'): SearchCheck {
  const value = field === 'key' ? pattern.replace(/^sk-/, '') : pattern;
  const wildcards = value.split('%').length - 1;
  const isFuzzy = wildcards > 0;
  if (SPECIAL.test(value) || LONE_SURROGATE.test(value)) return { isFuzzy, reason: 'invalidCharacters' };
  if (wildcards > MAX_WILDCARDS) return { isFuzzy, reason: 'tooManyWildcards' };
  // Characters, not UTF-16 units: names may be Chinese or emoji.
  if (isFuzzy && Array.from(value.replaceAll('%', '')).length < MIN_FUZZY_CHARS) {
    return { isFuzzy, reason: 'tooFewCharacters' };
  }
  return { isFuzzy };
}
