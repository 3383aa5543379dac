// The site's own model listings at base_url, which need no API key: new-api's GET /api/pricing (each model with the
// groups that serve it) and GET /api/user/models, one-api's GET /api/user/available_models. Shaped per era (the
// profile's `modelListing`; sources in profiles.ts and README.md).
import type { Hono } from 'hono';
import { AUTH_TOKEN_EXPIRED } from './auth';
import { modelPriceOf } from './billing';
import type { GatewayContext, GatewayEnv } from './http';
import { bearer, fail, json, ok } from './http';
import type { Profile } from './profiles';
import { SESSION_COOKIE, readCookie, requireManagement } from './session-auth';
import type { GatewayState, UserRec } from './state';

export function registerListingRoutes(app: Hono<GatewayEnv>, state: GatewayState): void {
  const { modelListing } = state.profile;
  const user = (c: GatewayContext) => c.get('principal').user;

  if (modelListing.pricing !== 'none') {
    const era = modelListing.pricing;
    app.get('/api/pricing', (c) => {
      const caller = pricingCaller(c, state, era);
      if (caller === 'expired') return fail('access token has expired; refresh it', 401, AUTH_TOKEN_EXPIRED);
      return json(pricingAnswer(state, era, caller));
    });
  }

  if (modelListing.userModels !== 'none') {
    const byGroup = modelListing.userModels === 'by-group';
    app.get('/api/user/models', requireManagement(state, 'api_key:read', true), (c) => {
      const usable = state.usableGroups(user(c));
      const asked = c.req.query('group') ?? '';
      // Current builds answer one group when asked (none when it is not the user's to use); older ones ignore it.
      const groups = byGroup && asked !== '' ? usable.filter((g) => g === asked) : usable;
      return ok(modelsOfGroups(state, groups));
    });
  }

  if (modelListing.availableModels) {
    // one-api's GetUserAvailableModels: CacheGetGroupModels of the user's own group (keys there have none).
    app.get('/api/user/available_models', requireManagement(state, 'api_key:read'), (c) =>
      ok(modelsOfGroups(state, [user(c).group])),
    );
  }
}

/** Distinct models the groups serve, in the seed's model order. */
function modelsOfGroups(state: GatewayState, groups: readonly string[]): string[] {
  const served = new Set(groups.flatMap((g) => state.groups[g]?.models ?? []));
  return state.models.filter((m) => served.has(m.id)).map((m) => m.id);
}

/**
 * Who asks, as TryUserAuth sees it: current builds classify a Bearer credential (a login JWT or an access token; an
 * expired JWT is refused, an unknown token is anonymous); older builds read only the session cookie, so an access
 * token is anonymous there. `null` is anonymous.
 */
function pricingCaller(
  c: GatewayContext,
  state: GatewayState,
  era: Exclude<Profile['modelListing']['pricing'], 'none'>,
): UserRec | null | 'expired' {
  if (era !== 'current') {
    const session = state.sessionStore.cookie(readCookie(c, SESSION_COOKIE));
    return session?.userId == null ? null : (state.users.get(session.userId) ?? null);
  }
  const token = bearer(c);
  if (token === undefined) return null;
  const grant = state.sessionStore.access.get(token);
  if (grant) {
    if (state.clock.now() >= grant.expiresAt) return 'expired';
    return state.users.get(grant.userId) ?? null;
  }
  const found = state.principal(token);
  return found === undefined || found === 'expired' ? null : found.user;
}

/**
 * GetPricing's answer. The emulator has no site-wide UserUsableGroups setting: an anonymous caller is shown every
 * group. A model is priced per call (quota_type 1, model_price in the site's US$ at quota_per_unit) or by tokens
 * (quota_type 0: model_ratio and completion_ratio, model_price 0; current builds add cache_ratio when the model has
 * one; QuantumNous model/pricing.go @ 0067bd93 updatePricing), as billing.ts charges; owner_by is empty because
 * updatePricing never fills it.
 */
function pricingAnswer(
  state: GatewayState,
  era: Exclude<Profile['modelListing']['pricing'], 'none'>,
  caller: UserRec | null,
) {
  const usable = caller === null ? Object.keys(state.groups) : state.usableGroups(caller);
  const data = state.models.flatMap((m) => {
    // Every group with an enabled ability for the model (GetAllEnableAbilities); a model nobody serves is not listed.
    const serving = Object.keys(state.groups).filter((g) => state.groups[g]?.models.includes(m.id));
    // Current builds keep only the caller's usable groups and drop models left with none (filterPricingByUsableGroups).
    const enableGroups = era === 'current' ? serving.filter((g) => usable.includes(g)) : serving;
    if (enableGroups.length === 0) return [];
    const isRatio = m.model_ratio !== undefined;
    const item = {
      model_name: m.id,
      quota_type: isRatio ? 0 : 1,
      model_ratio: m.model_ratio ?? 0,
      model_price: isRatio ? 0 : modelPriceOf(state, m),
      owner_by: '',
      completion_ratio: isRatio ? m.completion_ratio : 0,
      enable_groups: enableGroups,
      ...(era === 'current' && isRatio && m.cache_ratio !== undefined ? { cache_ratio: m.cache_ratio } : {}),
    };
    if (era === 'early') return [item];
    const withEndpoints = { ...item, supported_endpoint_types: m.supported_endpoint_types };
    return [
      era === 'legacy' ? withEndpoints : { ...withEndpoints, wallet_available: true, subscription_available: true },
    ];
  });
  const groupRatio = Object.fromEntries(usable.map((g) => [g, state.groups[g]?.ratio ?? 1]));
  const usableGroup = Object.fromEntries(usable.map((g) => [g, state.groups[g]?.desc ?? '']));
  const answer = { success: true, data, group_ratio: groupRatio, usable_group: usableGroup };
  if (era === 'early') return answer;
  const legacy = { ...answer, vendors: [], supported_endpoint: {}, auto_groups: [] };
  return era === 'legacy' ? legacy : { ...legacy, pricing_version: 'a42d372ccf0b5dd13ecf71203521f9d2' };
}
