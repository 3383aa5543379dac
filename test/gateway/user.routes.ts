// Account endpoints at base_url: login, self, groups, subscription, and the API-key usage endpoint (4.7).
import type { Hono } from 'hono';
import { requireKey } from './auth';
import type { GatewayEnv } from './http';
import { fail, isRecord, json, ok } from './http';
import { WRONG_CREDENTIALS_MESSAGE, registerLoginRoutes } from './login.routes';
import type { Mutex } from './mutex';
import { rateLimit } from './rate-limit';
import { requireManagement } from './session-auth';
import type { GatewayState } from './state';
import { accountView } from './state';
import { registerUserSettingRoute } from './user-setting.routes';

export { WRONG_CREDENTIALS_MESSAGE };

export function registerUserRoutes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  if (state.profile.auth === 'spec') registerSpecLogin(app, state, mutex);
  else registerLoginRoutes(app, state, mutex);
  const { endpoints } = state.profile;

  app.get('/api/user/self', requireManagement(state, 'wallet:read', true), (c) =>
    ok(accountView(c.get('principal').user, state.profile.userSetting)),
  );
  if (state.profile.userSetting) registerUserSettingRoute(app, state, mutex);

  // one-api has no such route (its keys have no group): its JSON 404 answers instead.
  if (endpoints.groups) {
    app.get('/api/user/self/groups', requireManagement(state, 'api_key:read', true), (c) => {
      const groups: Record<string, { desc: string; ratio: number }> = {};
      for (const name of state.usableGroups(c.get('principal').user)) {
        const g = state.groups[name];
        if (g) groups[name] = { desc: g.desc, ratio: g.ratio };
      }
      return ok(groups);
    });
  }

  if (endpoints.subscription) {
    app.get('/api/subscription/self', requireManagement(state, 'wallet:read'), (c) => {
      const { subscription } = c.get('principal').user;
      return ok({
        subscriptions: subscription.subscriptions,
        all_subscriptions: subscription.all_subscriptions,
        billing_preference: subscription.billing_preference,
      });
    });
  }

  if (endpoints.keyUsage) {
    app.get('/api/usage/token/', rateLimit(state, 'critical'), requireKey(state, 'usage'), (c) => {
      const k = c.get('apiKey');
      const limits = k.model_limits_enabled
        ? Object.fromEntries(modelList(k.model_limits).map((m) => [m, true] as const))
        : {};
      return json({
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name: k.name,
          total_granted: k.remain_quota + k.used_quota,
          total_used: k.used_quota,
          total_available: k.remain_quota,
          unlimited_quota: k.unlimited_quota,
          model_limits: limits,
          model_limits_enabled: k.model_limits_enabled,
          expires_at: k.expired_time === -1 ? 0 : k.expired_time,
        },
      });
    });
  }
}

/** The spec's login: an opaque login token of `login_token_ttl_s`, no cookie. */
function registerSpecLogin(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  app.post('/api/user/login', (c) =>
    mutex.run(() => {
      const body = c.get('body');
      if (!isRecord(body) || typeof body.username !== 'string' || typeof body.password !== 'string') {
        return fail('invalid parameter: username and password are required');
      }
      if (body.username === '' || body.password === '')
        return fail('invalid parameter: username and password are required');
      const user = [...state.users.values()].find((u) => u.username === body.username);
      // One message for an unknown user, a wrong password and a disabled account, as new-api does.
      if (user?.password === undefined || user.password !== body.password || user.status !== 1) {
        return fail(WRONG_CREDENTIALS_MESSAGE);
      }
      const { token, session } = state.login(user);
      return ok({
        access_token: token,
        token_type: 'Bearer',
        access_expires_at: session.expiresAt,
        session: { sid: session.sid, login_method: 'password' },
        user: { id: user.id, display_name: user.display_name, group: user.group, quota: user.quota },
      });
    }),
  );
}

export function modelList(limits: string): string[] {
  return limits
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '');
}
