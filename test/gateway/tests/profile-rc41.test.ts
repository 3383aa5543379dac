// new-api-rc41 profile: scoped `nap_` access tokens (scopes, expiry, every refusal code), the retirement of older
// tokens, Bearer-only management auth, GET /api/user/token no longer routed (and minting on every older era), password
// encryption at login, and the second-factor challenge with method objects.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { bindProfile, cookieFrom, must, smallSeed, startProfile } from './profile-helpers';

const LEGACY = 'fake-system-token-erin';
const FULL = `nap_${'f'.repeat(43)}`;
const READ_ONLY = `nap_${'r'.repeat(43)}`;
const NO_REVEAL = `nap_${'n'.repeat(43)}`;
const EXPIRING = `nap_${'e'.repeat(43)}`;
const DAY = 86_400;

let gw: Gateway;
let h: ReturnType<typeof bindProfile>;

beforeAll(async () => {
  const seed = smallSeed();
  const erin = must(seed.users[0]);
  gw = await startProfile('new-api-rc41', {
    ...seed,
    users: [
      {
        ...erin,
        access_tokens: [
          { token: LEGACY },
          { token: FULL },
          { token: READ_ONLY, scopes: ['profile:read', 'api_key:read', 'wallet:read'] },
          { token: NO_REVEAL, scopes: ['profile:read', 'api_key:read', 'api_key:write', 'wallet:read', 'usage:read'] },
          // expires_at is filled in by the test that needs it (the clock is frozen at T0).
          { token: EXPIRING, expires_at: 1_780_000_000 + 3600 },
        ],
      },
      { id: 8, username: 'tess', password: 'fake-password-8', totp_code: '123456' },
      {
        id: 9,
        username: 'root',
        password: 'fake-password-9',
        role: 100,
        access_tokens: [{ token: `nap_${'a'.repeat(43)}` }],
      },
    ],
  });
  h = bindProfile(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

const login = (username = 'erin', password = 'fake-password-7') =>
  h.base('/api/user/login', { body: { username, password } });

describe('new-api-rc41: scoped access tokens', () => {
  it('serves a full nap_ token everywhere its scopes reach', async () => {
    for (const path of [
      '/api/user/self',
      '/api/user/self/groups',
      '/api/token/',
      '/api/log/self',
      '/api/subscription/self',
    ]) {
      const r = await h.base(path, { token: FULL });
      expect([path, r.status, r.body.success]).toEqual([path, 200, true]);
    }
    const reveal = await h.base('/api/token/1/key', { method: 'POST', token: FULL });
    expect(reveal.body).toMatchObject({ success: true, data: { key: h.keyOf(1) } });
  });

  it('refuses a route the token has no scope for with 403 ACCESS_TOKEN_SCOPE_DENIED naming the scope', async () => {
    const r = await h.base('/api/token/1/key', { method: 'POST', token: NO_REVEAL });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      success: false,
      code: 'ACCESS_TOKEN_SCOPE_DENIED',
      message: 'The access token lacks the required permission: api_key:reveal',
    });
    // Everything else it holds still works: list, edit, balance.
    expect((await h.base('/api/token/', { token: NO_REVEAL })).status).toBe(200);
    expect((await h.base('/api/user/self', { token: NO_REVEAL })).body.data.quota).toBe(10_000_000);
    const write = await h.base('/api/token/', { method: 'PUT', token: READ_ONLY, body: { id: 1, name: 'x' } });
    expect([write.status, write.body.code]).toEqual([403, 'ACCESS_TOKEN_SCOPE_DENIED']);
    expect(write.body.message).toContain('api_key:write');
    const logs = await h.base('/api/log/self', { token: READ_ONLY });
    expect(logs.body.message).toContain('usage:read');
  });

  it('answers an expired nap_ token 401 ACCESS_TOKEN_EXPIRED, from its expiry second on', async () => {
    expect((await h.base('/api/user/self', { token: EXPIRING })).status).toBe(200);
    await h.advance(3600);
    const r = await h.base('/api/user/self', { token: EXPIRING });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code: 'ACCESS_TOKEN_EXPIRED' });
  });

  it('answers an unknown nap_ token 401 AUTH_UNAUTHORIZED', async () => {
    const r = await h.base('/api/user/self', { token: `nap_${'z'.repeat(43)}` });
    expect([r.status, r.body.code]).toEqual([401, 'AUTH_UNAUTHORIZED']);
  });

  it('answers a route outside the scope table 403 ACCESS_TOKEN_ROUTE_UNDECLARED (the setting stands for one)', async () => {
    await h.patchSettings({ access_token_undeclared: ['GET /api/token/'] });
    const r = await h.base('/api/token/', { token: FULL });
    expect([r.status, r.body.code]).toEqual([403, 'ACCESS_TOKEN_ROUTE_UNDECLARED']);
    // An old token keeps its unscoped reach, and a login is no access token.
    expect((await h.base('/api/token/', { token: LEGACY })).status).toBe(200);
    const session = await login();
    expect((await h.base('/api/token/', { token: session.body.data.access_token })).status).toBe(200);
  });

  it('keeps a session-only route from every access token with 403 AUTH_SESSION_REQUIRED; a login reads it', async () => {
    for (const token of [FULL, LEGACY]) {
      const r = await h.base('/api/user/access_tokens', { token });
      expect([r.status, r.body.code]).toEqual([403, 'AUTH_SESSION_REQUIRED']);
    }
    const session = await login();
    const list = await h.base('/api/user/access_tokens', { token: session.body.data.access_token });
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ token_hint: EXPIRING.slice(-4), expires_at: 1_780_000_000 + 3600 }),
    );
    expect(list.body.data.legacy).toEqual({ token_hint: LEGACY.slice(-4), retire_at: 1_780_000_000 + 30 * DAY });
  });
});

