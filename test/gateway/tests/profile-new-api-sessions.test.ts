// new-api current profile: JWT login, rotating refresh cookie, replay detection, logout, caps, 2FA, scopes.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { Reply } from './helpers';
import { ALICE, BOB_READONLY } from './helpers';
import {
  ALICE_PASSWORD,
  bindProfile,
  cookieFrom,
  setCookieLine,
  smallSeed,
  startProfile,
  must,
} from './profile-helpers';

let gw: Gateway;
let h: ReturnType<typeof bindProfile>;

beforeAll(async () => {
  gw = await startProfile('new-api', {
    ...smallSeed(),
    users: [
      must(smallSeed().users[0]),
      { id: 8, username: 'tess', password: 'fake-password-8', totp_code: '123456' },
      { id: 9, username: 'vera', password: 'fake-password-9', totp_code: '222333', login_verify: true },
    ],
  });
  h = bindProfile(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const login = (username = 'erin', password = 'fake-password-7') =>
  h.base('/api/user/login', { body: { username, password } });

/** Refresh with a cookie value and the session id header. */
const refresh = (cookie: string | undefined, sid: string, headers: Record<string, string> = {}) =>
  h.withCookie('/api/user/auth/refresh', cookie, { method: 'POST', headers: { 'X-Auth-Session': sid, ...headers } });

function session(r: Reply): { token: string; sid: string; cookie: string } {
  const cookie = cookieFrom(r, 'new_api_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return { token: r.body.data.access_token as string, sid: r.body.data.session.sid as string, cookie };
}

describe('new-api login', () => {
  it('answers an access JWT, the session and the user, and sets the HttpOnly refresh cookie', async () => {
    const r = await login();
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      token_type: 'Bearer',
      access_expires_at: gw.clock.now() + 900,
      session: { login_method: 'password' },
      user: { id: 7, username: 'erin', display_name: 'erin', role: 1, status: 1, group: 'default', quota: 10_000_000 },
    });
    expect(r.body.data.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const line = setCookieLine(r, 'new_api_refresh');
    expect(line).toMatch(new RegExp(`^new_api_refresh=${r.body.data.session.sid as string}\\.\\w+;`));
    expect(line).toContain('Path=/api/user/auth');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain(`Max-Age=${30 * 86400}`);
    expect(line).not.toContain('Secure');
    // The token works for management calls and New-Api-User is ignored, even when wrong.
    const me = await h.base('/api/user/self', { token: r.body.data.access_token, headers: { 'New-Api-User': '999' } });
    expect(me.body).toMatchObject({ success: true, data: { id: 7 } });
  });

  it('expires the access token after access_token_ttl_s with AUTH_TOKEN_EXPIRED', async () => {
    const { token } = session(await login());
    await h.advance(900);
    const r = await h.base('/api/token/', { token });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: 'AUTH_TOKEN_EXPIRED' });
  });

  it('answers an unknown token with 401 AUTH_UNAUTHORIZED', async () => {
    const r = await h.base('/api/token/', { token: 'not.a.token' });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ success: false, code: 'AUTH_UNAUTHORIZED', message: expect.any(String) as string });
  });
});

describe('new-api refresh', () => {
  it('rotates the cookie: the new one works, the old one is a replay that revokes the session', async () => {
    const first = session(await login());
    const r1 = await refresh(first.cookie, first.sid);
    expect(r1.status).toBe(200);
    const second = session(r1);
    expect(second.sid).toBe(first.sid);
    expect(second.cookie).not.toBe(first.cookie);
    expect(second.token).not.toBe(first.token);
    // Replaying the spent cookie: 401 AUTH_SESSION_REVOKED, and the whole session is dead.
    const replay = await refresh(first.cookie, first.sid);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('AUTH_SESSION_REVOKED');
    const after = await refresh(second.cookie, second.sid);
    expect(after.body.code).toBe('AUTH_SESSION_REVOKED');
    const call = await h.base('/api/token/', { token: second.token });
    expect(call.status).toBe(401);
    expect(call.body.code).toBe('AUTH_SESSION_REVOKED');
  });

  it('refuses a missing cookie, an unknown cookie or a wrong X-Auth-Session with AUTH_UNAUTHORIZED', async () => {
    const s = session(await login());
    for (const r of [
      await refresh(undefined, s.sid),
      await refresh('new_api_refresh=nosuchsid.secret', 'nosuchsid'),
      await refresh(s.cookie, 'another-sid'),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body.code).toBe('AUTH_UNAUTHORIZED');
    }
  });

  it('with secure_cookies demands a same-origin Origin or Referer and marks the cookie Secure', async () => {
    await h.patchSettings({ secure_cookies: true });
    const r = await login();
    expect(setCookieLine(r, 'new_api_refresh')).toContain('Secure');
    const s = session(r);
    const foreign = await refresh(s.cookie, s.sid, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, code: 'AUTH_ORIGIN_FORBIDDEN' });
    expect((await refresh(s.cookie, s.sid)).status).toBe(403);
    const good = await refresh(s.cookie, s.sid, { Referer: `${gw.base_url}/console` });
    expect(good.status).toBe(200);
  });
});

