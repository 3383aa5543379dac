// A login's short access JWT on the new-api profiles (current and rc.41): the refresh session behind it decides
// whether it still stands. Shared by the two management middlewares that take one.
import type { Context } from 'hono';
import { AUTH_SESSION_REVOKED, AUTH_TOKEN_EXPIRED, AUTH_UNAUTHORIZED } from './auth';
import type { GatewayEnv } from './http';
import { fail } from './http';
import { ALL_SCOPES } from './seed.schema';
import type { AccessPrincipal, GatewayState } from './state';

/**
 * A login's short access JWT (new-api current and rc.41): its principal, the refusal to answer (expired, revoked
 * session), or undefined when the value is no login token at all.
 */
export function loginGrant(
  state: GatewayState,
  c: Context<GatewayEnv>,
  token: string,
): AccessPrincipal | Response | undefined {
  const store = state.sessionStore;
  const grant = store.access.get(token);
  if (!grant) return undefined;
  c.set('authKind', 'login_token');
  if (state.clock.now() >= grant.expiresAt) {
    return fail('access token has expired; refresh it', 401, AUTH_TOKEN_EXPIRED);
  }
  const session = store.refresh.get(grant.sid);
  if (!session || !store.isActive(session)) {
    return fail('this session has been revoked; sign in again', 401, AUTH_SESSION_REVOKED);
  }
  const user = state.users.get(grant.userId);
  return user
    ? { user, kind: 'login_token', scopes: ALL_SCOPES }
    : fail('unauthorized: invalid access token', 401, AUTH_UNAUTHORIZED);
}