describe('new-api-rc41: older tokens and their retirement', () => {
  it('accepts an old token unscoped until the retirement date (load + 30 days), then 401 LEGACY_RETIRED everywhere', async () => {
    expect((await h.base('/api/token/1/key', { method: 'POST', token: LEGACY })).status).toBe(200);
    await h.advance(30 * DAY - 1);
    expect((await h.base('/api/user/self', { token: LEGACY })).status).toBe(200);
    await h.advance(1);
    for (const path of ['/api/user/self', '/api/token/']) {
      const r = await h.base(path, { token: LEGACY });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({
        success: false,
        code: 'ACCESS_TOKEN_LEGACY_RETIRED',
        message: 'Legacy access tokens have been retired. Create a new access token in security settings',
      });
    }
    // nap_ tokens are not touched by the deadline.
    expect((await h.base('/api/user/self', { token: FULL })).status).toBe(200);
  });

  it('takes the retirement date from the control plane', async () => {
    await h.patchSettings({ legacy_access_token_retire_at: 1_780_000_000 });
    const r = await h.base('/api/user/self', { token: LEGACY });
    expect(r.body.code).toBe('ACCESS_TOKEN_LEGACY_RETIRED');
    await h.patchSettings({ legacy_access_token_retire_at: null });
    expect((await h.base('/api/user/self', { token: LEGACY })).status).toBe(200);
  });

  it('makes tokens through the control plane as the console does (nap_ + 43 characters)', async () => {
    const made = await h.admin('/users/7/access-tokens', { body: { scopes: ['profile:read'], expires_at: 0 } });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^nap_[0-9a-zA-Z]{43}$/);
    expect((await h.base('/api/user/self', { token: made.body.token })).status).toBe(200);
    expect((await h.base('/api/token/', { token: made.body.token })).body.code).toBe('ACCESS_TOKEN_SCOPE_DENIED');
  });
});

describe('new-api-rc41: Bearer only', () => {
  it('ignores cookies on the dashboard API: a refresh cookie alone is 401, the Bearer JWT works', async () => {
    const session = await login();
    const cookie = cookieFrom(session, 'new_api_refresh');
    const cookieOnly = await h.withCookie('/api/user/self', cookie);
    expect([cookieOnly.status, cookieOnly.body.code]).toEqual([401, 'AUTH_UNAUTHORIZED']);
    expect((await h.base('/api/user/self', { token: session.body.data.access_token })).status).toBe(200);
  });
});

