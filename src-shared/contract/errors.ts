// The error half of the contract: the codes that cross the bridge and the Result envelope.

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
