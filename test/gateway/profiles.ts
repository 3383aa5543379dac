// Server-era profiles: one table of switches saying how each real server family differs from the spec.
// Routes read these switches instead of testing profile names, so an era is described in one place.

export const PROFILE_NAMES = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api', 'new-api-rc41'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export interface Profile {
  name: ProfileName;
  /**
   * How management calls authenticate: `spec` = login token or system token (the written spec);
   * `jwt` = new-api current (short JWT + rotating refresh cookie, sessions with caps);
   * `cookie` = gin-contrib/sessions cookie or a system access token (legacy, early, one-api).
   */
  auth: 'spec' | 'jwt' | 'cookie';
  /** new-api legacy and early refuse management calls without a matching `New-Api-User`. */
  requiresNewApiUser: boolean;
  /** Newest new-api: `/api/user/self` and `/self/groups` also need the `profile:read` scope. */
  requiresProfileScope: boolean;
  /**
   * The legacy `session` cookie's flags: new-api sets HttpOnly and SameSite=Strict (main.go); one-api keeps
   * gin-contrib's defaults (Path=/, 30 days, neither flag).
   */
  isSessionCookieHardened: boolean;
  /** Second factor: `flow` = flow_token in the body (current); `cookie` = tied to the session cookie (legacy). */
  twoFactor: 'none' | 'flow' | 'cookie';
  keyList: {
    /** Full key values in list/detail/search (early, one-api) instead of the `abcd**********wxyz` mask. */
    fullKeys: boolean;
    /** `{page, page_size, total, items}` or a bare array. */
    paged: boolean;
    /** Number of the first page: the spec and new-api count from 1, early and one-api from 0. */
    firstPage: 0 | 1;
    /** one-api ignores `size` and always answers ItemsPerPage (10). */
    honoursSize: boolean;
    /** Extra fields real servers leak from their ORM model. */
    deletedAt: boolean;
    autoGroups: boolean;
  };
  /** Key-name limit: the spec counts characters, Go's len() counts UTF-8 bytes. */
  nameLimit: { max: number; unit: 'chars' | 'bytes' };
  /**
   * The key table's own columns. `new-api`: group, model_limits(_enabled), allow_ips, cross_group_retry (the spec's
   * fields). `one-api`: `models` (comma list) and `subnet` (comma-separated CIDRs) and no group at all, so a key
   * calls as its owner's group (songquanpeng/one-api 8df4a267 model/token.go, controller/token.go).
   */
  keyColumns: 'new-api' | 'one-api';
  /**
   * The per-key IP limit: `spec` = allow_ips, a comma/newline list; `lines` = allow_ips, a newline list, spaces and
   * commas removed inside a line, every remaining entry kept (current, legacy); `lines-valid-ip` = same but entries
   * that are not an IP are dropped (early); `subnet` = one-api's `subnet`, comma-separated CIDRs each checked by
   * Go's net.ParseCIDR on write, and the client address must fall in one of them (common/network/ip.go).
   */
  allowIps: 'spec' | 'lines' | 'lines-valid-ip' | 'subnet';
  /** Search: `spec`; `new-api` (sanitizeLikePattern); `substring` (early LIKE %kw%); `prefix` (one-api kw%). */
  search: 'spec' | 'new-api' | 'substring' | 'prefix';
  /** `groups`: GET /api/user/self/groups (one-api has none: its keys have no group). */
  endpoints: { reveal: boolean; keyUsage: boolean; subscription: boolean; status: boolean; groups: boolean };
  /**
   * Where the site lists a group's models without a key. `pricing`: GET /api/pricing in the era's shape (`early`
   * Calcium-Ion 14848ff7/2b743550: data{model_name, quota_type, model_ratio, model_price, owner_by, completion_ratio,
   * enable_groups}, group_ratio, usable_group; `legacy` adds supported_endpoint_types, vendors, supported_endpoint,
   * auto_groups; `current` QuantumNous 09e9618a/0067bd93 also trims each model's enable_groups to the caller's
   * usable groups and drops models left with none). `userModels`: GET /api/user/models, `by-group` honours
   * `?group=` (QuantumNous 0089a12f), `union` answers every usable group's models whatever is asked (Calcium-Ion
   * 014fb7ed). `availableModels`: one-api's GET /api/user/available_models, its owner's group (controller/model.go).
   */
  modelListing: {
    pricing: 'none' | 'early' | 'legacy' | 'current';
    userModels: 'none' | 'union' | 'by-group';
    availableModels: boolean;
  };
  /** Unknown paths: the spec's text 404, or new-api's JSON 404 with gin's trailing-slash redirects. */
  notFound: 'text' | 'json';
  /** `/api/status` money fields and billing units: spec (¥ at 500,000), display type, or the old boolean. */
  money: 'spec' | 'display-type' | 'currency-flag';
  /** `/api/status` carries `price` (new-api eras); one-api has no top-up price field. */
  hasTopUpPrice: boolean;
  /**
   * Billing with DisplayTokenStatEnabled off: new-api totals the account's quota + used_quota; one-api's
   * billing.go only fetches used_quota when reading quota failed, so its total is the remaining quota alone.
   */
  accountGrantIncludesUsed: boolean;
  /** Per-IP limiters of new-api/one-api: global + critical everywhere, search only on current new-api. */
  rateLimits: { enabled: boolean; search: boolean };
  /**
   * Enabling a key: the spec refuses while it is expired or exhausted now; real servers refuse while the
   * stored status is 3/4 and the cause remains, and run that check on any body with status 1 (full update too).
   */
  enableCheck: 'current-state' | 'stored-status';
  /**
   * `GET /api/log/self`: `none` = no such route (spec); `paged-dto` = current new-api's
   * `{page, page_size, total, items}` of userLogDTO, 1-based `p`, `page_size`/`ps`/`size` 1..100 (default 10);
   * `paged-row` = legacy/early `{items, total, page, page_size}` of full rows (`id` % 1024, `other` a JSON
   * string), 1-based `p`, page_size < 0 → 10, > 100 → 100, 0 or missing → no rows (GORM Limit(0));
   * `bare-10` = one-api's bare array, 0-based `p`, always 10 rows, `id` 0.
   */
  logs: 'none' | 'paged-dto' | 'paged-row' | 'bare-10';
  /**
   * System access tokens: `single` = one unscoped (spec: scoped by the seed) token per user, as every era before
   * rc.41 has it; `scoped` = new-api v1.0.0-rc.41 and later: `nap_` tokens with scopes and an expiry checked
   * against the route table (access-token-rules.ts), older tokens accepted unscoped until the site retires them.
   */
  accessTokens: 'single' | 'scoped';
  /**
   * `GET /api/user/token`: `mints` = the era's GenerateAccessToken (a new token replaces the user's old one);
   * `admin-route` = rc.41 no longer routes it, so it falls to the admin `GET /api/user/:id`; `none` = the spec.
   */
  tokenRoute: 'none' | 'mints' | 'admin-route';
  /** rc.4x: `GET /api/user/login/encryption-key` and RSA-OAEP encrypted passwords at login (a site setting). */
  hasPasswordEncryption: boolean;
  /** rc.4x: every second-factor challenge lists its methods as objects (the seed's `login_verify` for all). */
  isVerifyChallengeAlways: boolean;
  /**
   * How TokenAuth answers a key that may not call (unknown, disabled, expired, exhausted) on /v1. `spec`: English,
   * one sentence per cause. `per-state`: ValidateUserToken's own sentence per cause, in Chinese, HTTP 401, empty code
   * (Calcium-Ion/new-api model/token.go and middleware/auth.go @ 052bc207; legacy builds are assumed to say the same).
   * `invalid-only`: today's new-api folds every cause into one 401 "Invalid token" (QuantumNous/new-api model/token.go
   * @ 0067bd93 returns ErrTokenInvalid for each, middleware/auth.go @ 040b46a0 answers i18n token.invalid, English
   * by default: i18n/i18n.go @ 09266c50). `one-api`: one-api's sentences in its error body (songquanpeng/one-api
   * model/token.go, middleware/auth.go @ 8df4a267).
   */
  keyRefusals: 'spec' | 'per-state' | 'invalid-only' | 'one-api';
  /**
   * The user's own settings (`setting`, a JSON string, in `GET /api/user/self`) and `PUT /api/user/setting`, where
   * the quota warning's threshold and channel live (QuantumNous controller/user.go UpdateUserSetting, dto
   * user_settings.go, model/user.go @ 0089a12f). Calcium-Ion 014fb7ed (early) has neither the field nor the route;
   * one-api and the spec neither. Legacy builds (v0.9–v0.13) are taken to have both, as current.
   */
  userSetting: boolean;
  /** Messages copied from Chinese-only sources (early new-api, one-api). */
  chinese: boolean;
  /** Default `/api/status` version string. */
  version: string;
  messages: ProfileMessages;
}