describe('GET /api/user/token', () => {
  it('is not routed on rc.41: an ordinary user gets 403 AUTH_INSUFFICIENT_PRIVILEGE and keeps the token', async () => {
    for (const token of [FULL, LEGACY]) {
      const r = await h.base('/api/user/token', { token });
      expect([r.status, r.body.code]).toEqual([403, 'AUTH_INSUFFICIENT_PRIVILEGE']);
    }
    expect((await h.base('/api/user/self', { token: LEGACY })).status).toBe(200);
    // An admin reaches GET /api/user/:id, with its own rule (user:read) and GetUser's Atoi failure.
    const root = await h.base('/api/user/token', { token: `nap_${'a'.repeat(43)}` });
    expect([root.status, root.body.code]).toEqual([403, 'ACCESS_TOKEN_SCOPE_DENIED']);
  });

  it.each<ProfileName>(['new-api', 'new-api-legacy', 'new-api-early', 'one-api'])(
    'mints a new token on %s and the old one stops working',
    async (profile) => {
      const old = await startProfile(profile, smallSeed());
      try {
        const o = bindProfile(old);
        const headers: Record<string, string> =
          profile === 'new-api-legacy' || profile === 'new-api-early' ? { 'New-Api-User': '7' } : {};
        const minted = await o.base('/api/user/token', { token: LEGACY, headers });
        expect(minted.body.success).toBe(true);
        expect(typeof minted.body.data).toBe('string');
        const before = await o.base('/api/token/', { token: LEGACY, headers });
        expect(before.body.success).toBe(false);
        expect((await o.base('/api/token/', { token: minted.body.data, headers })).body.success).toBe(true);
      } finally {
        await old.close();
      }
    },
  );
});

describe('new-api-rc41: password encryption at login', () => {
  const encrypt = (password: string, publicKey: string) =>
    publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');

  it('says {enabled:false} while off, and a plain password signs in', async () => {
    const key = await h.base('/api/user/login/encryption-key');
    expect(key.body).toEqual({ success: true, message: '', data: { enabled: false } });
    expect((await login()).body.success).toBe(true);
  });

  it('hands out an RSA-2048 key while on; OAEP-SHA256 base64 signs in, a plain password is 200 "Invalid parameters"', async () => {
    await h.patchSettings({ password_encryption: true });
    const data = (await h.base('/api/user/login/encryption-key')).body.data as { kid: string; public_key: string };
    expect(data).toMatchObject({ enabled: true, kid: expect.stringMatching(/^[0-9a-zA-Z]{12}$/) });
    expect(data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const plain = await login();
    expect([plain.status, plain.body]).toEqual([200, { success: false, message: 'Invalid parameters' }]);
    const encrypted = await h.base('/api/user/login', {
      body: {
        username: 'erin',
        password_encrypted: encrypt('fake-password-7', data.public_key),
        encryption_key_id: data.kid,
      },
    });
    expect(encrypted.body.success).toBe(true);
    const wrong = await h.base('/api/user/login', {
      body: { username: 'erin', password_encrypted: encrypt('wrong', data.public_key), encryption_key_id: data.kid },
    });
    expect(wrong.body).toMatchObject({
      success: false,
      message: 'username or password is wrong, or the user has been banned',
    });
    // The request log never holds the ciphertext either.
    const entries = (await h.admin('/log')).body.entries as { path: string; body: Record<string, unknown> }[];
    const logged = entries.filter((e) => e.path === '/api/user/login');
    expect(logged.map((e) => e.body.password_encrypted ?? e.body.password)).toEqual(['***', '***', '***']);
  });

  it('refuses a ciphertext made with a key that was rotated away', async () => {
    await h.patchSettings({ password_encryption: true });
    const data = (await h.base('/api/user/login/encryption-key')).body.data as { kid: string; public_key: string };
    const ciphertext = encrypt('fake-password-7', data.public_key);
    const rotated = await h.admin('/password-key/rotate', { method: 'POST' });
    expect(rotated.body.kid).not.toBe(data.kid);
    const r = await h.base('/api/user/login', {
      body: { username: 'erin', password_encrypted: ciphertext, encryption_key_id: data.kid },
    });
    expect(r.body).toEqual({ success: false, message: 'Invalid parameters' });
  });
});

describe('new-api-rc41: second factor', () => {
  it('challenges with method objects for every 2FA user, and verify needs the flow_token', async () => {
    const r = await login('tess', 'fake-password-8');
    expect(r.body.data).toMatchObject({
      require_2fa: true,
      flow_token: expect.any(String),
      methods: [{ method: 'totp', available: true, reason: '' }, expect.anything(), expect.anything()],
    });
    const noFlow = await h.base('/api/user/login/verify', { body: { code: '123456', method: 'totp' } });
    expect([noFlow.status, noFlow.body.code]).toEqual([401, 'AUTH_UNAUTHORIZED']);
    const verified = await h.base('/api/user/login/verify', {
      body: { code: '123456', method: 'totp', flow_token: r.body.data.flow_token },
    });
    expect(verified.body.data.access_token).toEqual(expect.any(String));
  });
});
