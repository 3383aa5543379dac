// Cookie-session eras (new-api legacy and early, one-api): login answers the user, the session cookie or a
// system token authenticates, New-Api-User is mandatory on new-api, legacy status codes and messages.
/* eslint-disable @typescript-eslint/no-unsafe-member-access --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { bindProfile, cookieFrom, setCookieLine, smallSeed, startProfile } from './profile-helpers';

const TOKEN = 'fake-system-token-erin';

describe.each<{ profile: ProfileName; needsUserHeader: boolean; isHardened: boolean }>([
  { profile: 'new-api-legacy', needsUserHeader: true, isHardened: true },
  { profile: 'new-api-early', needsUserHeader: true, isHardened: true },
  { profile: 'one-api', needsUserHeader: false, isHardened: false },
])('$profile sessions', ({ profile, needsUserHeader, isHardened }) => {
  let gw: Gateway;
  let h: ReturnType<typeof bindProfile>;
  const userHeader = { 'New-Api-User': '7' };

  beforeAll(async () => {
    gw = await startProfile(profile, smallSeed());
    h = bindProfile(gw);
  });
  afterAll(() => gw.close());
  beforeEach(() => h.reset());

  it('login answers the user itself (no token) and sets the session cookie', async () => {
    const r = await h.base('/api/user/login', { body: { username: 'erin', password: 'fake-password-7' } });
    expect(r.body).toEqual({
      success: true,
      message: '',
      data: { id: 7, username: 'erin', display_name: 'erin', role: 1, status: 1, group: 'default' },
    });
    const line = setCookieLine(r, 'session');
    expect(line).toContain('Path=/');
    expect(line).toContain(`Max-Age=${30 * 86400}`);
    // one-api keeps gin-contrib's default cookie options: no HttpOnly, no SameSite.
    expect(line?.includes('HttpOnly; SameSite=Strict')).toBe(isHardened);
  });

  it('authenticates management calls by the cookie, and logout ends it', async () => {
    const r = await h.base('/api/user/login', { body: { username: 'erin', password: 'fake-password-7' } });
    const cookie = cookieFrom(r, 'session');
    const me = await h.withCookie('/api/user/self', cookie, { headers: userHeader });
    expect(me.body).toMatchObject({ success: true, data: { id: 7 } });
    await h.withCookie('/api/user/logout', cookie);
    const after = await h.withCookie('/api/user/self', cookie, { headers: userHeader });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ success: false, message: '无权进行此操作，未登录且未提供 access token' });
  });

  it('accepts a system token as "Bearer <t>" or bare', async () => {
    for (const auth of [`Bearer ${TOKEN}`, TOKEN]) {
      const r = await h.base('/api/token/', { headers: { Authorization: auth, ...userHeader } });
      expect(r.body.success).toBe(true);
    }
  });

  it('answers an unknown access token with HTTP 200 and success false', async () => {
    const r = await h.base('/api/token/', { token: 'fake-unknown-token', headers: userHeader });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: false, message: '无权进行此操作，access token 无效' });
  });

  it('answers neither cookie nor token with 401', async () => {
    const r = await h.base('/api/token/', { headers: userHeader });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('无权进行此操作，未登录且未提供 access token');
  });

  it(needsUserHeader ? 'requires a matching New-Api-User' : 'does not need New-Api-User', async () => {
    const missing = await h.base('/api/token/', { token: TOKEN });
    const wrong = await h.base('/api/token/', { token: TOKEN, headers: { 'New-Api-User': '8' } });
    const junk = await h.base('/api/token/', { token: TOKEN, headers: { 'New-Api-User': 'seven' } });
    if (!needsUserHeader) {
      expect(missing.body.success).toBe(true);
      return;
    }
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ success: false, message: '无权进行此操作，未提供 New-Api-User' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('无权进行此操作，New-Api-User 与登录用户不匹配');
    expect(junk.status).toBe(401);
    expect(junk.body.message).toBe('无权进行此操作，New-Api-User 格式错误');
  });

  it('has no refresh endpoint and a Chinese wrong-credentials message', async () => {
    const r = await h.base('/api/user/login', { body: { username: 'erin', password: 'nope' } });
    expect(r.body).toEqual({ success: false, message: '用户名或密码错误，或用户已被封禁' });
    const refresh = await h.base('/api/user/auth/refresh', { method: 'POST' });
    expect(refresh.status).toBe(404);
    expect(refresh.body.error.message).toBe('Invalid URL (POST /api/user/auth/refresh)');
  });
});

describe('new-api-legacy second factor', () => {
  let gw: Gateway;
  let h: ReturnType<typeof bindProfile>;
  beforeAll(async () => {
    gw = await startProfile('new-api-legacy', smallSeed({ user: { totp_code: '654321' } }));
    h = bindProfile(gw);
  });
  afterAll(() => gw.close());

  it('ties the second step to the session cookie and answers the user, without a token', async () => {
    const r = await h.base('/api/user/login', { body: { username: 'erin', password: 'fake-password-7' } });
    expect(r.body.data).toEqual({ require_2fa: true });
    const cookie = cookieFrom(r, 'session');
    // Not logged in yet.
    expect((await h.withCookie('/api/user/self', cookie, { headers: { 'New-Api-User': '7' } })).status).toBe(401);
    const withoutCookie = await h.base('/api/user/login/2fa', { body: { code: '654321' } });
    expect(withoutCookie.body.success).toBe(false);
    const wrong = await h.withCookie('/api/user/login/2fa', cookie, { body: { code: '000000' } });
    expect(wrong.body).toEqual({ success: false, message: '验证码或备用码错误，请重试' });
    const done = await h.withCookie('/api/user/login/2fa', cookie, { body: { code: '654321' } });
    expect(done.body).toMatchObject({ success: true, data: { id: 7, username: 'erin' } });
    expect(done.body.data.access_token).toBeUndefined();
    const me = await h.withCookie('/api/user/self', cookie, { headers: { 'New-Api-User': '7' } });
    expect(me.body.data.id).toBe(7);
  });
});

describe('log, faults and clock on a non-spec profile', () => {
  let gw: Gateway;
  let h: ReturnType<typeof bindProfile>;
  beforeAll(async () => {
    gw = await startProfile('new-api-early', smallSeed());
    h = bindProfile(gw);
  });
  afterAll(() => gw.close());

  it('logs cookie-authenticated calls as session_cookie without the password, and injects faults', async () => {
    const r = await h.base('/api/user/login', { body: { username: 'erin', password: 'fake-password-7' } });
    await h.withCookie('/api/token/', cookieFrom(r, 'session'), { headers: { 'New-Api-User': '7' } });
    const entries = (await h.admin('/log')).body.entries as { path: string; auth_kind: string; body: unknown }[];
    expect(entries.find((e) => e.path === '/api/token/')?.auth_kind).toBe('session_cookie');
    expect(JSON.stringify(entries)).not.toContain('fake-password-7');
    await h.admin('/faults', { body: { match: '/api/status', kind: 'status', status: 502, times: 1 } });
    expect((await h.base('/api/status')).status).toBe(502);
    expect((await h.base('/api/status')).status).toBe(200);
  });
});
