// The contract for accounts: records, sign-in, credentials, each site's money: its types, channels and events.
import type { AppError } from './errors';

// Money in DTOs is always integer quota units; the account's `money` says how its site shows them, and the renderer
// formats them with src-shared/units.ts, the one module that converts. `null` means unknown, never zero.

/** Names one account: the argument of every per-account channel (keys, account info, a site's refresh). */
export interface KeyAccountRef {
  readonly accountId: string;
}

export const ACCOUNT_KINDS = ['password', 'access_token', 'api_key'] as const;
/** password login, system access token, or a watched API key alone. */
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export type AccountState = 'ok' | 'signing_in' | 'needs_sign_in' | 'locked' | 'error';

export const QUOTA_DISPLAY_TYPES = ['USD', 'CNY', 'TOKENS', 'CUSTOM'] as const;
/** How a site's console shows quota (new-api `quota_display_type`). */
export type QuotaDisplayType = (typeof QUOTA_DISPLAY_TYPES)[number];

/** How a site shows money, from its GET /api/status; the spec's ¥ at 500,000 units where the site says nothing. */
export interface SiteMoney {
  readonly displayType: QuotaDisplayType;
  /** Units per US$ of quota (per ¥ on a site that says nothing); a positive integer. */
  readonly quotaPerUnit: number;
  /**
   * The site's currency per US$ of quota, an exact decimal string: "1" for USD, usd_exchange_rate for CNY, the
   * custom rate for CUSTOM; unused for TOKENS.
   */
  readonly rate: string;
  readonly symbol: string;
  /** Yuan paid per US$ of quota (the site's top-up `price`), a decimal string; null when the site does not say. */
  readonly price: string | null;
}

export type YuanRateSource = 'site_price' | 'user';

/** An account's money as the renderer shows it: the site's currency, and the yuan rate in force beside it. */
export interface AccountMoney {
  readonly site: SiteMoney;
  /** 'site': read from the site's /api/status; 'spec': the site says nothing (¥, 500,000 units = ¥1). */
  readonly origin: 'site' | 'spec';
  /** Epoch ms the site was last read; null when never. */
  readonly fetchedAt: number | null;
  /**
   * Yuan per US$ of quota used for the yuan beside non-yuan amounts and for totals; null when unknown (the account
   * is then left out of totals). Unused when the site shows yuan itself.
   */
  readonly yuanPerUsd: string | null;
  readonly yuanRateSource: YuanRateSource | null;
}

export interface Thresholds {
  readonly warnUnits: number | null;
  readonly criticalUnits: number | null;
}

export interface AccountView {
  readonly id: string;
  readonly label: string;
  readonly kind: AccountKind;
  readonly baseUrl: string;
  readonly apiUrl: string;
  readonly username: string | null;
  readonly userId: number | null;
  readonly isPasswordRemembered: boolean;
  /** For watched keys: the key masked (`sk-abcd…wxyz`); never the key itself. */
  readonly keyHint: string | null;
  /**
   * Access-token accounts: when the token expires (Unix seconds), as the user entered it from the site's console. No
   * era lets a token read its own expiry (new-api rc.41 lists tokens to a browser session only); null = not given.
   */
  readonly accessTokenExpiresAt: number | null;
  readonly isHidden: boolean;
  readonly isDisabled: boolean;
  readonly state: AccountState;
  readonly stateError: AppError | null;
  readonly money: AccountMoney;
  /** The user's own yuan rate for this account (yuan per US$ of quota); null = use the site's price. */
  readonly yuanPerUsd: string | null;
  readonly thresholds: Thresholds;
}

export interface AccountsSnapshot {
  readonly accounts: readonly AccountView[];
  readonly activeId: string | null;
}

export type CredentialInput =
  | { readonly kind: 'password'; readonly username: string; readonly password: string; readonly remember: boolean }
  | {
      readonly kind: 'access_token';
      readonly accessToken: string;
      readonly userId?: number;
      /** When the token expires (Unix seconds), from the site's console; null or absent = not given. */
      readonly expiresAt?: number | null;
    }
  | { readonly kind: 'api_key'; readonly apiKey: string };

export interface AccountDraft {
  readonly label: string;
  readonly baseUrl: string;
  readonly apiUrl: string;
  readonly credential: CredentialInput;
  /** Yuan per US$ of quota, a positive decimal string; null = use the site's price. */
  readonly yuanPerUsd?: string | null;
  readonly thresholds?: Thresholds;
}

export interface AccountPatch {
  readonly label?: string;
  readonly baseUrl?: string;
  readonly apiUrl?: string;
  readonly yuanPerUsd?: string | null;
  readonly thresholds?: Thresholds;
  readonly isHidden?: boolean;
  readonly isDisabled?: boolean;
  /** Access-token accounts: the token's expiry (Unix seconds) as the user reads it in the console; null = unknown. */
  readonly accessTokenExpiresAt?: number | null;
}

export type SignInOutcome =
  | { readonly status: 'done'; readonly account: AccountView }
  | {
      readonly status: 'second_factor';
      readonly challengeId: string;
      readonly method: '2fa' | 'verification';
      readonly methods: readonly string[];
    };

export interface ConnectionCheck {
  readonly displayName: string | null;
  readonly balanceUnits: number | null;
  /** How the site shows money (its /api/status, read with the test), so the balance shows in its currency. */
  readonly money?: SiteMoney;
}

/** Invoke channels of accounts. */
export interface AccountsInvokeMap {
  'accounts:list': { args: undefined; result: AccountsSnapshot };
  /** Verifies a draft against its gateway without saving anything. */
  'accounts:test': { args: AccountDraft; result: ConnectionCheck };
  /** Verifies, then saves; a second factor comes back as a challenge to answer. */
  'accounts:add': { args: AccountDraft; result: SignInOutcome };
  'accounts:answerChallenge': {
    args: { readonly challengeId: string; readonly code: string; readonly method?: string };
    result: SignInOutcome;
  };
  'accounts:signIn': {
    args: { readonly id: string; readonly password?: string; readonly remember?: boolean };
    result: SignInOutcome;
  };
  /** Re-enters a credential (a locked vault entry, a revoked token, a changed password), verified first. */
  'accounts:setCredential': {
    args: { readonly id: string; readonly credential: CredentialInput };
    result: SignInOutcome;
  };
  'accounts:signOut': { args: { readonly id: string }; result: AccountView };
  'accounts:update': { args: { readonly id: string; readonly patch: AccountPatch }; result: AccountView };
  /** Removes the account from Keydesk only; its keys on the gateway are untouched. */
  'accounts:remove': { args: { readonly id: string }; result: AccountsSnapshot };
  'accounts:reorder': { args: { readonly ids: readonly string[] }; result: AccountsSnapshot };
  'accounts:switch': { args: { readonly id: string }; result: AccountsSnapshot };
}

export const ACCOUNTS_CHANNELS: { readonly [C in keyof AccountsInvokeMap]: true } = {
  'accounts:list': true,
  'accounts:test': true,
  'accounts:add': true,
  'accounts:answerChallenge': true,
  'accounts:signIn': true,
  'accounts:setCredential': true,
  'accounts:signOut': true,
  'accounts:update': true,
  'accounts:remove': true,
  'accounts:reorder': true,
  'accounts:switch': true,
};

export interface AccountsEventMap {
  'accounts:changed': AccountsSnapshot;
}
export const ACCOUNTS_EVENTS: { readonly [E in keyof AccountsEventMap]: true } = {
  'accounts:changed': true,
};
