// The search rules as the user types, so a pattern the gateway would refuse is never sent: exact without %, fuzzy
// with at most two %, never `%%`, and at least two bytes besides %. The rule is src-shared/rules/key-rules.ts, shared
// with main (which checks again before sending); the reason is an i18n key under keys.search.rules.
import { searchPatternProblem, type SearchRuleReason } from '../../../../src-shared/rules/key-rules';

export type { SearchRuleReason } from '../../../../src-shared/rules/key-rules';

export interface SearchCheck {
  readonly isFuzzy: boolean;
  /** undefined when the pattern may be sent. */
  readonly reason?: SearchRuleReason;
}

/** `field` 'key' drops an sk- prefix first, as the gateway does. */
export function checkSearch(pattern: string, field: 'name' | 'key'): SearchCheck {
  const value = field === 'key' ? pattern.replace(/^sk-/, '') : pattern;
  const isFuzzy = value.includes('%');
  const reason = searchPatternProblem(value);
  return reason === undefined ? { isFuzzy } : { isFuzzy, reason };
}
