// The contract for how an account's site shows money (the site: channels); the money itself, SiteMoney, travels in
// each AccountView (accounts.ts).
import type { AccountView, KeyAccountRef } from './accounts';

/** Invoke channels of an account's site. */
export interface SiteInvokeMap {
  /** Reads the account's site money settings (GET /api/status) again now; answers the account with them. */
  'site:refresh': { args: KeyAccountRef; result: AccountView };
}

export const SITE_CHANNELS: { readonly [C in keyof SiteInvokeMap]: true } = {
  'site:refresh': true,
};
