// The error half of the contract: the codes that cross the bridge and the Result envelope.

/** Error codes that cross the bridge. The renderer maps each to a localised message and a remedy. */
export const ERROR_CODES = [
  'auth.expired', // login token expired and could not be renewed silently
  'auth.unauthorized', // credential refused by the gateway
  'auth.scope_denied', // system access token lacks a scope (AppError.scope names it)
  'auth.needs_sign_in', // no usable credential: the user must sign in again
  'auth.second_factor', // login needs a second factor the user must answer
  'auth.code_rejected', // the second factor's code was refused (wrong, spent, or its sign-in step timed out)
  'auth.session_revoked', // the site ended this login session (password changed, other devices signed out)
  'auth.session_limit', // the site holds its cap of active sessions for this user (new-api: 50, HTTP 409)
  'auth.session_issuance_limit', // the site opened its cap of new sessions for this user today (new-api: 100, HTTP 429)
  'auth.user_id_required', // an older site needs the user id (New-Api-User) beside the access token
  'auth.token_retired', // new-api rc.41+ retired access tokens of the old kind (ACCESS_TOKEN_LEGACY_RETIRED)
  'auth.token_expired', // the access token's own expiry passed (ACCESS_TOKEN_EXPIRED)
  'auth.route_undeclared', // the site lets no access token do this, whatever its scopes (ACCESS_TOKEN_ROUTE_UNDECLARED)
  'auth.session_required', // only a signed-in browser session may do this, never an access token (AUTH_SESSION_REQUIRED)
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

/**
 * Our own, more precise sentence for a failure, beyond what its code says. Main names it; the renderer words it in
 * the user's language (`errorReasons.<reason>` with AppError.params). Main never composes a sentence itself.
 */
export const ERROR_REASONS = [
  // An address the account form or the gateway answer refused (params.address where one is known).
  'address.empty',
  'address.not_web',
  'address.scheme',
  'address.credentials',
  'address.query',
  'address.too_long', // params.max
  'address.characters', // a control character (the URL parser would drop a tab or a line break unseen)
  'address.base_url_not_management', // params.address: the management address served no /api/ paths
  'address.api_url_not_models', // params.address: the model-calling address served no /v1/ paths
  'address.redirects', // params.address, params.target: the site sends every call to another origin
  'network.unreachable', // params.address, params.cause (a system code such as ECONNREFUSED)
  // Why nothing answered, as the system named it (params.address, params.cause: ECONNREFUSED, net::ERR_… names).
  'network.refused',
  'network.name_not_found',
  'network.no_route',
  'network.reset',
  'network.certificate',
  'network.tls', // often https:// given for a site that serves http://
  'network.offline',
  'network.proxy',
  'network.unsafe_port', // params.port: a port fetch and Chromium refuse to connect to (6000, 10080…)
  'network.failed', // params.address: no system reason was given
  'network.cancelled',
  'network.unsendable', // the address or credential holds characters HTTP does not allow: nothing was sent
  'server.html_page', // params.status
  'protocol.not_json', // params.status
  'protocol.shape', // the answer parsed but had not the expected shape
  'protocol.too_large', // params.megabytes
  // Search patterns refused before sending (params.field: keyword or token; params.limit where one applies).
  'search.invalid_characters',
  'search.adjacent_wildcards',
  'search.too_many_wildcards',
  'search.too_few_bytes',
  'search.exact_only', // the server refused a fuzzy search: the account holds more keys than it allows one for
  // Input refused by Keydesk before anything is sent (params.max, params.bytes, params.values where named).
  'input.invalid', // a field that did not pass the bridge's schema (AppError.field names it)
  'input.too_short', // params.field, params.min (characters)
  'input.too_long', // params.field, params.max (characters)
  'input.credential_characters',
  'input.label_length',
  'input.label_characters',
  'input.order_incomplete',
  'input.key_id',
  'input.key_name_type',
  'input.key_name_bytes', // params.bytes, params.max
  'input.unlimited_flag',
  'input.quota_whole',
  'input.quota_negative',
  'input.expiry_format',
  'input.expiry_past',
  'input.expiry_past_new',
  'input.ip_list', // params.values
  'input.subnet_list', // params.values: entries one-api's subnet (CIDR ranges, net.ParseCIDR) refuses
  'input.quota_on_unlimited',
  'input.amount_too_large',
  'input.request_too_large',
  'input.request_not_json',
  'input.unknown_channel',
  // A key that cannot be enabled as it is ("extend and enable" fixes both).
  'key.enable_expired',
  'key.enable_exhausted',
  'key.name_too_long_for_site', // an older site's shorter name limit (params.max, bytes), below the 50 Keydesk checks
  // Access tokens (params.scope where one is named).
  'auth.scope_missing', // params.scope: the scope the token lacks, and what Keydesk does with it
  'auth.token_unknown', // the site does not know this access token (deleted, replaced, or made on another site)
  'auth.user_disabled', // the site disabled the user the credential belongs to
  // Accounts and sign-in.
  'account.not_password',
  'account.other_user', // params.userId: a new credential for an account that belongs to another user of the site
  'account.token_expiry_past', // an access token's expiry given in the past
  'account.kind_fixed',
  'account.watched_key_only',
  'account.no_watched_key',
  'account.enter_password',
  'account.enter_key',
  'account.sign_in_step_expired',
  'account.not_found',
  'account.key_not_found',
  // Why an account needs signing in, and what the user can do about it.
  'account.auto_sign_in_spent', // params.hours: until the next automatic sign-in Keydesk allows itself
  'account.password_not_remembered',
  'account.signed_out',
  'account.no_credential', // nothing stored for it (restored without credentials, or the vault lost it)
  // The models of a group, where the site has no listing of its own and they are learnt through a key (params.group).
  'models.no_probe_key',
  'models.no_probe_key_in_group',
  'models.only_narrowed_keys', // every usable key of the group has its own model list: none shows all it serves
  // The vault.
  'vault.passphrase_not_entered',
  'vault.session_only_earlier',
  'vault.backend_unavailable', // params.backend: sealed with a backend not available now
  'vault.undecryptable', // params.backend: the key changed or the file was altered
  'vault.refused',
  'vault.wrong_passphrase',
  // The bridge refusing its caller.
  'bridge.untrusted_sender',
  'bridge.launch_code_used',
  'bridge.host_not_allowed',
  'bridge.no_session',
  'bridge.no_handler',
  'bridge.quitting', // Keydesk is quitting: it takes no new request
  // Not in this mode.
  'mode.no_clipboard',
  'updates.nothing_to_download',
  'updates.cannot_download',
  'updates.nothing_to_install',
  'updates.mirror_invalid',
  'updates.unavailable', // updates come another way here: browser mode, a package manager, a development build
  'mode.no_link_opener', // opening another app (a deep link that carries a key) needs the desktop app
  'handoff.no_app', // the system has no app for the link's scheme (params.scheme, e.g. "cherrystudio:")
  // Files with full keys Keydesk wrote: one no longer listed, one changed since (never deleted by Keydesk).
  'exports.not_listed',
  'exports.changed',
  // Backup files (Settings → Back up / Restore).
  'backup.wrong_passphrase',
  'backup.damaged', // truncated, extended or altered: the file no longer authenticates
  'backup.unsupported_version', // made by a newer Keydesk, or asks for KDF parameters outside our bounds
  'backup.not_backup', // not a Keydesk backup file at all
  'backup.too_large', // params.kilobytes
  'backup.expired', // the chosen file or preview was forgotten (closed, or left too long): choose it again
  // Rate limits. Keydesk's own: its background work's share of the site's critical bucket (20 sign-ins, reveals and
  // key-usage reads per 20 minutes), and its cap on key searches (8 of the site's 10 a minute).
  'rate.local_budget',
  'rate.search_budget',
  // The site's: it answered 429 on that bucket (critical, or key search), and its Retry-After is not over yet.
  'rate.site_critical',
  'rate.site_search',
  // Importing accounts from a file: the file as a whole, then one row.
  'import.file_too_large', // params.megabytes
  'import.not_recognised', // neither an All API Hub backup nor a CSV with the required header
  'import.not_json',
  'import.version_unsupported', // params.version
  'import.no_accounts',
  'import.csv_header', // params.columns: the required columns missing
  'import.csv_unterminated_quote', // params.line
  'import.preview_expired',
  'import.missing_field', // params.field
  'import.kind_unknown', // params.kind
  'import.site_type_unsupported', // params.type
  'import.cookie_session',
  'import.no_credential',
  'import.user_id_invalid',
  'import.second_factor',
  'import.cancelled',
  'backup.cancelled',
  // A record refused by the gate every account passes (src-shared/rules/account-record-rules.ts).
  'record.invalid', // params.field: which field does not hold a value an account may have
  'record.credential', // its credentials do not fit its kind, or hold characters a credential cannot
  'record.duplicate', // the file lists the same account twice
  // Hand-off.
  'handoff.env_unrepresentable', // params.name: a .env value cannot be written so that every reader reads it back
  // The site's own quota warning (Account page).
  'notify.no_threshold', // the account has no low-balance threshold in Keydesk to write to the site
  'notify.no_destination', // params.channel: the chosen channel needs an address the site does not hold and none was typed
  // Sync through a WebDAV folder.
  'sync.address', // the folder's address is not https (http only on this machine), or not a web address
  'sync.not_configured',
  'sync.vault_locked', // the sync's own secrets wait for the vault's passphrase
  'sync.unauthorized', // params.status: the WebDAV server refused the user name or app password
  'sync.folder_missing', // params.status: the folder (or its parent) does not exist on the server
  'sync.server_full', // params.status: 507 Insufficient Storage (or 413)
  'sync.server_error', // params.status
  'sync.unreachable', // nothing answered at the address
  'sync.timeout',
  'sync.too_large', // the server sent more than Keydesk reads
  'sync.not_webdav', // the answer was not a WebDAV one
  'sync.conditional_ignored', // params.step: the server wrote over a file it was told not to (no If-Match / If-None-Match)
  'sync.weak_etags', // the server gives no strong ETags, so writes cannot be made conditional
  'sync.folder_in_use', // a new sync was asked for in a folder that already holds one: join it instead
  'sync.folder_empty', // joining a folder that holds no Keydesk sync: set one up instead
  'sync.wrong_passphrase', // the passphrase does not open this folder
  'sync.newer_format', // the folder was made by a newer Keydesk
  'sync.folder_changed', // the folder's keyring is no longer the one this device joined
  'sync.conflict_gone', // the conflict was already resolved (here or elsewhere)
  'sync.busy', // another write to the folder kept winning the race; tried again later
  // Allowances and rotation.
  'allowance.needs_management', // a watched key has no key management: no allowance, no rotation
  'allowance.refill_needs_limit', // a refill allowance is for a key with a quota (an unlimited key takes a cap)
  'allowance.cap_needs_unlimited', // a cap is for an unlimited key (a key with a quota takes a refill)
  'allowance.cap_not_counted', // one-api does not count what an unlimited key spends: there is nothing to cap on
  'allowance.cap_needs_tracking', // a cap counts on "Track spending per key", which is off for the account
  'allowance.time_zone', // params.zone: not a time zone this system knows
  'allowance.too_many', // params.max
  'rotation.running', // a rotation of this key is under way
  'rotation.twin_not_found', // the twin was created but could not be told apart in the list: check the keys
  'rotation.create_unconfirmed', // Keydesk stopped while the twin was being created: check the keys before retrying
  'rotation.not_disabled', // the old key is deleted only once the rotation has disabled it
] as const;
export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Values for a reason's sentence. */
export type ErrorParams = Readonly<Record<string, string | number>>;

export interface AppError {
  readonly code: ErrorCode;
  /** Our more precise sentence, named; the renderer words it with `params`. */
  readonly reason?: ErrorReason;
  /** The values `reason`'s sentence names (an address, a limit, a field): values, never sentences. */
  readonly params?: ErrorParams;
  /** The gateway's own words, as it said them: shown quoted under our sentence, never as the sentence itself. */
  readonly serverMessage?: string;
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
  /**
   * For rate_limited: nothing was sent. Keydesk held the request back, for its own share of the site's limit
   * (reason rate.local_budget / rate.search_budget) or because the site's 429 wait is not over (rate.site_*).
   */
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
