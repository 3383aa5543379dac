// Login on the management side (spec 4.3): password login, and the second-factor challenges of newer new-api
// (new-api-compat) returned as typed values the UI can answer. A successful login is adopted by the session.
import { z } from 'zod';
import { registerSecret } from '../log/redact';
import type { ManagementSession } from './management.session';
import { loginChallengeSchema, loginSessionSchema } from './schemas';

export type LoginOutcome =
  | {
      readonly kind: 'signed_in';
      readonly accessToken: string;
      readonly expiresAt: number | null;
      readonly userId: number;
    }
  | { readonly kind: 'second_factor'; readonly method: '2fa'; readonly flowToken?: string }
  | { readonly kind: 'second_factor'; readonly method: 'verification'; readonly methods: readonly string[] };

export type SecondFactorChallenge = Extract<LoginOutcome, { kind: 'second_factor' }>;

const loginDataSchema = z.union([loginSessionSchema, loginChallengeSchema]);

/** POST /api/user/login. A refusal (wrong password, banned user) is auth.unauthorized with the server's words. */
export async function login(session: ManagementSession, username: string, password: string): Promise<LoginOutcome> {
  registerSecret(password);
  const data = await session.call({
    method: 'POST',
    path: '/api/user/login',
    body: { username, password },
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
 * (`code` and the chosen `method`). Older servers tie the two steps by session cookie: the Electron adapter's
 * per-account session carries it; Node's fetch does not.
 */
export async function answerSecondFactor(
  session: ManagementSession,
  challenge: SecondFactorChallenge,
  code: string,
  method?: string,
): Promise<LoginOutcome> {
  const is2fa = challenge.method === '2fa';
  const data = await session.call({
    method: 'POST',
    path: is2fa ? '/api/user/login/2fa' : '/api/user/login/verify',
    body: is2fa
      ? { code, ...(challenge.flowToken === undefined ? {} : { flow_token: challenge.flowToken }) }
      : { code, ...(method === undefined ? {} : { method }) },
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
    session.setAccessToken(data.access_token);
    session.userId = data.user.id;
    return {
      kind: 'signed_in',
      accessToken: data.access_token,
      expiresAt: data.access_expires_at ?? null,
      userId: data.user.id,
    };
  }
  if ('require_2fa' in data) {
    return {
      kind: 'second_factor',
      method: '2fa',
      ...(data.flow_token === undefined ? {} : { flowToken: data.flow_token }),
    };
  }
  return { kind: 'second_factor', method: 'verification', methods: data.methods };
}
