import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src-shared/contract';
import { GatewayError } from '../../../../src-main/gateway/errors';
import { HttpTransport } from '../../../../src-main/gateway/http';
import {
  ManagementClient,
  type ManagementClientOptions,
  type SessionState,
} from '../../../../src-main/gateway/management.client';
import type { WireKeyRecord } from '../../../../src-main/gateway/schemas';
import { WRITABLE_FIELDS } from '../../../../src-main/gateway/token-update';
import { NOW_SEC } from './arbitraries';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch, type Route, type SentRequest } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

const BASE = 'https://gw.example';

function wire(overrides: Partial<WireKeyRecord> = {}): WireKeyRecord {
  return {
    id: 7,
    user_id: 3,
    key: 'abcd**********wxyz',
    status: 1,
    name: 'prod',
    created_time: NOW_SEC - 1000,
    accessed_time: NOW_SEC - 10,
    expired_time: -1,
    remain_quota: 5_000_000,
    unlimited_quota: false,
    model_limits_enabled: true,
    model_limits: 'gpt-4o',
    allow_ips: '10.0.0.1',
    used_quota: 100,
    group: 'vip',
    cross_group_retry: true,
    ...overrides,
  };
}

function setup(route: Route, options: Partial<ManagementClientOptions> = {}) {
  const clock = new FakeClock();
  clock.time = NOW_SEC * 1000;
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const client = new ManagementClient({ transport, logger, clock, baseUrl: BASE, accessToken: 'tok-1', ...options });
  const run = <T>(p: Promise<Result<T>>) => settle(clock, p);
  return { clock, fetch, client, run };
}

/** What was sent besides the login's key read (GET /api/user/login/encryption-key, before every login). */
const sentBesidesKeyRead = (fetch: { sent: SentRequest[] }): SentRequest[] =>
  fetch.sent.filter((r) => r.url.pathname !== '/api/user/login/encryption-key');

