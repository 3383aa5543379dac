// Password login on the management side for every server era (new-api-compat): current new-api answers a login
// token and sets a refresh cookie; older new-api and one-api answer the user and set a session cookie. Second-factor
// challenges (with current new-api's flow_token) come back as typed values the UI can answer.
import { z } from 'zod';
import { registerSecret } from '../log/redact';
import type { ManagementSession, SessionCredential } from './management.session';
import { passwordFields } from './password-encryption';
import { loginChallengeSchema, loginSessionSchema, loginUserSchema } from './schemas';

export type LoginOutcome =
  | {
      readonly kind: 'signed_in';
      readonly userId: number;
      /** Unix seconds the login token lives until; null for a cookie session or when the server did not say. */
      readonly expiresAt: number | null;
    }
  | {
      readonly kind: 'second_factor';
      readonly method: '2fa';
      readonly flowToken?: string;
    }
  | {
      readonly kind: 'second_factor';
      readonly method: 'verification';
      readonly methods: readonly string[];
      readonly flowToken?: string;
    };

export type SecondFactorChallenge = Extract<LoginOutcome, { kind: 'second_factor' }>;

// Order matters: a token answer also carries a user, and a user answer has no token.
const loginDataSchema = z.union([loginSessionSchema, loginChallengeSchema, loginUserSchema]);

/**
 * POST /api/user/login, the password encrypted where the site asks for it (password-encryption.ts: one key read
 * before each login, which spends nothing of the site's sign-in limit). A refusal (wrong password, banned user) is
 * auth.unauthorized with the server's words.
 */
export async function login(session: ManagementSession, username: string, password: string): Promise<LoginOutcome> {
  registerSecret(password);
  const fields = await passwordFields(session, password);
  const data = await session.call({
    method: 'POST',
    path: '/api/user/login',
    body: { username, ...fields },
    schema: loginDataSchema,
    what: 'login answer',
    scope: 'login',
    businessFailure: 'auth.unauthorized',
    isAnonymous: true,
  });
  return adopt(session, data);
}

/**
 * POST /api/user/login/2fa (`code`, and `flow_token` when the challenge gave one) or /api/user/login/verify
 * (`code`, the chosen `method`, and the `flow_token`). Older servers tie the two steps by their session cookie,
 * which the session's cookie jar carries.
 */
export async function answerSecondFactor(
  session: ManagementSession,
  challenge: SecondFactorChallenge,
  code: string,
  method?: string,
): Promise<LoginOutcome> {
  const is2fa = challenge.method === '2fa';
  const flow = challenge.flowToken === undefined ? {} : { flow_token: challenge.flowToken };
  const data = await session.call({
    method: 'POST',
    path: is2fa ? '/api/user/login/2fa' : '/api/user/login/verify',
    body: is2fa ? { code, ...flow } : { code, ...(method === undefined ? {} : { method }), ...flow },
    schema: loginDataSchema,
    what: 'second-factor answer',
    scope: 'login',
    businessFailure: 'auth.unauthorized',
    isAnonymous: true,
  });
  return adopt(session, data);
}

function adopt(session: ManagementSession, data: z.infer<typeof loginDataSchema>): LoginOutcome {
  if ('access_token' in data) {
    const expiresAt = data.access_expires_at ?? null;
    const credential: SessionCredential = {
      kind: 'login_token',
      token: data.access_token,
      expiresAt,
      sid: data.session?.sid ?? null,
    };
    session.adoptLogin(credential, data.user.id);
    return { kind: 'signed_in', userId: data.user.id, expiresAt };
  }
  if ('require_2fa' in data) {
    return {
      kind: 'second_factor',
      method: '2fa',
      ...(data.flow_token === undefined ? {} : { flowToken: data.flow_token }),
    };
  }
  if ('require_verification' in data) {
    // Methods the server says cannot be used here (no passkey on this device) are not offered.
    const methods = data.methods.flatMap((m) =>
      typeof m === 'string' ? [m] : m.available === false ? [] : [m.method],
    );
    return {
      kind: 'second_factor',
      method: 'verification',
      methods,
      ...(data.flow_token === undefined ? {} : { flowToken: data.flow_token }),
    };
  }
  // The user itself: the session is the cookie the answer set.
  session.adoptLogin({ kind: 'cookie' }, data.id);
  return { kind: 'signed_in', userId: data.id, expiresAt: null };
}
