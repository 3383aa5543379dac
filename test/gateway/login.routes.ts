// Password login, second factor, refresh and logout of the non-spec profiles: new-api's refresh sessions
// (rotating HttpOnly cookie, per-user caps) and the legacy eras' session cookie.
import type { Hono } from 'hono';
import { AUTH_UNAUTHORIZED } from './auth';
import type { GatewayContext, GatewayEnv } from './http';
import { bearer, fail, isRecord, json, ok } from './http';
import type { Mutex } from './mutex';
import { rateLimit } from './rate-limit';
import { AUTH_SESSION_REVOKED, REFRESH_COOKIE, SESSION_COOKIE, readCookie } from './session-auth';
import type { RefreshSession } from './session-store';
import { SESSION_LIFETIME_S } from './session-store';
import type { GatewayState, UserRec } from './state';

export const AUTH_SESSION_LIMIT = 'AUTH_SESSION_LIMIT';
export const AUTH_SESSION_ISSUANCE_LIMIT = 'AUTH_SESSION_ISSUANCE_LIMIT';
export const AUTH_ORIGIN_FORBIDDEN = 'AUTH_ORIGIN_FORBIDDEN';

export const WRONG_CREDENTIALS_MESSAGE = 'username or password is wrong, or the user has been banned';
export const WRONG_CREDENTIALS_ZH = '用户名或密码错误，或用户已被封禁';
export const WRONG_2FA_CODE = '验证码或备用码错误，请重试';

/** The newest builds' method options (emulator: TOTP only, the rest present but unavailable). */
export const VERIFY_METHODS = [
  { method: 'totp', available: true, reason: '' },
  { method: 'passkey', available: false, reason: 'not_configured' },
  { method: 'email', available: false, reason: 'not_configured' },
];

/** controller/user.go's answer to a login body it cannot use (i18n MsgInvalidParams). */
export const INVALID_PARAMS = 'Invalid parameters';

/**
 * The password a login body carries: rc.4x reads `password_encrypted` (with `encryption_key_id`) first, as
 * common.GetPlainPassword does, and refuses a plain one while the site encrypts passwords. Undefined = refuse.
 */
function passwordOf(state: GatewayState, body: Record<string, unknown>): string | undefined {
  if (state.profile.hasPasswordEncryption && typeof body.password_encrypted === 'string') {
    const kid = typeof body.encryption_key_id === 'string' ? body.encryption_key_id : '';
    return state.passwordKey.decrypt(body.password_encrypted, kid);
  }
  if (state.profile.hasPasswordEncryption && state.settings.password_encryption) return undefined;
  return typeof body.password === 'string' ? body.password : undefined;
}

/** Validates the login body and the credentials; the user, or the failure to answer. */
function checkCredentials(state: GatewayState, body: unknown): UserRec | Response {
  const password = isRecord(body) ? passwordOf(state, body) : undefined;
  if (!isRecord(body) || typeof body.username !== 'string' || password === undefined) {
    if (state.profile.hasPasswordEncryption) return fail(INVALID_PARAMS);
    return fail(state.profile.chinese ? '无效的参数' : 'invalid parameter: username and password are required');
  }
  const user = [...state.users.values()].find((u) => u.username === body.username);
  // One message for an unknown user, a wrong password and a disabled account, as the servers do.
  if (user?.password === undefined || user.password !== password || user.status !== 1) {
    return fail(state.profile.auth === 'cookie' ? WRONG_CREDENTIALS_ZH : WRONG_CREDENTIALS_MESSAGE);
  }
  return user;
}

