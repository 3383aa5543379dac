// new-api-rc41's scope table, reduced to the dashboard routes the emulator serves: which scope a `nap_` access token
// needs on each, which routes only a browser session may use, and the refusal each rule answers with.
import type { Scope } from './seed.schema';

/**
 * A route's rule for access tokens: a scope to hold, any valid token (the handler decides), or a browser session only
 * (legacy tokens refused too).
 */
export type AccessTokenRule =
  { readonly kind: 'scope'; readonly scope: string } | { readonly kind: 'any' } | { readonly kind: 'session' };

const scope = (s: Scope | 'user:read'): AccessTokenRule => ({ kind: 'scope', scope: s });
const SESSION: AccessTokenRule = { kind: 'session' };
const ANY: AccessTokenRule = { kind: 'any' };

/**
 * Keyed "METHOD /route/path" as Hono registers it (gin's full path in the source). Routes the emulator serves that are
 * not here answer ACCESS_TOKEN_ROUTE_UNDECLARED to a `nap_` token; the setting `access_token_undeclared` takes more
 * out, to stand for a site whose table does not (yet) cover a route Keydesk calls.
 */
export const ACCESS_TOKEN_RULES: Readonly<Record<string, AccessTokenRule>> = {
  'GET /api/user/self': scope('profile:read'),
  'GET /api/user/self/groups': scope('profile:read'),
  'GET /api/user/models': scope('profile:read'),
  'PUT /api/user/setting': scope('profile:write'),
  'GET /api/subscription/self': scope('wallet:read'),
  'GET /api/token/': scope('api_key:read'),
  'GET /api/token/search': scope('api_key:read'),
  'GET /api/token/:id': scope('api_key:read'),
  'POST /api/token/': scope('api_key:write'),
  'PUT /api/token/': scope('api_key:write'),
  'DELETE /api/token/:id': scope('api_key:write'),
  'POST /api/token/:id/key': scope('api_key:reveal'),
  'POST /api/token/batch/keys': scope('api_key:reveal'),
  'GET /api/log/self': scope('usage:read'),
  'GET /api/user/access_tokens': SESSION,
  // Public pricing: optional authentication there, so any valid token (or none) passes.
  'GET /api/pricing': ANY,
  // Not routed on rc.41: gin matches it as the admin route GET /api/user/:id, whose rule is user:read.
  'GET /api/user/token': scope('user:read'),
};

/** Codes and messages of the refusals (middleware/auth.go, the access-token middleware; see the README). */
export const RC41_REFUSALS = {
  legacyRetired: {
    status: 401,
    code: 'ACCESS_TOKEN_LEGACY_RETIRED',
    message: 'Legacy access tokens have been retired. Create a new access token in security settings',
  },
  expired: { status: 401, code: 'ACCESS_TOKEN_EXPIRED', message: 'The access token has expired' },
  scopeDenied: (s: string) => ({
    status: 403,
    code: 'ACCESS_TOKEN_SCOPE_DENIED',
    message: `The access token lacks the required permission: ${s}`,
  }),
  routeUndeclared: {
    status: 403,
    code: 'ACCESS_TOKEN_ROUTE_UNDECLARED',
    message: 'This endpoint is not available to access tokens',
  },
  sessionRequired: {
    status: 403,
    code: 'AUTH_SESSION_REQUIRED',
    message: 'This operation requires signing in from the browser',
  },
  insufficientPrivilege: {
    status: 403,
    code: 'AUTH_INSUFFICIENT_PRIVILEGE',
    message: 'Insufficient privileges for this operation',
  },
} as const;

/** The prefix of scoped tokens; any other value is a legacy token. */
export const SCOPED_PREFIX = 'nap_';

export function ruleOf(method: string, routePath: string, undeclared: readonly string[]): AccessTokenRule | undefined {
  const key = `${method} ${routePath}`;
  return undeclared.includes(key) ? undefined : ACCESS_TOKEN_RULES[key];
}
