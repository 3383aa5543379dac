// Control plane on admin_url (tests only): clock, quotas, spending, group ratios, faults, reset, request log,
// settings, consume logging.
import type { Hono } from 'hono';
import { z } from 'zod';
import { registerBillingAdmin } from './admin-billing.routes';
import type { FaultStore } from './faults';
import type { GatewayEnv } from './http';
import { json, positiveInt } from './http';
import type { Mutex } from './mutex';
import type { RequestLog } from './request-log';
import { ALL_SCOPES, type Seed } from './seed.schema';
import { randomAlnum } from './random';
import type { GatewayState } from './state';
import { BUCKETS } from './rate-limit';
import { DEFAULT_LOG_MODEL, accountView, charge, keyView } from './state';

export interface AdminDeps {
  state: GatewayState;
  faults: FaultStore;
  log: RequestLog;
  mutex: Mutex;
  seed: Seed;
}

const int = z.number().int();
const schemas = {
  clockSet: z.object({ now: int, frozen: z.boolean().optional() }).strict(),
  clockAdvance: z.object({ seconds: z.number() }).strict(),
  userQuota: z.object({ quota: int }).strict(),
  keyQuota: z.object({ remain_quota: int }).strict(),
  // -1 never ends, as the servers write it; any other end is a Unix second.
  keyExpiry: z.object({ expired_time: int.min(-1) }).strict(),
  groupRatio: z.object({ ratio: z.number().min(0) }).strict(),
  spend: z
    .object({
      units: int.positive(),
      calls: int.positive().default(1),
      // The consume row(s) the spend writes (split evenly over `calls`, the remainder on the last row).
      model: z.string().min(1).default(DEFAULT_LOG_MODEL),
      prompt_tokens: int.min(0).default(0),
      completion_tokens: int.min(0).default(0),
      is_stream: z.boolean().default(false),
      use_time: int.min(0).default(1),
    })
    .strict(),
  logConsume: z.object({ enabled: z.boolean() }).strict(),
  // A token the user made in the console (new-api-rc41: `nap_` + 43 characters; scopes and expiry as chosen there).
  accessToken: z
    .object({
      token: z.string().min(8).optional(),
      scopes: z.array(z.enum(ALL_SCOPES)).default([...ALL_SCOPES]),
      expires_at: int.min(0).default(0),
    })
    .strict(),
  settings: z
    .object({
      propagation_delay_s: int.min(0),
      max_remain_quota: int.min(0),
      fuzzy_search_key_cap: int.min(0),
      login_token_ttl_s: int.min(1),
      client_ip: z.string().min(1).nullable(),
      access_token_ttl_s: int.min(1),
      secure_cookies: z.boolean(),
      max_active_sessions: int.min(0),
      max_sessions_per_day: int.min(0),
      rate_limit_enabled: z.boolean(),
      display_token_stat_enabled: z.boolean(),
      legacy_access_token_retire_at: int.nullable(),
      password_encryption: z.boolean(),
      access_token_undeclared: z.array(z.string().regex(/^[A-Z]+ \/\S*$/)),
      status: z
        .object({
          version: z.string(),
          quota_per_unit: z.number().positive(),
          quota_display_type: z.enum(['USD', 'CNY', 'TOKENS', 'CUSTOM']),
          usd_exchange_rate: z.number().positive(),
          custom_currency_symbol: z.string(),
          custom_currency_exchange_rate: z.number().positive(),
          display_in_currency: z.boolean(),
          price: z.number().min(0),
          stripe_unit_price: z.number().min(0),
        })
        .partial()
        .strict(),
    })
    .partial()
    .strict(),
};

function badRequest(message: string): Response {
  return json({ error: message }, 400);
}

const notFoundJson = () => json({ error: 'not found' }, 404);