/** Sentences that differ per era; `code` is the OpenAI-style error code on /v1 ('' on real servers). */
export interface ProfileMessages {
  nameTooLong: string;
  enableExpired: string;
  enableExhausted: string;
  ipDenied: (ip: string) => { code: string; message: string };
  groupDenied: (group: string) => { code: string; message: string };
}

const SPEC_MESSAGES: ProfileMessages = {
  nameTooLong: 'token name is too long (at most 50 characters)',
  enableExpired: 'token has expired and cannot be enabled; change expired_time first, or set it to never expire',
  enableExhausted: 'token quota is exhausted and cannot be enabled; change remain_quota first, or set unlimited quota',
  ipDenied: (ip) => ({ code: 'ip_not_allowed', message: `your IP ${ip} is not in the allowed IP list of this token` }),
  groupDenied: (group) => ({
    code: 'group_not_permitted',
    message: `access to group ${group} is not permitted for this account`,
  }),
};

// Verbatim from controller/token.go and middleware/{auth,distributor}.go; Chinese only in the sources.
const NEW_API_MESSAGES: ProfileMessages = {
  nameTooLong: '令牌名称过长',
  enableExpired: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  enableExhausted: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
  ipDenied: () => ({ code: '', message: '您的 IP 不在令牌允许访问的列表中' }),
  groupDenied: (group) => ({ code: '', message: `无权访问 ${group} 分组` }),
};