function cookieHeader(
  name: string,
  value: string,
  path: string,
  maxAge: number,
  secure: boolean,
  isHardened = true,
): string {
  const flags = isHardened ? `; HttpOnly${secure ? '; Secure' : ''}; SameSite=Strict` : '';
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}${flags}`;
}

export function registerLoginRoutes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  if (state.profile.auth === 'jwt') registerSessionLogin(app, state, mutex);
  else registerCookieLogin(app, state, mutex);
}

// ---- new-api current: access JWT + rotating refresh session ----

function registerSessionLogin(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  const store = state.sessionStore;
  const critical = rateLimit(state, 'critical');
  const refreshCookie = (s: RefreshSession) =>
    cookieHeader(
      REFRESH_COOKIE,
      `${s.sid}.${s.secret}`,
      '/api/user/auth',
      SESSION_LIFETIME_S,
      state.settings.secure_cookies,
    );

  /** The login/refresh answer: a fresh access token for the session, and the rotated cookie. */
  const sessionAnswer = (session: RefreshSession, user: UserRec): Response => {
    const access = store.issueAccess(session, state.settings.access_token_ttl_s);
    const body = {
      success: true,
      message: '',
      data: {
        access_token: access.token,
        token_type: 'Bearer',
        access_expires_at: access.expiresAt,
        session: {
          sid: session.sid,
          login_method: session.loginMethod,
          created_at: session.issuedAt,
          expires_at: session.expiresAt,
        },
        user: {
          id: user.id,
          username: user.username,
          display_name: user.display_name,
          role: user.role,
          status: user.status,
          group: user.group,
          quota: user.quota,
        },
      },
    };
    return json(body, 200, { 'Set-Cookie': refreshCookie(session) });
  };

  /** Every password login opens a session; the caps are what lock out a client that logs in too often. */
  const openSession = (user: UserRec): Response => {
    const counts = store.counts(user.id);
    if (counts.active >= state.settings.max_active_sessions) {
      return fail('too many active sessions; sign out on another device first', 409, AUTH_SESSION_LIMIT);
    }
    if (counts.issued_24h >= state.settings.max_sessions_per_day) {
      return fail('too many sessions were opened in the last 24 hours', 429, AUTH_SESSION_ISSUANCE_LIMIT);
    }
    return sessionAnswer(store.open(user.id, 'password'), user);
  };

  /** With secure cookies on, refresh and logout only accept the site's own origin (CSRF defence). */
  const originRefusal = (c: GatewayContext): Response | undefined => {
    if (!state.settings.secure_cookies) return undefined;
    const site = new URL(c.req.url).origin;
    const origin = c.req.header('Origin') ?? originOf(c.req.header('Referer'));
    return origin === site ? undefined : fail('request origin is not allowed', 403, AUTH_ORIGIN_FORBIDDEN);
  };

  /** The session named by the refresh cookie and X-Auth-Session, or the 401 to answer. */
  const cookieSession = (c: GatewayContext): { session: RefreshSession; secret: string } | Response => {
    const raw = readCookie(c, REFRESH_COOKIE) ?? '';
    const dot = raw.indexOf('.');
    const session = dot === -1 ? undefined : store.refresh.get(raw.slice(0, dot));
    if (!session || c.req.header('X-Auth-Session') !== session.sid) {
      return fail('unauthorized: no valid session', 401, AUTH_UNAUTHORIZED);
    }
    return { session, secret: raw.slice(dot + 1) };
  };

  if (state.profile.hasPasswordEncryption) {
    // Anonymous, like /api/status: the console reads it before every login.
    app.get('/api/user/login/encryption-key', () => {
      if (!state.settings.password_encryption) return ok({ enabled: false });
      const key = state.passwordKey.current();
      return ok({ enabled: true, kid: key.kid, public_key: key.publicKey });
    });
  }

  app.post('/api/user/login', critical, (c) =>
    mutex.run(() => {
      const user = checkCredentials(state, c.get('body'));
      if (user instanceof Response) return user;
      if (user.totp_code !== undefined) {
        const flow = store.openFlow(user.id);
        const challenge = { require_2fa: true, flow_token: flow.token, expires_at: flow.expiresAt };
        // Newest builds describe each method as an object, so a client can say why one is unavailable.
        const isVerify = user.login_verify || state.profile.isVerifyChallengeAlways;
        return ok(isVerify ? { ...challenge, methods: VERIFY_METHODS } : challenge);
      }
      return openSession(user);
    }),
  );

  /** Second step: the flow token binds it to the first; the code is the seed's fixed TOTP code. */
  const secondStep = (c: GatewayContext, isVerify: boolean): Response => {
    const body = c.get('body');
    const flowToken = isRecord(body) && typeof body.flow_token === 'string' ? body.flow_token : '';
    const flow = store.takeFlow(flowToken);
    const user = flow && state.users.get(flow.userId);
    if (!flow || !user) return fail('login flow is missing or expired; log in again', 401, AUTH_UNAUTHORIZED);
    if (!isRecord(body) || body.code !== user.totp_code) return fail('invalid verification code');
    if (isVerify && body.method !== undefined && body.method !== 'totp') {
      return fail('this verification method is not available');
    }
    store.flows.delete(flowToken);
    return openSession(user);
  };
  app.post('/api/user/login/2fa', critical, (c) => mutex.run(() => secondStep(c, false)));
  app.post('/api/user/login/verify', critical, (c) => mutex.run(() => secondStep(c, true)));

  app.post('/api/user/auth/refresh', critical, (c) =>
    mutex.run(() => {
      const refused = originRefusal(c);
      if (refused) return refused;
      const found = cookieSession(c);
      if (found instanceof Response) return found;
      const { session, secret } = found;
      if (session.spentSecrets.has(secret)) {
        // A spent secret came back: someone replayed an old cookie. The whole session dies.
        session.revoked = true;
        return fail('refresh token reuse detected; the session was revoked', 401, AUTH_SESSION_REVOKED);
      }
      if (!store.isActive(session)) return fail('this session has ended; sign in again', 401, AUTH_SESSION_REVOKED);
      if (secret !== session.secret) return fail('unauthorized: no valid session', 401, AUTH_UNAUTHORIZED);
      const user = state.users.get(session.userId);
      if (user?.status !== 1) return fail('unauthorized: user has been disabled', 401, AUTH_UNAUTHORIZED);
      store.rotate(session);
      return sessionAnswer(session, user);
    }),
  );

  app.post('/api/user/auth/logout', critical, (c) =>
    mutex.run(() => {
      const refused = originRefusal(c);
      if (refused) return refused;
      const found = cookieSession(c);
      if (found instanceof Response) return found;
      const grant = store.access.get(bearer(c) ?? '');
      if (grant && grant.sid !== found.session.sid) {
        return fail('unauthorized: access token belongs to another session', 401, AUTH_UNAUTHORIZED);
      }
      found.session.revoked = true;
      return json({ success: true, message: '' }, 200, {
        'Set-Cookie': cookieHeader(REFRESH_COOKIE, '', '/api/user/auth', 0, state.settings.secure_cookies),
      });
    }),
  );
}

function originOf(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

// ---- legacy, early, one-api: gin-contrib/sessions cookie ----

function registerCookieLogin(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  const store = state.sessionStore;
  const critical = rateLimit(state, 'critical');
  const sessionCookie = (id: string, maxAge = SESSION_LIFETIME_S) => ({
    'Set-Cookie': cookieHeader(SESSION_COOKIE, id, '/', maxAge, false, state.profile.isSessionCookieHardened),
  });
  // setupLogin answers a trimmed user record, never a token.
  const userAnswer = (user: UserRec) => ({
    id: user.id,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    status: user.status,
    group: user.group,
  });

  app.post('/api/user/login', critical, (c) =>
    mutex.run(() => {
      const user = checkCredentials(state, c.get('body'));
      if (user instanceof Response) return user;
      if (state.profile.twoFactor === 'cookie' && user.totp_code !== undefined) {
        const pending = store.openCookie(null, user.id);
        return json(
          { success: true, message: '请输入两步验证码', data: { require_2fa: true } },
          200,
          sessionCookie(pending),
        );
      }
      const id = store.openCookie(user.id);
      return json({ success: true, message: '', data: userAnswer(user) }, 200, sessionCookie(id));
    }),
  );

  if (state.profile.twoFactor === 'cookie') {
    app.post('/api/user/login/2fa', critical, (c) =>
      mutex.run(() => {
        const session = store.cookie(readCookie(c, SESSION_COOKIE));
        const user = session?.pendingUserId == null ? undefined : state.users.get(session.pendingUserId);
        if (!session || !user) return fail('会话已过期，请重新登录');
        const body = c.get('body');
        if (!isRecord(body) || body.code !== user.totp_code) return fail(WRONG_2FA_CODE);
        session.userId = user.id;
        session.pendingUserId = null;
        return ok(userAnswer(user));
      }),
    );
  }

  app.get('/api/user/logout', (c) => {
    const id = readCookie(c, SESSION_COOKIE);
    if (id !== undefined) store.cookies.delete(id);
    return json({ success: true, message: '' }, 200, sessionCookie('', 0));
  });
}