export function registerAdminRoutes(app: Hono<GatewayEnv>, deps: AdminDeps): void {
  const { state, faults, log, mutex } = deps;
  const clockView = () => ({ now: state.clock.now(), frozen: state.clock.frozen });

  /** Parses the JSON body with a schema, then runs the mutation under the gateway's mutex. */
  function mutation<S extends z.ZodType>(schema: S, run: (input: z.output<S>, id: number) => Response) {
    return (c: { get(k: 'body'): unknown; req: { param(name: string): string | undefined } }) => {
      const parsed = schema.safeParse(c.get('body') ?? {});
      if (!parsed.success) return badRequest(z.prettifyError(parsed.error));
      return mutex.run(() => run(parsed.data, positiveInt(c.req.param('id')) ?? 0));
    };
  }

  app.get('/clock', () => json(clockView()));
  app.post(
    '/clock/set',
    mutation(schemas.clockSet, (b) => {
      state.clock.set(b.now, b.frozen);
      return json(clockView());
    }),
  );
  app.post(
    '/clock/advance',
    mutation(schemas.clockAdvance, (b) => {
      state.clock.advance(b.seconds);
      return json(clockView());
    }),
  );

  app.get('/settings', () => json({ ...state.settings, client_ip: state.clientIp }));
  app.patch(
    '/settings',
    mutation(schemas.settings, ({ client_ip, status, ...rest }) => {
      Object.assign(state.settings, rest);
      if (status !== undefined) Object.assign(state.settings.status, status);
      if (client_ip !== undefined) state.clientIp = client_ip;
      return json({ ...state.settings, client_ip: state.clientIp });
    }),
  );

  // The servers' LogConsumeEnabled option: off = calls and spends write no consume rows.
  app.get('/settings/log-consume', () => json({ enabled: state.logConsumeEnabled }));
  app.put(
    '/settings/log-consume',
    mutation(schemas.logConsume, (b) => {
      state.logConsumeEnabled = b.enabled;
      return json({ enabled: state.logConsumeEnabled });
    }),
  );

  app.get('/users/:id', (c) => {
    const user = state.users.get(positiveInt(c.req.param('id')) ?? 0);
    return user ? json({ ...accountView(user, true), usable_groups: state.usableGroups(user) }) : notFoundJson();
  });
  app.put(
    '/users/:id/quota',
    mutation(schemas.userQuota, (b, id) => {
      const user = state.users.get(id);
      if (!user) return notFoundJson();
      user.quota = b.quota;
      return json(accountView(user));
    }),
  );

  // The user making a system access token in the console; answers the token (the only time it is shown).
  app.post(
    '/users/:id/access-tokens',
    mutation(schemas.accessToken, (b, id) => {
      const user = state.users.get(id);
      if (!user) return notFoundJson();
      const token = b.token ?? `nap_${randomAlnum(43)}`;
      if (state.accessToken(token)) return badRequest('duplicate access token');
      user.access_tokens.push({ token, scopes: b.scopes, expires_at: b.expires_at });
      return json({ token, scopes: b.scopes, expires_at: b.expires_at }, 201);
    }),
  );
  // A server restart without Redis, or the shared key's TTL: login ciphertexts of the old key are refused from now.
  app.post('/password-key/rotate', () => mutex.run(() => json(state.passwordKey.rotate())));

  // A site raising (or lowering) a group's price: /api/user/self/groups shows the new ratio at once.
  app.put('/groups/:name/ratio', (c) => {
    const name = decodeURIComponent(c.req.param('name'));
    const parsed = schemas.groupRatio.safeParse(c.get('body') ?? {});
    if (!parsed.success) return badRequest(z.prettifyError(parsed.error));
    return mutex.run(() => {
      const group = state.groups[name];
      if (!group) return notFoundJson();
      group.ratio = parsed.data.ratio;
      return json({ name, ...group });
    });
  });

  // The admin view of a key includes the full value and the group it behaves as right now.
  const adminKeyView = (id: number) => {
    const k = state.keys.get(id);
    return k && { ...keyView(state.refresh(k), state.profile), key: k.key, effective_group: state.effectiveGroup(k) };
  };
  app.get('/keys/:id', (c) => {
    const view = adminKeyView(positiveInt(c.req.param('id')) ?? 0);
    return view ? json(view) : notFoundJson();
  });
  app.put(
    '/keys/:id/quota',
    mutation(schemas.keyQuota, (b, id) => {
      const k = state.keys.get(id);
      if (!k) return notFoundJson();
      k.remain_quota = b.remain_quota;
      return json(adminKeyView(id));
    }),
  );
  // A key's end set relative to the gateway clock: a test of what expires soon then runs on any date.
  app.put(
    '/keys/:id/expiry',
    mutation(schemas.keyExpiry, (b, id) => {
      const k = state.keys.get(id);
      if (!k) return notFoundJson();
      k.expired_time = b.expired_time;
      return json(adminKeyView(id));
    }),
  );
  app.post(
    '/keys/:id/spend',
    mutation(schemas.spend, (b, id) => {
      const k = state.keys.get(id);
      if (!k) return notFoundJson();
      const { units, calls, ...detail } = b;
      charge(state, k, units, calls, detail);
      return json({ key: adminKeyView(id), user: accountView(state.userOf(k)) });
    }),
  );

  registerSessionAdmin(app, deps);
  registerBillingAdmin(app, state, mutex);

  app.get('/faults', () => json({ faults: faults.list() }));
  app.post('/faults', (c) => {
    const parsed = (() => {
      try {
        return { fault: faults.add(c.get('body') as never) };
      } catch (error) {
        return { error: error instanceof z.ZodError ? z.prettifyError(error) : String(error) };
      }
    })();
    return 'fault' in parsed ? json(parsed.fault, 201) : badRequest(parsed.error);
  });
  // The `hold` fault's latch: how many requests wait, and letting them all go on to be served.
  app.get('/faults/held', () => json({ held: faults.heldCount }));
  app.post('/faults/release', () => json({ released: faults.releaseHolds() }));
  app.delete('/faults', () => {
    faults.clear();
    return json({ faults: [] });
  });
  app.delete('/faults/:id', (c) => (faults.remove(positiveInt(c.req.param('id')) ?? 0) ? json({}) : notFoundJson()));

  app.post('/reset', () =>
    mutex.run(() => {
      state.load(deps.seed);
      faults.clear();
      log.clear();
      return json({ ok: true, ...clockView() });
    }),
  );

  app.get('/log', (c) => json({ entries: log.list(positiveInt(c.req.query('since')) ?? 0) }));
  app.delete('/log', () => {
    log.clear();
    return json({ entries: [] });
  });
}