// The early distributor said "disabled" rather than "no access".
const EARLY_MESSAGES: ProfileMessages = {
  ...NEW_API_MESSAGES,
  groupDenied: (group) => ({ code: '', message: `令牌分组 ${group} 已被禁用` }),
};

const SPEC: Profile = {
  name: 'spec',
  auth: 'spec',
  requiresNewApiUser: false,
  requiresProfileScope: false,
  isSessionCookieHardened: true,
  twoFactor: 'none',
  keyList: { fullKeys: false, paged: true, firstPage: 1, honoursSize: true, deletedAt: false, autoGroups: false },
  nameLimit: { max: 50, unit: 'chars' },
  keyColumns: 'new-api',
  allowIps: 'spec',
  search: 'spec',
  endpoints: { reveal: true, keyUsage: true, subscription: true, status: false, groups: true },
  modelListing: { pricing: 'none', userModels: 'none', availableModels: false },
  notFound: 'text',
  money: 'spec',
  hasTopUpPrice: false,
  accountGrantIncludesUsed: true,
  rateLimits: { enabled: false, search: false },
  enableCheck: 'current-state',
  logs: 'none',
  accessTokens: 'single',
  tokenRoute: 'none',
  hasPasswordEncryption: false,
  isVerifyChallengeAlways: false,
  keyRefusals: 'spec',
  userSetting: false,
  chinese: false,
  version: '',
  messages: SPEC_MESSAGES,
};

const NEW_API: Profile = {
  name: 'new-api',
  auth: 'jwt',
  requiresNewApiUser: false,
  requiresProfileScope: true,
  isSessionCookieHardened: true,
  twoFactor: 'flow',
  keyList: { fullKeys: false, paged: true, firstPage: 1, honoursSize: true, deletedAt: true, autoGroups: true },
  nameLimit: { max: 50, unit: 'bytes' },
  keyColumns: 'new-api',
  allowIps: 'lines',
  search: 'new-api',
  endpoints: { reveal: true, keyUsage: true, subscription: true, status: true, groups: true },
  modelListing: { pricing: 'current', userModels: 'by-group', availableModels: false },
  notFound: 'json',
  money: 'display-type',
  hasTopUpPrice: true,
  accountGrantIncludesUsed: true,
  rateLimits: { enabled: true, search: true },
  enableCheck: 'stored-status',
  logs: 'paged-dto',
  accessTokens: 'single',
  tokenRoute: 'mints',
  hasPasswordEncryption: false,
  isVerifyChallengeAlways: false,
  keyRefusals: 'invalid-only',
  userSetting: true,
  chinese: false,
  version: 'v1.0.0-rc.24',
  messages: NEW_API_MESSAGES,
};

