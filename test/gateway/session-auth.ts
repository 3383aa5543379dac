// Management-call authentication per profile: the spec's tokens, new-api's short JWTs backed by refresh
// sessions, or the legacy eras' session cookie / system access token (middleware/auth.go authHelper).
import type { Context, MiddlewareHandler } from 'hono';
import { ACCESS_TOKEN_SCOPE_DENIED, AUTH_UNAUTHORIZED, requireAccess } from './auth';
import type { GatewayEnv } from './http';
import { bearer, fail } from './http';
import { loginGrant } from './login-grant';
import { scopedAuth } from './scoped-auth';
import type { Scope } from './seed.schema';
import { ALL_SCOPES } from './seed.schema';
import type { AccessPrincipal, GatewayState, UserRec } from './state';

export { AUTH_SESSION_REVOKED } from './auth';

/** Cookie names of the two session schemes. */
export const REFRESH_COOKIE = 'new_api_refresh';
export const SESSION_COOKIE = 'session';

/** Legacy messages, verbatim from the sources (Chinese only there). */
export const LEGACY_AUTH = {
  noCredentials: '无权进行此操作，未登录且未提供 access token',
  badToken: '无权进行此操作，access token 无效',
  noUserHeader: '无权进行此操作，未提供 New-Api-User',
  badUserHeader: '无权进行此操作，New-Api-User 格式错误',
  userMismatch: '无权进行此操作，New-Api-User 与登录用户不匹配',
  banned: '用户已被封禁',
} as const;

export function readCookie(c: Context, name: string): string | undefined {
  for (const part of (c.req.header('Cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Middleware guarding a management endpoint. `needsProfileScope` marks the endpoints that newest new-api
 * also guards with `profile:read` (self and self/groups).
 */
export function requireManagement(
  state: GatewayState,
  scope: Scope,
  needsProfileScope = false,
): MiddlewareHandler<GatewayEnv> {
  switch (state.profile.auth) {
    case 'spec':
      return requireAccess(state, scope);
    case 'jwt':
      if (state.profile.accessTokens === 'scoped') return scopedAuth(state);
      return jwtAuth(
        state,
        state.profile.requiresProfileScope && needsProfileScope ? [scope, 'profile:read'] : [scope],
      );
    case 'cookie':
      return cookieAuth(state);
  }
}

function jwtAuth(state: GatewayState, scopes: Scope[]): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (token === undefined) return fail('unauthorized: no access token provided', 401, AUTH_UNAUTHORIZED);
    let principal: AccessPrincipal | undefined;
    const login = loginGrant(state, c, token);
    if (login instanceof Response) return login;
    if (login) {
      principal = login;
    } else {
      const found = state.principal(token);
      principal = found === 'expired' ? undefined : found;
      c.set('authKind', principal ? principal.kind : 'invalid');
    }
    if (!principal) return fail('unauthorized: invalid access token', 401, AUTH_UNAUTHORIZED);
    // New-Api-User is ignored on this era: no check either way.
    if (principal.user.status !== 1) return fail('unauthorized: user has been disabled', 401, AUTH_UNAUTHORIZED);
    const missing = scopes.find((s) => !principal.scopes.includes(s));
    if (missing !== undefined) {
      return fail(`access token lacks the required scope ${missing}`, 403, ACCESS_TOKEN_SCOPE_DENIED);
    }
    c.set('principal', principal);
    await next();
  };
}

/** authHelper of new-api legacy/early and one-api: no scopes existed, an access token could do anything. */
function cookieAuth(state: GatewayState): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const session = state.sessionStore.cookie(readCookie(c, SESSION_COOKIE));
    let user: UserRec | undefined;
    let kind: AccessPrincipal['kind'] = 'session_cookie';
    if (session?.userId != null) {
      user = state.users.get(session.userId);
      c.set('authKind', 'session_cookie');
    } else {
      const header = c.req.header('Authorization') ?? '';
      if (header === '') return fail(LEGACY_AUTH.noCredentials, 401);
      // Both sources strip the first "Bearer " only (case-sensitive); a bare token works too.
      const found = state.principal(header.replace('Bearer ', ''));
      if (found === undefined || found === 'expired' || found.kind !== 'system_token') {
        c.set('authKind', 'invalid');
        // HTTP 200, not 401: a quirk clients must read as "unauthorized".
        return fail(LEGACY_AUTH.badToken);
      }
      user = found.user;
      kind = 'system_token';
      c.set('authKind', 'system_token');
    }
    if (!user) return fail(LEGACY_AUTH.noCredentials, 401);
    if (state.profile.requiresNewApiUser) {
      const claimed = c.req.header('New-Api-User') ?? '';
      if (claimed === '') return fail(LEGACY_AUTH.noUserHeader, 401);
      // strconv.Atoi: optional sign, decimal digits.
      if (!/^[+-]?\d{1,18}$/.test(claimed)) return fail(LEGACY_AUTH.badUserHeader, 401);
      if (Number(claimed) !== user.id) return fail(LEGACY_AUTH.userMismatch, 401);
    }
    if (user.status !== 1) return fail(LEGACY_AUTH.banned);
    c.set('principal', { user, kind, scopes: ALL_SCOPES });
    await next();
  };
}