/** Profile, session and rate-limit introspection (non-spec profiles). */
function registerSessionAdmin(app: Hono<GatewayEnv>, deps: AdminDeps): void {
  const { state, mutex } = deps;
  const { messages: _messages, ...switches } = state.profile;
  app.get('/profile', () => json(switches));

  // Per user: live refresh sessions and sessions opened in the last 24 h (what the new-api caps count).
  app.get('/sessions', () =>
    json({
      users: Object.fromEntries([...state.users.keys()].map((id) => [id, state.sessionStore.counts(id)])),
    }),
  );
  app.get('/users/:id/sessions', (c) => {
    const id = positiveInt(c.req.param('id')) ?? 0;
    return state.users.has(id) ? json(state.sessionStore.counts(id)) : notFoundJson();
  });
  // "Log out other devices" / a password change: every session of the user ends, cookies too.
  app.post('/users/:id/sessions/revoke', (c) =>
    mutex.run(() => {
      const id = positiveInt(c.req.param('id')) ?? 0;
      if (!state.users.has(id)) return notFoundJson();
      let revoked = state.sessionStore.revokeUser(id);
      for (const [cookie, s] of state.sessionStore.cookies) {
        if (s.userId === id || s.pendingUserId === id) {
          state.sessionStore.cookies.delete(cookie);
          revoked++;
        }
      }
      return json({ revoked });
    }),
  );

  app.get('/rate-limits', () => json({ buckets: BUCKETS, counts: state.rateLimiter.counts() }));
  app.delete('/rate-limits', () => {
    state.rateLimiter.clear();
    return json({ counts: state.rateLimiter.counts() });
  });
}