const loginSession = (token: string): SessionState => ({
  credential: { kind: 'login_token', token, expiresAt: null, sid: null },
  cookies: '',
  userId: 3,
});

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};
const error = <T>(r: Result<T>) => {
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

/** A tiny stateful key store answering the key endpoints the way the spec says. */
function keyStore(initial: WireKeyRecord[], onPut?: (req: SentRequest) => void): Route {
  const keys = new Map(initial.map((k) => [k.id, { ...k }]));
  return (req) => {
    const path = req.url.pathname;
    const byId = /^\/api\/token\/(\d+)$/.exec(path);
    if (req.method === 'GET' && byId) {
      const k = keys.get(Number(byId[1]));
      return k ? okEnvelope(k) : jsonResponse({ success: false, message: 'record not found' });
    }
    if (req.method === 'PUT' && path === '/api/token/') {
      onPut?.(req);
      const body = req.body as WireKeyRecord;
      const k = keys.get(body.id);
      if (!k) return jsonResponse({ success: false, message: 'record not found' });
      if (req.url.searchParams.get('status_only') === 'true') k.status = body.status;
      else Object.assign(k, body, { status: k.status });
      return okEnvelope(k);
    }
    return new Response('404 page not found', { status: 404 });
  };
}

describe('ManagementClient auth', () => {
  it('sends the bearer token, and New-Api-User once the user id is known', async () => {
    const { client, fetch, run } = setup((req) =>
      req.url.pathname === '/api/user/self'
        ? okEnvelope({ id: 42, username: 'alice', role: 1, status: 1, group: 'default', quota: 1, used_quota: 0 })
        : okEnvelope({ default: { desc: 'd', ratio: 1 } }),
    );
    value(await run(client.getSelf()));
    value(await run(client.getGroups()));
    expect(fetch.sent[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(fetch.sent[0]?.headers['new-api-user']).toBeUndefined();
    expect(fetch.sent[1]?.headers['new-api-user']).toBe('42');
    expect(client.userId).toBe(42);
  });

  it('re-authenticates once for all concurrent callers on an expired login token, then replays each once', async () => {
    let reauths = 0;
    const holder: { client?: ManagementClient } = {};
    const { client, fetch, clock } = setup(
      (req) =>
        req.url.pathname === '/api/user/login'
          ? okEnvelope({ access_token: 'tok-2', access_expires_at: NOW_SEC + 900, user: { id: 3 } })
          : req.headers.authorization === 'Bearer tok-2'
            ? okEnvelope({ default: { desc: '', ratio: 1 } })
            : jsonResponse({ success: false, code: 'AUTH_TOKEN_EXPIRED', message: 'expired' }, 401),
      {
        accessToken: undefined,
        saved: loginSession('tok-1'),
        reauthenticate: async () => {
          reauths++;
          await new Promise((r) => setImmediate(r));
          const again = await holder.client?.login('u', 'p');
          if (!again?.ok) throw new Error('login failed');
        },
      },
    );
    holder.client = client;
    const results = await settle(clock, Promise.all([client.getGroups(), client.getGroups(), client.getGroups()]));
    for (const r of results) expect(r.ok).toBe(true);
    expect(reauths).toBe(1);
    expect(fetch.sent.filter((r) => r.headers.authorization === 'Bearer tok-2')).toHaveLength(3);
  });

  it('never renews a system access token: an expired answer is reported as it is', async () => {
    let reauths = 0;
    const { client, fetch, run } = setup(
      () => jsonResponse({ success: false, code: 'AUTH_TOKEN_EXPIRED', message: 'expired' }, 401),
      {
        reauthenticate: () => {
          reauths++;
          return Promise.resolve();
        },
      },
    );
    expect(error(await run(client.getGroups())).code).toBe('auth.expired');
    expect(reauths).toBe(0);
    expect(fetch.sent).toHaveLength(1);
  });

  it('gives up with auth.expired when the replay is refused again', async () => {
    let reauths = 0;
    const holder: { client?: ManagementClient } = {};
    const { client, fetch, run } = setup(
      (req) =>
        req.url.pathname === '/api/user/login'
          ? okEnvelope({ access_token: `tok-${String(reauths + 1)}`, user: { id: 3 } })
          : jsonResponse({ success: false, code: 'AUTH_TOKEN_EXPIRED', message: 'expired' }, 401),
      {
        accessToken: undefined,
        saved: loginSession('tok-1'),
        reauthenticate: async () => {
          reauths++;
          await holder.client?.login('u', 'p');
        },
      },
    );
    holder.client = client;
    expect(error(await run(client.getGroups())).code).toBe('auth.expired');
    expect(reauths).toBe(1);
    expect(fetch.sent.map((r) => r.url.pathname)).toEqual([
      '/api/user/self/groups',
      '/api/user/login/encryption-key',
      '/api/user/login',
      '/api/user/self/groups',
    ]);
  });

  it('newest builds: offers only the verification methods the server says are available, and sends the flow token', async () => {
    const { client, fetch, run } = setup((req) =>
      req.url.pathname === '/api/user/login'
        ? okEnvelope({
            require_verification: true,
            flow_token: 'flow-fake',
            methods: [
              { method: 'totp', available: true },
              { method: 'passkey', available: false, reason: 'no passkey on this device' },
            ],
          })
        : okEnvelope({ access_token: 'tok-v', access_expires_at: NOW_SEC + 900, user: { id: 5 } }),
    );
    const challenge = value(await run(client.login('alice', 'pw')));
    expect(challenge).toEqual({
      kind: 'second_factor',
      method: 'verification',
      methods: ['totp'],
      flowToken: 'flow-fake',
    });
    if (challenge.kind !== 'second_factor') throw new Error('unreachable');
    value(await run(client.answerSecondFactor(challenge, '654321', 'totp')));
    const sent = sentBesidesKeyRead(fetch);
    expect(sent[1]?.url.pathname).toBe('/api/user/login/verify');
    expect(sent[1]?.body).toEqual({ code: '654321', method: 'totp', flow_token: 'flow-fake' });
  });

  it('older servers: a login answering the user sets a cookie session that later calls carry with New-Api-User', async () => {
    const { client, fetch, run } = setup(
      (req) =>
        req.url.pathname === '/api/user/login'
          ? new Response(JSON.stringify({ success: true, message: '', data: { id: 9, username: 'alice', role: 1 } }), {
              headers: {
                'content-type': 'application/json',
                'set-cookie': 'session=fake-session-cookie; Path=/; Max-Age=2592000; HttpOnly',
              },
            })
          : okEnvelope({ default: { desc: '', ratio: 1 } }),
      { accessToken: undefined },
    );
    expect(value(await run(client.login('alice', 'pw')))).toEqual({ kind: 'signed_in', userId: 9, expiresAt: null });
    value(await run(client.getGroups()));
    const sent = sentBesidesKeyRead(fetch);
    expect(sent[1]?.headers.cookie).toBe('session=fake-session-cookie');
    expect(sent[1]?.headers['new-api-user']).toBe('9');
    expect(sent[1]?.headers.authorization).toBeUndefined();
    expect(client.sessionState().credential).toEqual({ kind: 'cookie' });
  });

  it('returns a 2FA challenge as a value and answers it', async () => {
    const { client, fetch, run } = setup((req) =>
      req.url.pathname === '/api/user/login'
        ? okEnvelope({ require_2fa: true, flow_token: 'ft' })
        : okEnvelope({ access_token: 'tok-9', access_expires_at: NOW_SEC + 900, user: { id: 5 } }),
    );
    const challenge = value(await run(client.login('alice', 'pw')));
    expect(challenge).toEqual({ kind: 'second_factor', method: '2fa', flowToken: 'ft' });
    if (challenge.kind !== 'second_factor') throw new Error('unreachable');
    const done = value(await run(client.answerSecondFactor(challenge, '123456')));
    expect(done).toEqual({ kind: 'signed_in', expiresAt: NOW_SEC + 900, userId: 5 });
    expect(client.sessionState().credential).toEqual({
      kind: 'login_token',
      token: 'tok-9',
      expiresAt: NOW_SEC + 900,
      sid: null,
    });
    const sent = sentBesidesKeyRead(fetch);
    expect(sent[0]?.headers.authorization).toBeUndefined();
    expect(sent[1]?.url.pathname).toBe('/api/user/login/2fa');
    expect(sent[1]?.body).toEqual({ code: '123456', flow_token: 'ft' });
  });

  it('reports a wrong password as auth.unauthorized with the server message', async () => {
    const { client, run } = setup(() => jsonResponse({ success: false, message: '用户名或密码错误' }));
    expect(error(await run(client.login('a', 'b')))).toMatchObject({
      code: 'auth.unauthorized',
      serverMessage: '用户名或密码错误',
    });
  });

  it('tells the account of a refusal of the access token itself, and words an unknown token as such', async () => {
    const answers: [Response, string, string | undefined][] = [
      [
        jsonResponse({ success: false, code: 'ACCESS_TOKEN_LEGACY_RETIRED', message: 'retired' }, 401),
        'auth.token_retired',
        undefined,
      ],
      [
        jsonResponse({ success: false, code: 'ACCESS_TOKEN_EXPIRED', message: 'expired' }, 401),
        'auth.token_expired',
        undefined,
      ],
      [
        jsonResponse({ success: false, code: 'AUTH_UNAUTHORIZED', message: 'no such token' }, 401),
        'auth.unauthorized',
        'auth.token_unknown',
      ],
      // Older eras answer an unknown token with HTTP 200.
      [
        jsonResponse({ success: false, message: '无权进行此操作，access token 无效' }),
        'auth.unauthorized',
        'auth.token_unknown',
      ],
    ];
    for (const [answer, code, reason] of answers) {
      const heard: GatewayError[] = [];
      const { client, run } = setup(() => answer.clone(), { onTokenRefused: (e) => heard.push(e) });
      const refused = error(await run(client.getSelf()));
      expect([refused.code, refused.reason]).toEqual([code, reason]);
      expect(heard.map((e) => e.code)).toEqual([code]);
    }
    // A missing scope is no refusal of the token: it still does what its scopes allow.
    const heard: GatewayError[] = [];
    const { client, run } = setup(
      () => jsonResponse({ success: false, code: 'ACCESS_TOKEN_SCOPE_DENIED', message: 'lacks api_key:reveal' }, 403),
      { onTokenRefused: (e) => heard.push(e) },
    );
    expect(error(await run(client.getSelf())).code).toBe('auth.scope_denied');
    expect(heard).toEqual([]);
  });

  it('without a token or a way to get one, asks the user to sign in', async () => {
    const { client, fetch, run } = setup(() => okEnvelope({}), { accessToken: undefined });
    expect(error(await run(client.getGroups())).code).toBe('auth.needs_sign_in');
    expect(fetch.sent).toHaveLength(0);
  });
});

describe('ManagementClient safe writes', () => {
  it('updateKey reads fresh, sends every writable field with the edit, and compares with the answer', async () => {
    const puts: SentRequest[] = [];
    const { client, fetch, run } = setup(keyStore([wire()], (r) => puts.push(r)));
    const updated = value(await run(client.updateKey(7, { remain_quota: 9_000_000 })));
    // One read and one write: the answer carries the stored record, so no read-back.
    expect(fetch.sent.map((r) => r.method)).toEqual(['GET', 'PUT']);
    const body = puts[0]?.body as Record<string, unknown>;
    for (const f of ['id', ...WRITABLE_FIELDS]) expect(body, f).toHaveProperty(f);
    const { id, name, status, expired_time, unlimited_quota, group, model_limits_enabled, model_limits, allow_ips } =
      wire();
    expect(body).toEqual({
      ...{ id, name, status, expired_time, unlimited_quota, group, model_limits_enabled, model_limits, allow_ips },
      remain_quota: 9_000_000,
      cross_group_retry: true,
    });
    expect(body).not.toHaveProperty('key');
    expect(updated.mismatches).toEqual([]);
    expect(updated.key.remain_quota).toBe(9_000_000);
    expect(updated.key.key).toBe('sk-abcd**********wxyz');
    expect(updated.before.remain_quota).toBe(5_000_000);
  });

  it('reads back only when the write answers no record of this key', async () => {
    for (const answer of [null, {}, { success: true }, wire({ id: 8 })]) {
      const route = keyStore([wire()]);
      const { client, fetch, run } = setup((req) => {
        const res = route(req);
        return req.method === 'PUT' ? okEnvelope(answer) : res;
      });
      const updated = value(await run(client.updateKey(7, { name: 'renamed' })));
      expect(
        fetch.sent.map((r) => r.method),
        JSON.stringify(answer),
      ).toEqual(['GET', 'PUT', 'GET']);
      expect(updated.key.id).toBe(7);
      expect(updated.key.name).toBe('renamed');
      expect(updated.mismatches).toEqual([]);
    }
  });

  it('reports a field the answer says was stored differently, without reading again', async () => {
    const route = keyStore([wire()]);
    const { client, fetch, run } = setup((req) =>
      req.method === 'PUT' ? okEnvelope({ ...wire(), ...(req.body as WireKeyRecord), allow_ips: '' }) : route(req),
    );
    const updated = value(await run(client.updateKey(7, { allow_ips: '10.0.0.2' })));
    expect(updated.mismatches).toEqual(['allow_ips']);
    expect(fetch.sent.map((r) => r.method)).toEqual(['GET', 'PUT']);
  });

  it('works edits out from the fresh read, and a refusal there sends nothing', async () => {
    const puts: SentRequest[] = [];
    const { client, fetch, run } = setup(keyStore([wire()], (r) => puts.push(r)));
    const updated = value(await run(client.updateKey(7, (k) => ({ remain_quota: k.remain_quota + 1 }))));
    expect((puts[0]?.body as WireKeyRecord).remain_quota).toBe(5_000_001);
    expect(updated.key.remain_quota).toBe(5_000_001);
    const refused = await run(
      client.updateKey(7, () => {
        throw new GatewayError('validation', 'no', { field: 'remainQuota' });
      }),
    );
    expect(error(refused)).toMatchObject({ code: 'validation', field: 'remainQuota' });
    expect(fetch.sent.map((r) => r.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('reports fields the server stored differently', async () => {
    const route = keyStore([wire()]);
    const { client, run } = setup((req) => {
      if (req.method === 'PUT') {
        (req.body as Record<string, unknown>).name = 'trimmed';
      }
      return route(req);
    });
    expect(value(await run(client.updateKey(7, { name: ' spaced ' }))).mismatches).toEqual(['name']);
  });

  it('refuses a past expiry without sending anything, unless expiring on purpose', async () => {
    const { client, fetch, run } = setup(keyStore([wire()]));
    expect(error(await run(client.updateKey(7, { expired_time: 0 })))).toMatchObject({
      code: 'validation',
      field: 'expired_time',
    });
    expect(fetch.sent.map((r) => r.method)).toEqual(['GET']);
    value(await run(client.updateKey(7, { expired_time: NOW_SEC - 1 }, { expireOnPurpose: true })));
    expect(fetch.sent.map((r) => r.method)).toEqual(['GET', 'GET', 'PUT']);
  });

  it('refuses to enable an expired or exhausted key, and extendAndEnable fixes then enables', async () => {
    const { client, fetch, run } = setup(
      keyStore([wire({ status: 3, expired_time: NOW_SEC - 5 }), wire({ id: 8, status: 2, remain_quota: 0 })]),
    );
    const refused = error(await run(client.setKeyStatus(7, true)));
    expect(refused).toMatchObject({ code: 'validation', field: 'expired_time' });
    expect(error(await run(client.setKeyStatus(8, true)))).toMatchObject({ field: 'remain_quota' });
    expect(fetch.sent.some((r) => r.method === 'PUT')).toBe(false);

    const enabled = value(await run(client.extendAndEnable(7, { expired_time: NOW_SEC + 86_400 })));
    expect(enabled.status).toBe(1);
    expect(enabled.expired_time).toBe(NOW_SEC + 86_400);
    const puts = fetch.sent.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.url.search)).toEqual(['', '?status_only=true']);
    expect(puts[1]?.body).toEqual({ id: 7, status: 1 });
  });

  it('disables through status_only without a gate', async () => {
    const { client, fetch, run } = setup(keyStore([wire({ expired_time: NOW_SEC - 5 })]));
    expect(value(await run(client.setKeyStatus(7, false)))?.status).toBe(2);
    expect(fetch.sent.map((r) => `${r.method} ${r.url.search}`)).toEqual(['PUT ?status_only=true']);
  });

  it('creates a key, then finds it by listing (newest matching name and settings)', async () => {
    const older = wire({
      id: 10,
      name: 'ci',
      created_time: NOW_SEC - 5000,
      remain_quota: 1000,
      expired_time: -1,
      group: '',
    });
    const fresh = { ...older, id: 12, created_time: NOW_SEC };
    const other = { ...older, id: 11, name: 'other', created_time: NOW_SEC };
    const { client, fetch, run } = setup((req) =>
      req.method === 'POST'
        ? okEnvelope()
        : okEnvelope({ page: 1, page_size: 100, total: 3, items: [other, fresh, older] }),
    );
    const created = value(
      await run(client.createKey({ name: 'ci', remain_quota: 1000, unlimited_quota: false, expired_time: -1 })),
    );
    expect(created?.id).toBe(12);
    // The first write of a client learns the site's key table from one listed key (new-api's: the spec's fields).
    expect(fetch.sent.map((r) => `${r.method} ${r.url.search}`)).toEqual([
      'GET ?p=1&size=1',
      'POST ',
      'GET ?p=1&size=100',
    ]);
    expect(fetch.sent[1]?.body).toEqual({
      name: 'ci',
      remain_quota: 1000,
      unlimited_quota: false,
      expired_time: -1,
      group: '',
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
    });
  });
});

describe('ManagementClient reads', () => {
  it('validates search patterns before sending, and strips sk- from token searches', async () => {
    const { client, fetch, run } = setup(() => okEnvelope({ page: 1, page_size: 10, total: 0, items: [] }));
    expect(error(await run(client.searchKeys({ keyword: '%a%b%' })))).toMatchObject({
      code: 'validation',
      field: 'keyword',
    });
    expect(fetch.sent).toHaveLength(0);
    value(await run(client.searchKeys({ token: 'sk-abcd' })));
    expect(fetch.sent[0]?.url.searchParams.get('token')).toBe('abcd');
    expect(fetch.sent[0]?.url.searchParams.has('keyword')).toBe(false);
  });

  it('reveals keys in chunks of 100, merged, with sk-', async () => {
    const { client, fetch, run } = setup((req) => {
      const ids = (req.body as { ids: number[] }).ids;
      return okEnvelope({
        keys: Object.fromEntries(ids.filter((id) => id !== 150).map((id) => [String(id), `full${String(id)}`])),
      });
    });
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const keys = value(await run(client.revealKeys(ids)));
    expect(fetch.sent.map((r) => (r.body as { ids: number[] }).ids.length)).toEqual([100, 100, 50]);
    expect(keys.size).toBe(249);
    expect(keys.get(1)).toBe('sk-full1');
    expect(keys.has(150)).toBe(false);
  });

  it('maps a missing key to not_found and a text 404 to wrong_base_address', async () => {
    const { client, run } = setup((req) =>
      req.url.pathname === '/api/token/1'
        ? jsonResponse({ success: false, message: 'record not found' })
        : new Response('404 page not found', { status: 404 }),
    );
    expect(error(await run(client.getKey(1))).code).toBe('not_found');
    const wrong = error(await run(client.getKey(2)));
    expect(wrong.code).toBe('wrong_base_address');
    expect(wrong.params?.address).toContain(BASE);
  });

  it('reads the Invalid URL 404 of reveal and subscription as unsupported, and of core endpoints as a wrong address', async () => {
    const invalidUrl = (req: SentRequest) =>
      jsonResponse(
        { error: { message: `Invalid URL (${req.method} ${req.url.pathname})`, type: 'new_api_error' } },
        404,
      );
    const { client, run } = setup(invalidUrl);
    expect(error(await run(client.revealKey(5)))).toMatchObject({ code: 'unsupported', feature: 'reveal' });
    expect(error(await run(client.revealKeys([5, 6])))).toMatchObject({ code: 'unsupported', feature: 'reveal' });
    expect(error(await run(client.getSubscription()))).toMatchObject({
      code: 'unsupported',
      feature: 'subscription',
    });
    expect(error(await run(client.getSelf())).code).toBe('wrong_base_address');
    expect(error(await run(client.listKeys())).code).toBe('wrong_base_address');
  });

  it('never fails a list, search or detail over a key saved with allow_ips null (no limit)', async () => {
    const nullIps = wire({ id: 8, allow_ips: null });
    const { client, run } = setup((req) => {
      if (req.url.pathname === '/api/token/search')
        return okEnvelope({ page: 1, page_size: 10, total: 1, items: [nullIps] });
      if (req.url.pathname === '/api/token/8') return okEnvelope(nullIps);
      return okEnvelope({ page: 1, page_size: 10, total: 2, items: [wire(), nullIps] });
    });
    expect(value(await run(client.listKeys())).items.map((k) => k.allow_ips)).toEqual(['10.0.0.1', null]);
    expect(value(await run(client.searchKeys({ keyword: 'prod' }))).items).toHaveLength(1);
    expect(value(await run(client.getKey(8))).allow_ips).toBeNull();
  });

  it('updates a key saved with allow_ips null, sending "" (no limit) and one address per line', async () => {
    const sent: unknown[] = [];
    const { client, run } = setup(keyStore([wire({ allow_ips: null })], (req) => sent.push(req.body)));
    const renamed = value(await run(client.updateKey(7, { name: 'renamed' })));
    expect(renamed.mismatches).toEqual([]);
    expect((sent[0] as WireKeyRecord).allow_ips).toBe('');
    value(await run(client.updateKey(7, { allow_ips: '1.2.3.4,5.6.7.8' })));
    expect((sent[1] as WireKeyRecord).allow_ips).toBe('1.2.3.4\n5.6.7.8');
  });

  it('reads a body missing a required field as protocol, never as zero', async () => {
    const { remain_quota: _, ...partial } = wire();
    const { client, run } = setup(() => okEnvelope(partial));
    const e = error(await run(client.getKey(7)));
    expect(e.code).toBe('protocol');
    expect(e.reason).toBe('protocol.shape');
    expect(e.serverMessage).toBeUndefined();
  });

  it('refuses an invalid id without a request', async () => {
    const { client, fetch, run } = setup(() => okEnvelope({}));
    expect(error(await run(client.getKey(0))).code).toBe('validation');
    expect(error(await run(client.deleteKey(1.5))).code).toBe('validation');
    expect(fetch.sent).toHaveLength(0);
  });
});
