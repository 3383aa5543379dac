// Verifying a credential before it is saved or re-entered: password login (with second-factor challenges held
// here until the user answers), a system access token checked with GET /api/user/self, a watched API key checked
// with GET /api/usage/token/ (or, on servers before v0.9.0 that lack it, the billing endpoints). Nothing is stored by this module; it only says what the gateway answered.
import { randomUUID } from 'node:crypto';
import type { AppError, CredentialInput, Result } from '../../../src-shared/contract';
import {
  KeyClient,
  ManagementClient,
  type GatewayError,
  maskKey,
  type ClockPort,
  type HttpTransport,
  type LoginOutcome,
  type SessionState,
  type UnitSettings,
} from '../../gateway';
import type { SecondFactorChallenge } from '../../gateway/login';
import type { Logger } from '../../log/logger';
import type { StoredSecrets } from './account-records';
import { readingFromBilling, readingFromUsage, type BalanceReading } from './key-balance';

/** What a verified credential gives the account: its secrets and what we learned about the user. */
export interface VerifiedCredential {
  readonly secrets: StoredSecrets;
  readonly username: string | null;
  readonly userId: number | null;
  readonly tokenExpiresAt: number | null;
  readonly keyHint: string | null;
  /** An access token's expiry (Unix seconds) as the user gave it; null for the other kinds or when not given. */
  readonly accessTokenExpiresAt: number | null;
  readonly displayName: string | null;
  readonly balanceUnits: number | null;
  /**
   * The balance as read to verify the credential: a watched key's whole balance, an access token's account balance
   * (GET /api/user/self, what its polls read); null for a password (its polls are not critical).
   */
  readonly balance: BalanceReading | null;
}

/** How a management client authenticates: a system access token, or a saved login session and its renewal. */
export interface ClientAuth {
  readonly accessToken?: string | undefined;
  readonly saved?: SessionState | undefined;
  readonly userId?: number | null | undefined;
  readonly reauthenticate?: (() => Promise<void>) | undefined;
  readonly onChange?: ((state: SessionState) => void) | undefined;
  readonly onTokenRefused?: ((error: GatewayError) => void) | undefined;
}

export type Verification =
  | { readonly status: 'verified'; readonly credential: VerifiedCredential }
  | {
      readonly status: 'second_factor';
      readonly challengeId: string;
      readonly method: '2fa' | 'verification';
      readonly methods: readonly string[];
    };

interface PendingChallenge {
  readonly client: ManagementClient;
  readonly challenge: SecondFactorChallenge;
  readonly username: string;
  readonly password: string;
  readonly remember: boolean;
  readonly expiresAt: number;
  /** Opaque to this module: what the caller does once the challenge is answered. */
  readonly purpose: unknown;
}

const CHALLENGE_TTL_MS = 10 * 60_000;

// What new-api's second step answers besides a wrong code (controller/twofa.go, Verify2FALogin; all HTTP 200 with
// success:false): its login flow expired or was spent (会话已过期，请重新登录), or the user is gone or barred. Text is the
// only sign: the step's refusals carry no code.
const STEP_EXPIRED = /会话已过期|过期|expired|missing/i;
const USER_REFUSED = /用户不存在|用户已被禁用|未启用2FA|banned|disabled|not exist/i;

/**
 * A refusal of the second step, worded for what it is about: a step the site no longer holds (start again), the user
 * itself (the credential's refusal, as before), or else the code (wrong, reused, or a backup code already spent).
 */
export function secondFactorRefusal(error: AppError): AppError {
  if (error.code !== 'auth.unauthorized') return error;
  const said = error.serverMessage ?? '';
  if (STEP_EXPIRED.test(said)) return { ...error, code: 'auth.expired', reason: 'account.sign_in_step_expired' };
  if (USER_REFUSED.test(said)) return error;
  return { ...error, code: 'auth.code_rejected' };
}

export interface SignInDeps {
  readonly transport: HttpTransport;
  readonly log: Logger;
  readonly clock: ClockPort;
}

export class AccountSignIn {
  readonly #pending = new Map<string, PendingChallenge>();

  constructor(private readonly deps: SignInDeps) {}

  managementClient(baseUrl: string, auth: ClientAuth = {}): ManagementClient {
    const { accessToken, saved, userId, reauthenticate, onChange, onTokenRefused } = auth;
    return new ManagementClient({
      transport: this.deps.transport,
      logger: this.deps.log,
      baseUrl,
      clock: this.deps.clock,
      ...(accessToken === undefined ? {} : { accessToken }),
      ...(saved === undefined ? {} : { saved }),
      ...(userId === null || userId === undefined ? {} : { userId }),
      ...(reauthenticate === undefined ? {} : { reauthenticate }),
      ...(onChange === undefined ? {} : { onChange }),
      ...(onTokenRefused === undefined ? {} : { onTokenRefused }),
    });
  }

  keyClient(baseUrl: string, apiUrl: string, apiKey: string): KeyClient {
    return new KeyClient({ transport: this.deps.transport, logger: this.deps.log, baseUrl, apiUrl, apiKey });
  }

