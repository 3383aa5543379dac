// Spec 5 and 7: login, token expiry, system-token scopes, unauthorized, New-Api-User, account isolation.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { startGateway } from '../index';
import { WRONG_CREDENTIALS_MESSAGE } from '../user.routes';
import { ALICE, BOB_READONLY, DAVE, T0, bind, call, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const login = (username: string, password: string) => h.base('/api/user/login', { body: { username, password } });

describe('login', () => {
  it('returns a bearer session that acts as the user', async () => {
    const r = await login('alice', 'demo-password-1');
    expect(r.body.success).toBe(true);
    expect(r.body.message).toBe('');
    const data = r.body.data;
    expect(data.token_type).toBe('Bearer');
    expect(data.access_expires_at).toBe(T0 + 86400);
    expect(data.session).toEqual({ sid: expect.any(String), login_method: 'password' });
    expect(data.user).toEqual({ id: 1, display_name: 'Alice Chen', group: 'default', quota: 60_000_000 });
    const self = await h.base('/api/user/self', { token: data.access_token });
    expect(self.body.data.id).toBe(1);
  });

  it('refuses wrong, unknown, disabled and incomplete credentials with success false', async () => {
    for (const [u, p] of [
      ['alice', 'wrong'],
      ['nobody', 'demo-password-1'],
      ['dave', 'demo-password-4'],
      ['carol', 'anything'],
    ] as const) {
      const r = await login(u, p);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: false, message: WRONG_CREDENTIALS_MESSAGE });
    }
    const missing = await h.base('/api/user/login', { body: { username: 'alice' } });
    expect(missing.body.success).toBe(false);
    const garbage = await h.base('/api/user/login', { body: '{not json' });
    expect(garbage.body.success).toBe(false);
  });

  it('expires the login token at access_expires_at with AUTH_TOKEN_EXPIRED', async () => {
    const { access_token, access_expires_at } = (await login('alice', 'demo-password-1')).body.data;
    await h.admin('/clock/set', { body: { now: access_expires_at - 1 } });
    expect((await h.base('/api/token/', { token: access_token })).body.success).toBe(true);
    await h.admin('/clock/advance', { body: { seconds: 1 } });
    const r = await h.base('/api/token/', { token: access_token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: 'AUTH_TOKEN_EXPIRED' });
    expect(r.body.message).not.toBe('');
    // A system token does not expire with the clock.
    expect((await h.base('/api/token/', { token: ALICE })).body.success).toBe(true);
  });
});

describe('access tokens', () => {
  it('answers AUTH_UNAUTHORIZED for a missing or unknown token', async () => {
    for (const token of [undefined, 'not-a-token', `${ALICE}x`]) {
      const r = await h.base('/api/user/self', token === undefined ? {} : { token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: 'AUTH_UNAUTHORIZED' });
    }
  });

  it('refuses the token of a disabled account', async () => {
    const r = await h.base('/api/user/self', { token: DAVE });
    expect(r.body).toMatchObject({ success: false, code: 'AUTH_UNAUTHORIZED' });
  });

  it('accepts the bare token without the Bearer scheme', async () => {
    const r = await h.base('/api/user/self', { headers: { Authorization: ALICE } });
    expect(r.body.data.username).toBe('alice');
  });

  it('verifies New-Api-User when present', async () => {
    expect((await h.base('/api/user/self', { token: ALICE, headers: { 'New-Api-User': '1' } })).body.success).toBe(
      true,
    );
    const wrong = await h.base('/api/user/self', { token: ALICE, headers: { 'New-Api-User': '2' } });
    expect(wrong.body).toMatchObject({ success: false, code: 'AUTH_UNAUTHORIZED' });
  });

  it('never lets a token reach another account', async () => {
    const bobKey = 201;
    for (const r of [
      await h.base(`/api/token/${bobKey}`, { token: ALICE }),
      await h.base(`/api/token/${bobKey}/key`, { method: 'POST', token: ALICE }),
      await h.base(`/api/token/${bobKey}`, { method: 'DELETE', token: ALICE }),
      await h.base('/api/token/', { method: 'PUT', token: ALICE, body: { id: bobKey, name: 'x', remain_quota: 1 } }),
      await h.base('/api/token/?status_only=true', { method: 'PUT', token: ALICE, body: { id: bobKey, status: 2 } }),
    ]) {
      expect(r.body).toEqual({ success: false, message: 'record not found' });
    }
    const batch = await h.base('/api/token/batch/keys', { token: ALICE, body: { ids: [1, bobKey] } });
    expect(Object.keys(batch.body.data.keys)).toEqual(['1']);
    const list = await h.base('/api/token/?size=100', { token: ALICE });
    expect(list.body.data.items.every((k: { user_id: number }) => k.user_id === 1)).toBe(true);
    expect((await h.admin('/keys/201')).body.name).toBe('bob-main'); // untouched
  });
});

