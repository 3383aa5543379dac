// The contract for an account's profile, subscription, groups and models: its types, channels and events.
import type { KeyAccountRef } from './accounts';

export interface GroupView {
  readonly name: string;
  readonly desc: string;
  readonly ratio: number | string;
}

export interface ModelView {
  readonly id: string;
  readonly ownedBy: string;
  readonly created: number | null;
  readonly endpointTypes: readonly string[];
}

/** account:models — what a group can call. */
export interface GroupModels {
  readonly models: readonly ModelView[];
  /**
   * Where the list comes from: `listing`, the site's own list of models (new-api's pricing or model list, one-api's
   * available models; no key used); `key`, /v1/models through one of the group's keys that has no model list of its
   * own (sites without a listing); `watched`, the watched key itself.
   */
  readonly source: 'listing' | 'key' | 'watched';
}

/** GET /api/user/self, money in units. */
export interface AccountSelfView {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly email: string;
  readonly role: number;
  readonly status: number;
  readonly group: string;
  readonly quota: number;
  readonly usedQuota: number;
  readonly requestCount: number;
  readonly affCode: string;
  readonly affCount: number;
  readonly affQuota: number;
  readonly affHistoryQuota: number;
  readonly inviterId: number;
}

/** GET /api/subscription/self; entries are not specified, so they are rendered generically. */
export interface SubscriptionView {
  readonly subscriptions: readonly unknown[];
  readonly allSubscriptions: readonly unknown[];
  readonly billingPreference: string;
}

/** Invoke channels of an account's profile, subscription, groups and models. */
export interface AccountInvokeMap {
  'account:self': { args: KeyAccountRef; result: AccountSelfView };
  'account:subscription': { args: KeyAccountRef; result: SubscriptionView };
  'account:groups': { args: KeyAccountRef; result: readonly GroupView[] };
  'account:models': { args: KeyAccountRef & { group?: string }; result: GroupModels };
}

export const ACCOUNT_CHANNELS: { readonly [C in keyof AccountInvokeMap]: true } = {
  'account:self': true,
  'account:subscription': true,
  'account:groups': true,
  'account:models': true,
};
