// Management authentication of new-api-rc41 (middleware/auth.go from the scoped-token change on): a Bearer value is a
// login's JWT, a `nap_` access token checked for expiry and against the route's scope rule, or an older token that
// works unscoped until the site's retirement date. Cookies are never read here: on rc.41 a cookie alone
// authenticates only refresh and logout (login.routes.ts).
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { RC41_REFUSALS, SCOPED_PREFIX, ruleOf } from './access-token-rules';
import { AUTH_UNAUTHORIZED } from './auth';
import type { GatewayEnv } from './http';
import { bearer, fail } from './http';
import { loginGrant } from './login-grant';
import { ALL_SCOPES } from './seed.schema';
import type { GatewayState } from './state';

const refuse = (r: { status: number; code: string; message: string }): Response => fail(r.message, r.status, r.code);

/** `minRole`: the route's own role check (AdminAuth = 10), made before the token's route rule as authHelper does. */
export function scopedAuth(state: GatewayState, minRole = 1): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (token === undefined) return fail('unauthorized: no access token provided', 401, AUTH_UNAUTHORIZED);
    const login = loginGrant(state, c, token);
    if (login instanceof Response) return login;
    if (login) {
      if (login.user.status !== 1) return fail('unauthorized: user has been disabled', 401, AUTH_UNAUTHORIZED);
      if (login.user.role < minRole) return refuse(RC41_REFUSALS.insufficientPrivilege);
      c.set('principal', login);
      await next();
      return;
    }
    const found = state.accessToken(token);
    c.set('authKind', found ? 'system_token' : 'invalid');
    if (!found) return fail('unauthorized: invalid access token', 401, AUTH_UNAUTHORIZED);
    const now = state.clock.now();
    const isScoped = token.startsWith(SCOPED_PREFIX);
    // The deadline retires every value that is not a `nap_` token, whatever the route.
    if (!isScoped && now >= state.legacyRetireAt()) return refuse(RC41_REFUSALS.legacyRetired);
    if (isScoped && found.rec.expires_at > 0 && found.rec.expires_at <= now) return refuse(RC41_REFUSALS.expired);
    if (found.user.status !== 1) return fail('unauthorized: user has been disabled', 401, 'AUTH_USER_DISABLED');
    if (found.user.role < minRole) return refuse(RC41_REFUSALS.insufficientPrivilege);
    const rule = ruleOf(c.req.method, routePath(c), state.settings.access_token_undeclared);
    if (rule?.kind === 'session') return refuse(RC41_REFUSALS.sessionRequired);
    // Legacy tokens keep their old, unscoped reach until they are retired.
    if (isScoped) {
      if (rule === undefined) return refuse(RC41_REFUSALS.routeUndeclared);
      if (rule.kind === 'scope' && !(found.rec.scopes as readonly string[]).includes(rule.scope)) {
        return refuse(RC41_REFUSALS.scopeDenied(rule.scope));
      }
    }
    c.set('principal', { user: found.user, kind: 'system_token', scopes: isScoped ? found.rec.scopes : ALL_SCOPES });
    await next();
  };
}