describe('new-api logout and revocation', () => {
  it('logout revokes the session: its token and its refresh cookie stop working', async () => {
    const s = session(await login());
    const out = await h.withCookie('/api/user/auth/logout', s.cookie, {
      method: 'POST',
      token: s.token,
      headers: { 'X-Auth-Session': s.sid },
    });
    expect(out.body).toMatchObject({ success: true });
    expect((await h.base('/api/token/', { token: s.token })).body.code).toBe('AUTH_SESSION_REVOKED');
    expect((await refresh(s.cookie, s.sid)).body.code).toBe('AUTH_SESSION_REVOKED');
  });

  it('admin "log out other devices" revokes every session and the counts follow', async () => {
    const a = session(await login());
    session(await login());
    expect((await h.admin('/users/7/sessions')).body).toEqual({ active: 2, issued_24h: 2 });
    expect((await h.admin('/users/7/sessions/revoke', { method: 'POST' })).body).toEqual({ revoked: 2 });
    expect((await h.admin('/sessions')).body.users['7']).toEqual({ active: 0, issued_24h: 2 });
    const r = await h.base('/api/user/self', { token: a.token });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('AUTH_SESSION_REVOKED');
  });
});

describe('new-api session caps', () => {
  it('refuses a login beyond max_active_sessions with 409 AUTH_SESSION_LIMIT', async () => {
    await h.patchSettings({ max_active_sessions: 2, rate_limit_enabled: false });
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(200);
    const r = await login();
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ success: false, code: 'AUTH_SESSION_LIMIT' });
    // A revoked session frees a slot.
    await h.admin('/users/7/sessions/revoke', { method: 'POST' });
    expect((await login()).status).toBe(200);
  });

  it('refuses the 101st session of 24 h with 429 AUTH_SESSION_ISSUANCE_LIMIT, even after revocations', async () => {
    await h.patchSettings({ max_sessions_per_day: 3, rate_limit_enabled: false });
    for (let i = 0; i < 3; i++) expect((await login()).status).toBe(200);
    await h.admin('/users/7/sessions/revoke', { method: 'POST' });
    const r = await login();
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('AUTH_SESSION_ISSUANCE_LIMIT');
    await h.advance(86400);
    expect((await login()).status).toBe(200);
  });

  it('defaults to 50 active sessions', async () => {
    await h.patchSettings({ rate_limit_enabled: false });
    for (let i = 0; i < 50; i++) expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(409);
  });
});

describe('new-api second factor', () => {
  it('answers a flow token, then completes with {code, flow_token}', async () => {
    const r = await login('tess', 'fake-password-8');
    expect(r.body.data).toEqual({
      require_2fa: true,
      flow_token: expect.any(String) as string,
      expires_at: gw.clock.now() + 300,
    });
    expect(cookieFrom(r, 'new_api_refresh')).toBeUndefined();
    const wrong = await h.base('/api/user/login/2fa', { body: { code: '000000', flow_token: r.body.data.flow_token } });
    expect(wrong.body.success).toBe(false);
    const done = await h.base('/api/user/login/2fa', { body: { code: '123456', flow_token: r.body.data.flow_token } });
    expect(done.body.data).toMatchObject({ token_type: 'Bearer', user: { id: 8 } });
    expect(cookieFrom(done, 'new_api_refresh')).toBeDefined();
    // The flow is spent.
    const again = await h.base('/api/user/login/2fa', { body: { code: '123456', flow_token: r.body.data.flow_token } });
    expect(again.status).toBe(401);
  });
});

describe('new-api login verification (newest builds)', () => {
  it('lists methods as {method, available, reason} and needs the flow token at /login/verify', async () => {
    const r = await login('vera', 'fake-password-9');
    expect(r.body.data.methods).toContainEqual({ method: 'totp', available: true, reason: '' });
    for (const m of r.body.data.methods as unknown[])
      expect(m).toEqual({
        method: expect.any(String) as string,
        available: expect.any(Boolean) as boolean,
        reason: expect.any(String) as string,
      });
    const noFlow = await h.base('/api/user/login/verify', { body: { method: 'totp', code: '222333' } });
    expect(noFlow.status).toBe(401);
    const done = await h.base('/api/user/login/verify', {
      body: { flow_token: r.body.data.flow_token, method: 'totp', code: '222333' },
    });
    expect(done.body.data).toMatchObject({ token_type: 'Bearer', user: { id: 9 } });
  });
});

describe('new-api scopes', () => {
  it('needs profile:read for self and self/groups; seed tokens without scopes have it', async () => {
    const limited = await h.base('/api/user/self', { token: 'fake-token-erin-no-profile' });
    expect(limited.status).toBe(403);
    expect(limited.body).toMatchObject({ code: 'ACCESS_TOKEN_SCOPE_DENIED' });
    expect(limited.body.message).toContain('profile:read');
    expect((await h.base('/api/user/self/groups', { token: 'fake-token-erin-no-profile' })).status).toBe(403);
    expect((await h.base('/api/token/', { token: 'fake-token-erin-no-profile' })).status).toBe(200);
    expect((await h.base('/api/user/self', { token: 'fake-system-token-erin' })).body.data.id).toBe(7);
  });

  it('keeps the demo login for the demo seed (alice) working', async () => {
    const g = await startProfile('new-api');
    try {
      const b = bindProfile(g);
      const r = await b.base('/api/user/login', { body: { username: 'alice', password: ALICE_PASSWORD } });
      expect(r.body.data.user.id).toBe(1);
      expect((await b.base('/api/token/', { token: ALICE })).body.data.total).toBe(172);
      // The demo's "all scopes" tokens include profile:read; bob's read-only token does not.
      expect((await b.base('/api/user/self', { token: ALICE })).body.data.id).toBe(1);
      expect((await b.base('/api/user/self', { token: BOB_READONLY })).status).toBe(403);
    } finally {
      await g.close();
    }
  });
});