  async verify(
    baseUrl: string,
    apiUrl: string,
    credential: CredentialInput,
    purpose: unknown,
    options: {
      /** A trial ("Test connection"): nothing is kept, so a session it opens is ended again. */
      readonly isTrial?: boolean;
      /** How the site shows money, for a watched key's balance read from the billing endpoints. */
      readonly units?: UnitSettings | undefined;
    } = {},
  ): Promise<Result<Verification>> {
    switch (credential.kind) {
      case 'password': {
        const client = this.managementClient(baseUrl);
        const login = await client.login(credential.username, credential.password);
        if (!login.ok) return login;
        const outcome = await this.#afterLogin(client, login.value, { ...credential, purpose });
        // A trial ("Test connection") keeps nothing, so the session it opened must not linger on the site: current
        // new-api counts it against the user's 50 active sessions for 30 days.
        if (options.isTrial === true && outcome.ok && outcome.value.status === 'verified') await client.logout();
        return outcome;
      }
      case 'access_token': {
        const expiresAt = credential.expiresAt ?? null;
        if (expiresAt !== null && expiresAt * 1000 <= this.deps.clock.now()) {
          return failure({ code: 'validation', reason: 'account.token_expiry_past', field: 'expiresAt' });
        }
        const client = this.managementClient(baseUrl, {
          accessToken: credential.accessToken,
          userId: credential.userId ?? null,
        });
        const self = await client.getSelf();
        if (!self.ok) return self;
        return verified({
          secrets: { accessToken: credential.accessToken },
          username: self.value.username,
          userId: self.value.id,
          tokenExpiresAt: null,
          keyHint: null,
          accessTokenExpiresAt: expiresAt,
          displayName: self.value.display_name || self.value.username,
          balanceUnits: self.value.quota,
          balance: {
            remainingUnits: self.value.quota,
            usedUnits: self.value.used_quota,
            isUnlimited: false,
            softLimitUnits: null,
            hardLimitUnits: null,
          },
        });
      }
      case 'api_key': {
        const client = this.keyClient(baseUrl, apiUrl, credential.apiKey);
        const usage = await client.getTokenUsage();
        if (!usage.ok && usage.error.code === 'unsupported')
          return this.#verifyByBilling(client, credential, options.units);
        if (!usage.ok) return usage;
        return verified({
          secrets: { apiKey: credential.apiKey },
          username: null,
          userId: null,
          tokenExpiresAt: null,
          keyHint: maskKey(credential.apiKey),
          accessTokenExpiresAt: null,
          displayName: usage.value.name,
          balanceUnits: usage.value.unlimited_quota ? null : usage.value.total_available,
          // The billing limits come with the first poll.
          balance: readingFromUsage(usage.value),
        });
      }
    }
  }

  /**
   * Early new-api and one-api have no key usage endpoint; the billing endpoints (in the site's display type) prove
   * the key works and give its balance. They carry no key name, so the account keeps the label the user gave.
   */
  async #verifyByBilling(
    client: KeyClient,
    credential: { readonly apiKey: string },
    units: UnitSettings | undefined,
  ): Promise<Result<Verification>> {
    const balance = await client.getBalance(undefined, units);
    if (!balance.ok) return balance;
    const { remaining } = balance.value;
    return verified({
      secrets: { apiKey: credential.apiKey },
      username: null,
      userId: null,
      tokenExpiresAt: null,
      keyHint: maskKey(credential.apiKey),
      accessTokenExpiresAt: null,
      displayName: null,
      balanceUnits: remaining.kind === 'unlimited' ? null : remaining.units,
      balance: readingFromBilling(balance.value),
    });
  }

  /** Answers a pending challenge; on success returns the credential and the purpose given when it started. */
  async answer(
    challengeId: string,
    code: string,
    method?: string,
  ): Promise<Result<Verification & { purpose: unknown }>> {
    this.#expire();
    const pending = this.#pending.get(challengeId);
    if (!pending) {
      return failure({ code: 'auth.expired', reason: 'account.sign_in_step_expired' });
    }
    const answered = await pending.client.answerSecondFactor(pending.challenge, code, method);
    if (!answered.ok) {
      const error = secondFactorRefusal(answered.error);
      // A step the site ended takes no other code: the sign-in starts again. A refused code may be followed by another.
      if (error.reason === 'account.sign_in_step_expired') this.#pending.delete(challengeId);
      return { ok: false, error };
    }
    this.#pending.delete(challengeId);
    const next = await this.#afterLogin(pending.client, answered.value, pending);
    return next.ok ? { ok: true, value: { ...next.value, purpose: pending.purpose } } : next;
  }

  async #afterLogin(
    client: ManagementClient,
    outcome: LoginOutcome,
    context: { username: string; password: string; remember: boolean; purpose: unknown },
  ): Promise<Result<Verification>> {
    if (outcome.kind === 'second_factor') {
      const challengeId = randomUUID();
      this.#pending.set(challengeId, {
        client,
        challenge: outcome,
        username: context.username,
        password: context.password,
        remember: context.remember,
        purpose: context.purpose,
        expiresAt: this.deps.clock.now() + CHALLENGE_TTL_MS,
      });
      return {
        ok: true,
        value: {
          status: 'second_factor',
          challengeId,
          method: outcome.method,
          methods: outcome.method === 'verification' ? outcome.methods : [],
        },
      };
    }
    const self = await client.getSelf();
    return verified({
      secrets: {
        session: JSON.stringify(client.sessionState()),
        ...(context.remember ? { password: context.password } : {}),
      },
      username: context.username,
      userId: outcome.userId,
      tokenExpiresAt: outcome.expiresAt,
      keyHint: null,
      accessTokenExpiresAt: null,
      displayName: self.ok ? self.value.display_name || self.value.username : context.username,
      balanceUnits: self.ok ? self.value.quota : null,
      balance: null,
    });
  }

  #expire(): void {
    const now = this.deps.clock.now();
    for (const [id, pending] of this.#pending) if (pending.expiresAt <= now) this.#pending.delete(id);
  }
}

const verified = (credential: VerifiedCredential): Result<Verification> => ({
  ok: true,
  value: { status: 'verified', credential },
});

const failure = (error: AppError): { ok: false; error: AppError } => ({ ok: false, error });