describe('scopes', () => {
  const scopes = ['api_key:read', 'api_key:write', 'api_key:reveal', 'wallet:read'] as const;
  const endpoints: { scope: (typeof scopes)[number]; method: string; path: string; body?: unknown }[] = [
    { scope: 'api_key:read', method: 'GET', path: '/api/user/self/groups' },
    { scope: 'api_key:read', method: 'GET', path: '/api/token/' },
    { scope: 'api_key:read', method: 'GET', path: '/api/token/1' },
    { scope: 'api_key:read', method: 'GET', path: '/api/token/search?keyword=k1' },
    {
      scope: 'api_key:write',
      method: 'POST',
      path: '/api/token/',
      body: { name: 'n', remain_quota: 1, unlimited_quota: false, expired_time: -1 },
    },
    {
      scope: 'api_key:write',
      method: 'PUT',
      path: '/api/token/',
      body: { id: 1, name: 'k1', remain_quota: 5, expired_time: -1 },
    },
    { scope: 'api_key:write', method: 'PUT', path: '/api/token/?status_only=true', body: { id: 1, status: 2 } },
    { scope: 'api_key:write', method: 'DELETE', path: '/api/token/1' },
    { scope: 'api_key:reveal', method: 'POST', path: '/api/token/1/key' },
    { scope: 'api_key:reveal', method: 'POST', path: '/api/token/batch/keys', body: { ids: [1] } },
    { scope: 'wallet:read', method: 'GET', path: '/api/user/self' },
    { scope: 'wallet:read', method: 'GET', path: '/api/subscription/self' },
  ];

  it('maps every management endpoint to exactly its documented scope', async () => {
    const scoped = await startGateway({
      clock: { now: T0 },
      seed: {
        groups: { default: {} },
        users: [
          {
            id: 1,
            username: 'u',
            access_tokens: scopes.map((s) => ({ token: `token-only-${s}`, scopes: [s] })),
            keys: [{ id: 1, name: 'k1', remain_quota: 10 }],
          },
        ],
      },
    });
    try {
      for (const e of endpoints) {
        for (const s of scopes) {
          await call(`${scoped.admin_url}/reset`, { method: 'POST' });
          const r = await call(scoped.base_url + e.path, { method: e.method, token: `token-only-${s}`, body: e.body });
          if (s === e.scope) {
            expect(r.body.success, `${e.method} ${e.path} with ${s}`).toBe(true);
          } else {
            expect(r.status).toBe(403);
            expect(r.body).toMatchObject({ success: false, code: 'ACCESS_TOKEN_SCOPE_DENIED' });
            expect(r.body.message).toContain(e.scope);
          }
        }
      }
    } finally {
      await scoped.close();
    }
  });

  it('lets the read-only demo token read but not write or reveal', async () => {
    expect((await h.base('/api/token/', { token: BOB_READONLY })).body.data.total).toBe(3);
    const write = await h.base('/api/token/201', { method: 'DELETE', token: BOB_READONLY });
    expect(write.body.code).toBe('ACCESS_TOKEN_SCOPE_DENIED');
    expect(write.body.message).toContain('api_key:write');
    const reveal = await h.base('/api/token/201/key', { method: 'POST', token: BOB_READONLY });
    expect(reveal.body.message).toContain('api_key:reveal');
  });
});
