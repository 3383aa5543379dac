// Authentication of spec section 5: access tokens (login or system, with scopes) and API keys.
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { GatewayContext, GatewayEnv } from './http';
import type { Profile } from './profiles';
import { apiError, bearer, fail, json, oneApiError } from './http';
export { oneApiError };
import type { Scope } from './seed.schema';
import type { GatewayState } from './state';
import { keyFault, keyRefusalResponse, type KeyFault } from './key-refusals';
import { isIpInSubnets, subnetDenied } from './subnet';

/** The key usage endpoint's words (spec 4.7), as before the eras had their own for /v1. */
const usageRefusal = (cause: KeyFault['cause']): string =>
  ({
    unknown: 'invalid token',
    disabled: 'token has been disabled',
    expired: 'token has expired',
    exhausted: 'token quota is exhausted',
  })[cause];

export const AUTH_UNAUTHORIZED = 'AUTH_UNAUTHORIZED';
export const AUTH_TOKEN_EXPIRED = 'AUTH_TOKEN_EXPIRED';
export const ACCESS_TOKEN_SCOPE_DENIED = 'ACCESS_TOKEN_SCOPE_DENIED';
export const AUTH_SESSION_REVOKED = 'AUTH_SESSION_REVOKED';

/** Header a test sends to pose as another client IP for allow_ips. */
export const CLIENT_IP_HEADER = 'X-Emulator-Client-Ip';

export function requireAccess(state: GatewayState, scope: Scope): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const token = bearer(c);
    if (token === undefined) {
      return fail('unauthorized: no access token provided', 401, AUTH_UNAUTHORIZED);
    }
    const principal = state.principal(token);
    if (principal === 'expired') {
      c.set('authKind', 'login_token');
      return fail('access token has expired, please log in again', 401, AUTH_TOKEN_EXPIRED);
    }
    if (!principal) {
      c.set('authKind', 'invalid');
      return fail('unauthorized: invalid access token', 401, AUTH_UNAUTHORIZED);
    }
    c.set('authKind', principal.kind);
    if (principal.user.status !== 1) return fail('unauthorized: user has been disabled', 401, AUTH_UNAUTHORIZED);
    // Older new-api required New-Api-User; newer ignore it. We verify it when present so a client bug shows.
    const claimed = c.req.header('New-Api-User');
    if (claimed !== undefined && claimed.trim() !== String(principal.user.id)) {
      return fail('unauthorized: New-Api-User does not match the access token', 401, AUTH_UNAUTHORIZED);
    }
    if (!principal.scopes.includes(scope)) {
      return fail(`access token lacks the required scope ${scope}`, 403, ACCESS_TOKEN_SCOPE_DENIED);
    }
    c.set('principal', principal);
    await next();
  };
}

/**
 * The address a call comes from: the test header, else the admin setting, else the TCP peer. Tests that must not
 * trust any header bind their sockets to loopback aliases (127.0.0.2, 127.0.0.3…) and are seen as those.
 */
export function clientIp(c: GatewayContext, state: GatewayState): string {
  const override = c.req.header(CLIENT_IP_HEADER)?.trim();
  if (override) return override;
  if (state.clientIp !== null) return state.clientIp;
  const address = getConnInfo(c).remote.address ?? '127.0.0.1';
  return address.replace(/^::ffff:/, '');
}

/**
 * API-key authentication. `v1` endpoints also enforce allow_ips and the account's group permission;
 * the key usage endpoint does neither (spec 4.7: any valid key may call it). `checksQuota`: the route needs quota
 * (the model list and calls), so an exhausted key is refused there as the real servers' TokenAuth does; the billing
 * reads keep answering it, so its balance can still be read. The spec profile never refuses on quota at auth.
 */
export function requireKey(
  state: GatewayState,
  surface: 'v1' | 'usage',
  options: { readonly checksQuota?: boolean } = {},
): MiddlewareHandler<GatewayEnv> {
  const checksQuota = options.checksQuota === true && state.profile.keyRefusals !== 'spec';
  return async (c, next) => {
    const raw = bearer(c);
    const value = raw?.replace(/^sk-/, '');
    const k = value === undefined ? undefined : state.findKeyByValue(value);
    const fault = keyFault(state, k, checksQuota);
    if (raw !== undefined) c.set('authKind', k ? 'api_key' : 'invalid');
    if (fault === 'user_disabled') {
      const message = 'user has been disabled';
      return surface === 'v1'
        ? apiError(401, message, 'invalid_api_key')
        : json({ code: false, message, data: null }, 401);
    }
    if (fault !== undefined || !k) {
      if (surface === 'v1') return keyRefusalResponse(state, k, fault ?? { cause: 'unknown' });
      const message = usageRefusal(fault?.cause ?? 'unknown');
      return json({ code: false, message, data: null }, 401);
    }
    if (surface === 'v1') {
      const { messages } = state.profile;
      const ip = clientIp(c, state);
      if (state.profile.allowIps === 'subnet') {
        // one-api's TokenAuth: a non-empty subnet admits only addresses inside it (403 with one-api's error body).
        if (k.subnet !== null && k.subnet !== '' && !isIpInSubnets(ip, k.subnet)) {
          return oneApiError(403, subnetDenied(k.subnet, ip));
        }
      }
      const allowed = allowedIps(state.profile, k.allow_ips);
      if (allowed.length > 0 && !allowed.includes(ip)) {
        const refusal = messages.ipDenied(ip);
        return apiError(403, refusal.message, refusal.code);
      }
      const group = state.effectiveGroup(k);
      if (!state.usableGroups(state.userOf(k)).includes(group)) {
        const refusal = messages.groupDenied(group);
        return apiError(403, refusal.message, refusal.code);
      }
    }
    c.set('apiKey', k);
    await next();
  };
}

/**
 * The addresses a key's allow_ips admits, as each era parses them. Real servers split on newlines only and
 * delete spaces and commas inside a line, so `1.2.3.4,5.6.7.8` becomes the one entry `1.2.3.45.6.7.8`:
 * current and legacy builds keep it (every call refused), early builds drop entries that are not an IP.
 */
export function allowedIps(profile: Profile, raw: string | null): string[] {
  if (raw === null || profile.allowIps === 'subnet') return [];
  if (profile.allowIps === 'spec') {
    return raw
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  const entries = raw
    .replace(/ /g, '')
    .split('\n')
    .map((line) => line.trim().replace(/,/g, ''))
    .filter((line) => line !== '');
  return profile.allowIps === 'lines-valid-ip' ? entries.filter((e) => isIP(e) !== 0) : entries;
}
