// The gateway layer's public surface for the account, key and quota services: the two clients, the transport
// and its ports, units, search rules and the types they exchange.
export { ManagementClient, MAX_BATCH_REVEAL } from './management.client';
export type {
  ManagementClientOptions,
  LoginOutcome,
  SecondFactorChallenge,
  PageRequest,
  SessionState,
  SessionCredential,
} from './management.client';
export { KeyClient } from './key.client';
export type { KeyClientOptions, BillingLimits, KeyBalance } from './key.client';
export { HttpTransport } from './http';
export type { FetchPort, ClockPort } from './ports';
export type { TransportOptions, HttpMethod } from './http';
export { GatewayError, isGatewayError } from './errors';
export {
  CriticalBudget,
  CRITICAL_BUDGET_DEFAULTS,
  SEARCH_BUDGET_DEFAULTS,
  currentPriority,
  isCriticalRequest,
  isSearchRequest,
  runWithPriority,
} from './critical-budget';
export type {
  RequestPriority,
  CriticalBudgetOptions,
  BudgetUsage,
  BudgetStorePort,
  StoredBudget,
} from './critical-budget';
export type { UpdatedKey } from './key-writes';
export type { KeyEdits, UpdateIntent, CreateKeyInput, WritableField } from './token-update';
export { WRITABLE_FIELDS, NEVER_EXPIRES, MAX_NAME_BYTES, enableBlocker } from './token-update';
export { checkSearchQuery, checkSearchPattern, isFuzzy } from './search-rules';
export type { SearchQuery, SearchField, SearchRuleViolation } from './search-rules';
export { isMaskedKey, maskKey, withSkPrefix, stripSkPrefix } from './compat';
export type { KeyRecord, SearchKeyRecord, Page, GroupInfo } from './compat';
export type { Account, Subscription, Model, TokenUsage } from './schemas';
export * from './units';
export * from './usage-logs';
export * from './user-setting';
