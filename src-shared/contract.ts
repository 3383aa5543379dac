// THE contract between renderer and main: every invoke channel with its argument and result, every event with
// its payload, the Result envelope and the error codes. Imports nothing: main, preload and renderer all use it.

/** Error codes that cross the bridge. The renderer maps each to a localised message and a remedy. */
export const ERROR_CODES = [
  'auth.expired', // login token expired and could not be renewed silently
  'auth.unauthorized', // credential refused by the gateway
  'auth.scope_denied', // system access token lacks a scope (AppError.scope names it)
  'auth.needs_sign_in', // no usable credential: the user must sign in again
  'auth.second_factor', // login needs a second factor the user must answer
  'auth.session_revoked', // the site ended this login session (password changed, other devices signed out)
  'auth.session_limit', // the site holds its cap of active sessions for this user (new-api: 50, HTTP 409)
  'auth.session_issuance_limit', // the site opened its cap of new sessions for this user today (new-api: 100, HTTP 429)
  'auth.user_id_required', // an older site needs the user id (New-Api-User) beside the access token
  'key.invalid', // HTTP 401 on an API-key endpoint: key invalid, expired or disabled
  'key.group_denied', // the key's group may not use this endpoint: use the key usage endpoint or change the group
  'not_found', // record not found (or owned by another account)
  'validation', // input refused, by us before sending or by the gateway
  'wrong_base_address', // a management call answered "404 page not found": base_url/api_url mixed up
  'unsupported', // this server version does not offer the endpoint (AppError.feature names it)
  'model_not_found', // the key's group has no channel for the model
  'rate_limited', // HTTP 429; AppError.retryAfterMs says when to try again
  'network', // connection failed
  'timeout', // no answer in time
  'server', // 5xx or an HTML error page
  'protocol', // the answer did not parse: shown as unknown, never as zero
  'vault.locked', // the secret store is locked or cannot decrypt
  'forbidden', // the bridge refused the caller (wrong sender, token, host or origin)
  'unavailable', // not available in this mode (for example the tray in browser mode)
  'internal', // an unexpected failure, logged (redacted) in main
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AppError {
  readonly code: ErrorCode;
  /** Human-readable detail; for gateway failures, the server's own message as is. */
  readonly message?: string;
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
  /** For rate_limited: Keydesk held the request back to stay within its share of the site's limit (nothing sent). */
  readonly isLocalLimit?: boolean;
  /** For auth.scope_denied: the scope the token lacks. */
  readonly scope?: string;
  /** For validation: which input field is wrong. */
  readonly field?: string;
  /** For unsupported: what the server version lacks (`reveal`, `key_usage`, `subscription`, ...). */
  readonly feature?: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (error: AppError): { readonly ok: false; readonly error: AppError } => ({ ok: false, error });

// ---------------------------------------------------------------------------------------------------------------
// DTOs

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Settings {
  /** null = follow the system language until the user picks one. */
  readonly language: Language | null;
  readonly theme: Theme;
  /** Minutes between quota refreshes of each account; at least 1 (the gateway's polling limit). */
  readonly refreshIntervalMinutes: number;
  /** Electron: closing the window keeps Keydesk in the tray. */
  readonly closeToTray: boolean;
  /** Electron: start Keydesk when the user logs in. */
  readonly launchAtLogin: boolean;
  /** Play a short tone when an alert is raised. */
  readonly alertSound: boolean;
}
export type SettingsPatch = Partial<Settings>;

export type AppMode = 'electron' | 'browser';

export interface AppInfo {
  readonly name: string;
  readonly version: string;
  readonly mode: AppMode;
  readonly platform: string;
}

// Money in DTOs is always integer quota units; the account's `money` says how its site shows them, and the renderer
// formats them with src-shared/units.ts, the one module that converts. `null` means unknown, never zero.

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
  | { readonly kind: 'access_token'; readonly accessToken: string; readonly userId?: number }
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

export type VaultBackend = 'safe-storage' | 'keyring' | 'passphrase' | 'memory';

export interface VaultStatus {
  readonly backend: VaultBackend;
  readonly isPersistent: boolean;
  readonly isLocked: boolean;
  readonly hasPassphrase: boolean;
  /** Why this backend was chosen, in plain words. */
  readonly reason: string;
  /** Only weak or no persistent storage exists: offer a passphrase. */
  readonly isPassphraseSuggested: boolean;
  readonly problems: readonly { readonly kind: string; readonly detail: string; readonly keptAt?: string }[];
}

/** Which kind of data a damaged file held: decides what the user is told was lost. */
export type StoreKind = 'settings' | 'accounts' | 'vault' | 'cache';

/** A data file found damaged at start: what Keydesk did about it and where the damaged copies are kept. */
export interface StoreProblem {
  readonly store: StoreKind;
  /** The file's name in the data folder, e.g. `accounts.json`. */
  readonly file: string;
  /** From the last-known-good backup (one save behind), or from nothing (defaults: the contents are missing). */
  readonly outcome: 'restored_from_backup' | 'started_empty';
  /** Full paths of the damaged copies, kept aside untouched. */
  readonly keptAt: readonly string[];
  /** Why the file could not be used, in plain words (not translated: it names a parse error). */
  readonly reason: string;
}

export const KEY_STATES = ['enabled', 'disabled', 'expired', 'exhausted'] as const;
/** Derived from status, expiry and quota together: a key may read status 1 while its expiry has passed. */
export type KeyState = (typeof KEY_STATES)[number];

export interface KeyView {
  readonly accountId: string;
  readonly id: number;
  readonly name: string;
  /** `sk-` + the masked key as listed; never a full key. */
  readonly maskedKey: string;
  readonly status: number;
  readonly state: KeyState;
  readonly createdTime: number | null;
  readonly accessedTime: number | null;
  /** Unix seconds; -1 = never. */
  readonly expiredTime: number | null;
  readonly remainQuota: number | null;
  readonly usedQuota: number | null;
  readonly unlimitedQuota: boolean;
  readonly group: string;
  readonly modelLimitsEnabled: boolean;
  readonly modelLimits: readonly string[];
  readonly allowIps: string;
}

export interface KeyPage {
  readonly items: readonly KeyView[];
  readonly page: number;
  readonly size: number;
  readonly total: number | null;
}

/** Every writable field of a key, as the user edits it (spec 4.2, 4.5). */
export interface KeyFields {
  readonly name: string;
  readonly remainQuota: number;
  readonly unlimitedQuota: boolean;
  readonly expiredTime: number;
  readonly group: string;
  readonly modelLimitsEnabled: boolean;
  readonly modelLimits: readonly string[];
  readonly allowIps: string;
}

export interface BatchOutcome {
  readonly succeeded: readonly number[];
  readonly failed: readonly { readonly id: number; readonly error: AppError }[];
}

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

/** account:models — what a group can call, as seen through one of its keys. */
export interface GroupModels {
  readonly models: readonly ModelView[];
  /** Every usable key of the group narrows its models: the list is what that key may call, maybe not all. */
  readonly isPossiblyIncomplete: boolean;
}

// -- keys, account info (issue 6) ---------------------------------------------------------------------------------

/** A key as the gateway stored it after an update, and which fields differ from the form's start. */
export interface KeyUpdateOutcome {
  readonly key: KeyView;
  /** Fields whose value changed (camelCase KeyFields names). */
  readonly changed: readonly string[];
  /** Fields the server stored differently from what was sent (empty when the update landed as meant). */
  readonly mismatches: readonly string[];
}

/** keys:reveal — the one full key that may reach the renderer, for display or copy, until hideAt (epoch ms). */
export interface RevealedKey {
  readonly id: number;
  readonly key: string;
  readonly hideAt: number;
}

export interface CopyOutcome {
  readonly copied: number;
  /** Epoch ms when the clipboard is cleared if it still holds what Keydesk put there. */
  readonly clearAt: number;
  /** Ids the gateway did not return a key for. */
  readonly missing: readonly number[];
}

export interface ExportOutcome {
  /** null when the user cancelled the save dialog. */
  readonly path: string | null;
  readonly count: number;
  readonly missing: readonly number[];
}

export interface KeyUsageView {
  /** GET /api/usage/token/ (units). */
  readonly usage: {
    readonly name: string;
    readonly totalGranted: number;
    readonly totalUsed: number;
    readonly totalAvailable: number;
    readonly unlimitedQuota: boolean;
    readonly modelLimitsEnabled: boolean;
    readonly modelLimits: readonly string[];
    /** Unix seconds; null = never. */
    readonly expiresAt: number | null;
  } | null;
  readonly usageError: AppError | null;
  /** The billing endpoints, converted to units; limits null = unlimited. */
  readonly billing: {
    readonly softLimitUnits: number | null;
    readonly hardLimitUnits: number | null;
    readonly usedUnits: number;
    readonly remainingUnits: number | null;
    readonly accessUntil: number | null;
  } | null;
  readonly billingError: AppError | null;
  readonly models: readonly ModelView[] | null;
  readonly modelsError: AppError | null;
}

export interface KeyTestOutcome {
  readonly modelCount: number;
  readonly latencyMs: number;
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

export type KeySearchField = 'name' | 'key';
export type KeyExportFormat = 'csv' | 'json';

export type BalanceLevel = 'ok' | 'warn' | 'critical' | 'unknown';

export interface BalanceView {
  readonly accountId: string;
  /** Remaining quota in units; null when unknown (never shown as zero). */
  readonly remainingUnits: number | null;
  readonly usedUnits: number | null;
  readonly isUnlimited: boolean;
  /** Watched keys: the billing soft and hard limits, in units. */
  readonly softLimitUnits: number | null;
  readonly hardLimitUnits: number | null;
  /** Epoch ms of the value shown; null when never fetched. */
  readonly fetchedAt: number | null;
  readonly isStale: boolean;
  readonly level: BalanceLevel;
  readonly error: AppError | null;
  /** ≈ days left at the recent rate of spending; null without enough data. */
  readonly daysLeft: number | null;
  /**
   * Epoch ms before which "Refresh now" sends no request (one request per account per minute); null or absent when
   * a refresh would go at once.
   */
  readonly nextRefreshAt?: number | null;
}

export interface AlertView {
  readonly id: string;
  readonly accountId: string;
  /** The account's label when the alert was raised (the account may be renamed or removed later). */
  readonly accountLabel: string;
  readonly level: 'warn' | 'critical' | 'soft_limit';
  readonly balanceUnits: number;
  readonly thresholdUnits: number;
  readonly raisedAt: number;
  readonly isAcknowledged: boolean;
}

/** One recorded balance of an account (downsampled: every sample for hours, hourly for days). */
export interface BalanceSample {
  /** Epoch ms. */
  readonly at: number;
  readonly remainingUnits: number;
}

export interface BalanceHistory {
  readonly accountId: string;
  readonly samples: readonly BalanceSample[];
  /** ≈ days left at the recent rate of spending; null without enough data. */
  readonly daysLeft: number | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Channels

/** Invoke channels: `domain:verb` → argument and result. `undefined` args means the method takes none. */
export interface InvokeMap {
  'app:info': { args: undefined; result: AppInfo };
  /** Data files found damaged at start (empty when all were fine); shown as a banner until dismissed. */
  'app:storeProblems': { args: undefined; result: readonly StoreProblem[] };
  'settings:get': { args: undefined; result: Settings };
  'settings:update': { args: SettingsPatch; result: Settings };
  // accounts and the vault (issue 5)
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
  'vault:status': { args: undefined; result: VaultStatus };
  'vault:setPassphrase': { args: { readonly passphrase: string }; result: VaultStatus };
  'vault:unlock': { args: { readonly passphrase: string }; result: VaultStatus };
  'vault:changePassphrase': { args: { readonly current: string; readonly next: string }; result: VaultStatus };
  'vault:lock': { args: undefined; result: VaultStatus };
  /** Last known balances at once (cached, with their age); never waits for a gateway. */
  'quota:snapshot': { args: undefined; result: readonly BalanceView[] };
  /** Refresh one account (or all); throttled to one request per account per minute, shares in-flight requests. */
  'quota:refresh': { args: { readonly accountId?: string }; result: readonly BalanceView[] };
  'quota:history': { args: { readonly accountId: string }; result: BalanceHistory };
  /** Alert history, newest first (bounded). */
  'alerts:list': { args: undefined; result: readonly AlertView[] };
  /** Acknowledge the given alerts, or every alert when ids is omitted; answers the new list. */
  'alerts:acknowledge': { args: { readonly ids?: readonly string[] }; result: readonly AlertView[] };
  // keys and account info (issue 6)
  'keys:list': { args: KeyAccountRef & { page: number; size: number }; result: KeyPage };
  'keys:listAll': { args: KeyAccountRef; result: readonly KeyView[] };
  'keys:search': {
    args: KeyAccountRef & { field: KeySearchField; pattern: string; page: number; size: number };
    result: KeyPage;
  };
  'keys:get': { args: KeyRef; result: KeyView };
  'keys:create': { args: KeyAccountRef & { fields: KeyFields }; result: KeyView | null };
  'keys:update': { args: KeyRef & { edits: Partial<KeyFields>; allowExpire?: boolean }; result: KeyUpdateOutcome };
  'keys:addQuota': { args: KeyRef & { incrementUnits: number }; result: KeyUpdateOutcome };
  'keys:setStatus': { args: KeyAccountRef & { ids: readonly number[]; isEnabled: boolean }; result: BatchOutcome };
  'keys:extendAndEnable': {
    args: KeyRef & { expiredTime?: number; remainQuota?: number; unlimitedQuota?: boolean };
    result: KeyView;
  };
  'keys:delete': { args: KeyAccountRef & { ids: readonly number[] }; result: BatchOutcome };
  'keys:reveal': { args: KeyRef; result: RevealedKey };
  'keys:copy': { args: KeyAccountRef & { ids: readonly number[] }; result: CopyOutcome };
  'keys:export': {
    args: KeyAccountRef & { ids: readonly number[]; format: KeyExportFormat };
    result: ExportOutcome;
  };
  'keys:usage': { args: KeyRef; result: KeyUsageView };
  'keys:test': { args: KeyRef; result: KeyTestOutcome };
  'account:self': { args: KeyAccountRef; result: AccountSelfView };
  'account:subscription': { args: KeyAccountRef; result: SubscriptionView };
  'account:groups': { args: KeyAccountRef; result: readonly GroupView[] };
  'account:models': { args: KeyAccountRef & { group?: string }; result: GroupModels };
  /** Reads the account's site money settings (GET /api/status) again now; answers the account with them. */
  'site:refresh': { args: KeyAccountRef; result: AccountView };
}

export interface KeyAccountRef {
  readonly accountId: string;
}
export interface KeyRef extends KeyAccountRef {
  readonly id: number;
}

/** Events pushed from main to the renderer. */
export interface EventMap {
  'settings:changed': Settings;
  'accounts:changed': AccountsSnapshot;
  'vault:changed': VaultStatus;
  'quota:updated': BalanceView;
  'alert:raised': AlertView;
}

export type InvokeChannel = keyof InvokeMap;
export type EventName = keyof EventMap;
export type ArgsOf<C extends InvokeChannel> = InvokeMap[C]['args'];
export type ResultOf<C extends InvokeChannel> = InvokeMap[C]['result'];

// Runtime lists, checked against the maps above so neither can drift from the other.
const invokeTable: { readonly [C in InvokeChannel]: true } = {
  'app:info': true,
  'app:storeProblems': true,
  'settings:get': true,
  'settings:update': true,
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
  'vault:status': true,
  'vault:setPassphrase': true,
  'vault:unlock': true,
  'vault:changePassphrase': true,
  'vault:lock': true,
  'quota:snapshot': true,
  'quota:refresh': true,
  'quota:history': true,
  'alerts:list': true,
  'alerts:acknowledge': true,
  'keys:list': true,
  'keys:listAll': true,
  'keys:search': true,
  'keys:get': true,
  'keys:create': true,
  'keys:update': true,
  'keys:addQuota': true,
  'keys:setStatus': true,
  'keys:extendAndEnable': true,
  'keys:delete': true,
  'keys:reveal': true,
  'keys:copy': true,
  'keys:export': true,
  'keys:usage': true,
  'keys:test': true,
  'account:self': true,
  'account:subscription': true,
  'account:groups': true,
  'account:models': true,
  'site:refresh': true,
};
const eventTable: { readonly [E in EventName]: true } = {
  'settings:changed': true,
  'accounts:changed': true,
  'vault:changed': true,
  'quota:updated': true,
  'alert:raised': true,
};
export const INVOKE_CHANNELS = Object.freeze(Object.keys(invokeTable)) as readonly InvokeChannel[];
export const EVENT_NAMES = Object.freeze(Object.keys(eventTable)) as readonly EventName[];

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeTable, value);
export const isEventName = (value: unknown): value is EventName =>
  typeof value === 'string' && Object.hasOwn(eventTable, value);

// ---------------------------------------------------------------------------------------------------------------
// The API object: window.keydesk in Electron, the loopback client in browser mode. Both are built by buildApi
// from the channel list, so neither has per-channel code.

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;
type Domain = DomainOf<InvokeChannel>;

type Method<C extends InvokeChannel> = [ArgsOf<C>] extends [undefined]
  ? () => Promise<Result<ResultOf<C>>>
  : (args: ArgsOf<C>) => Promise<Result<ResultOf<C>>>;

export type KeydeskApi = {
  readonly [D in Domain]: {
    readonly [C in InvokeChannel as DomainOf<C> extends D ? VerbOf<C> : never]: Method<C>;
  };
} & {
  /** Subscribe to an event; returns the unsubscribe function. */
  readonly on: <E extends EventName>(event: E, listener: (payload: EventMap[E]) => void) => () => void;
};

export type InvokeFn = (channel: InvokeChannel, args: unknown) => Promise<Result<unknown>>;
export type SubscribeFn = (event: EventName, listener: (payload: unknown) => void) => () => void;

export function buildApi(invoke: InvokeFn, subscribe: SubscribeFn): KeydeskApi {
  const api: Record<string, Record<string, (args?: unknown) => Promise<Result<unknown>>>> = {};
  for (const channel of INVOKE_CHANNELS) {
    const [domain = '', verb = ''] = channel.split(':');
    api[domain] ??= {};
    api[domain][verb] = (args?: unknown) => invoke(channel, args);
  }
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown event: ${String(event)}`);
    return subscribe(event, listener);
  };
  return Object.freeze({ ...api, on }) as unknown as KeydeskApi;
}

/** Name of the global the preload exposes. */
export const API_GLOBAL = 'keydesk';