const NEW_API_LEGACY: Profile = {
  ...NEW_API,
  name: 'new-api-legacy',
  auth: 'cookie',
  requiresNewApiUser: true,
  requiresProfileScope: false,
  twoFactor: 'cookie',
  keyList: { ...NEW_API.keyList, autoGroups: false },
  // Subscriptions arrived in 2026-02, after the last legacy build.
  endpoints: { reveal: true, keyUsage: true, subscription: false, status: true, groups: true },
  // Whether v0.9–v0.13 honour `?group=` on /api/user/models is not verified: the early behaviour is assumed. Keydesk
  // reads /api/pricing first on every new-api era, so the difference is not what it relies on.
  modelListing: { pricing: 'legacy', userModels: 'union', availableModels: false },
  rateLimits: { enabled: true, search: false },
  logs: 'paged-row',
  keyRefusals: 'per-state',
  version: 'v0.12.8',
};

const NEW_API_EARLY: Profile = {
  ...NEW_API_LEGACY,
  name: 'new-api-early',
  twoFactor: 'none',
  keyList: { fullKeys: true, paged: false, firstPage: 0, honoursSize: true, deletedAt: true, autoGroups: false },
  // controller/token.go: `len(token.Name) > 30` → 令牌名称过长.
  nameLimit: { max: 30, unit: 'bytes' },
  allowIps: 'lines-valid-ip',
  search: 'substring',
  endpoints: { reveal: false, keyUsage: false, subscription: false, status: true, groups: true },
  modelListing: { pricing: 'early', userModels: 'union', availableModels: false },
  money: 'currency-flag',
  userSetting: false,
  chinese: true,
  version: 'v0.6.6',
  messages: EARLY_MESSAGES,
};

const ONE_API: Profile = {
  ...NEW_API_EARLY,
  name: 'one-api',
  requiresNewApiUser: false,
  isSessionCookieHardened: false,
  hasTopUpPrice: false,
  accountGrantIncludesUsed: false,
  keyList: { ...NEW_API_EARLY.keyList, honoursSize: false },
  keyColumns: 'one-api',
  allowIps: 'subnet',
  search: 'prefix',
  // router/api.go: no /api/user/self/groups, no /api/pricing, no /api/user/models; /api/user/available_models.
  endpoints: { ...NEW_API_EARLY.endpoints, groups: false },
  modelListing: { pricing: 'none', userModels: 'none', availableModels: true },
  logs: 'bare-10',
  keyRefusals: 'one-api',
  version: 'v0.6.10',
};

// new-api v1.0.0-rc.41 and later: today's new-api with scoped `nap_` access tokens, the retirement of older tokens,
// password encryption at login and the newest second-factor challenge. Spread from NEW_API, so whatever the current
// profile learns (routes, shapes) this one has too. Sources: test/gateway/README.md, "new-api rc.41".
const NEW_API_RC41: Profile = {
  ...NEW_API,
  name: 'new-api-rc41',
  // /api/user/self and /self/groups need profile:read alone there (the scope table), not wallet:read beside it.
  requiresProfileScope: false,
  accessTokens: 'scoped',
  tokenRoute: 'admin-route',
  hasPasswordEncryption: true,
  isVerifyChallengeAlways: true,
  version: 'v1.0.0-rc.41',
};

export const PROFILES: Record<ProfileName, Profile> = {
  spec: SPEC,
  'new-api': NEW_API,
  'new-api-legacy': NEW_API_LEGACY,
  'new-api-early': NEW_API_EARLY,
  'one-api': ONE_API,
  'new-api-rc41': NEW_API_RC41,
};

export function profileOf(name: ProfileName): Profile {
  return PROFILES[name];
}
