// The search rules as the user types, so a pattern the gateway would refuse is never sent. The rule is
// src-shared/rules/search-rules.ts, shared with main (which checks again before sending); the reason is an i18n key
// under keys.search.rules. Only a re-export: a second copy of the rule must not grow here.
export { checkSearch, type SearchCheck, type SearchRuleReason } from '../../../../src-shared/rules/search-rules';
