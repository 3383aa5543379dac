// The management side's credentials and their renewal, for every server era (new-api-compat): a system access
// token; current new-api's 15-minute login token renewed through its rotating refresh cookie; or an older
// server's login-session cookie. New-Api-User is sent whenever the user id is known (older servers require it).
import type { z } from 'zod';
import { registerSecret } from '../log/redact';
import { GatewayError, type FailureContext } from './errors';
import type { HttpMethod, HttpTransport } from './http';
import { callGateway, joinUrl, type Envelope } from './request';
import { loginSessionSchema, logoutSchema } from './schemas';
import { REFRESH_COOKIE, SessionCookies } from './session-cookies';

export interface ManagementCall<S extends z.ZodType> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly body?: unknown;
  readonly schema: S;
  readonly what: string;
  /** The scope a system access token needs here (named when the server refuses without saying). */
  readonly scope: string;
  readonly businessFailure?: FailureContext['businessFailure'];
  readonly field?: string;
  readonly envelope?: Envelope;
  /** Login and its second step: no credential is sent (cookies are: older servers tie the two steps by one). */
  readonly isAnonymous?: boolean;
  readonly signal?: AbortSignal | undefined;
}

/**
 * How this session proves who it is. `login_token`: current new-api's JWT, with its session id; the refresh cookie
 * lives in the cookie jar. `cookie`: an older server's login session, entirely in the jar.
 */
export type SessionCredential =
  | { readonly kind: 'access_token'; readonly token: string }
  | {
      readonly kind: 'login_token';
      readonly token: string;
      /** Unix seconds; null when the server did not say. */
      readonly expiresAt: number | null;
      readonly sid: string | null;
    }
  | { readonly kind: 'cookie' };

/** What a caller persists (encrypted) to reuse the session after a restart. */
export interface SessionState {
  readonly credential: SessionCredential | null;
  /** The cookie jar, serialised. */
  readonly cookies: string;
  readonly userId: number | null;
}

export interface ManagementSessionOptions {
  readonly transport: HttpTransport;
  readonly baseUrl: string;
  /** A system access token (access-token accounts). */
  readonly accessToken?: string;
  /** A saved login session (password accounts), from `state()`. */
  readonly saved?: SessionState;
  /** Sent as New-Api-User: older new-api refuses calls without it (new-api-compat). */
  readonly userId?: number;
  /**
   * Signs in again by password when the session cannot be refreshed (the account service decides whether it may:
   * a remembered password, and at most one new session a day on its own). Resolves once this session holds a fresh
   * credential, through `adoptLogin`.
   */
  readonly reauthenticate?: () => Promise<void>;
  /** Called whenever the credential or the cookies change (login, refresh, rotation): the caller persists them. */
  readonly onChange?: (state: SessionState) => void;
  /**
   * A system access token the site no longer takes (retired, expired, unknown): the account says so until the user
   * gives it another. Not called for a missing scope: the token still does what its scopes allow.
   */
  readonly onTokenRefused?: (error: GatewayError) => void;
}

/** Refusals of the access token itself, as opposed to one call it may not make. */
const TOKEN_REFUSALS: ReadonlySet<string> = new Set(['auth.token_retired', 'auth.token_expired', 'auth.unauthorized']);

/** Why the current credential needs renewing: decides whether the refresh cookie may still be tried. */
type RenewReason = 'expired' | 'revoked' | 'missing';

export class ManagementSession {
  #credential: SessionCredential | null;
  readonly #cookies: SessionCookies;
  #renewal: Promise<void> | undefined;
  userId: number | undefined;

  constructor(private readonly options: ManagementSessionOptions) {
    this.#cookies = SessionCookies.restore(options.saved?.cookies);
    this.#credential =
      options.accessToken !== undefined
        ? { kind: 'access_token', token: options.accessToken }
        : (options.saved?.credential ?? null);
    this.userId = options.userId ?? options.saved?.userId ?? undefined;
    if (this.#credential !== null && this.#credential.kind !== 'cookie') registerSecret(this.#credential.token);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  get credentialKind(): SessionCredential['kind'] | null {
    return this.#credential?.kind ?? null;
  }

  state(): SessionState {
    return { credential: this.#credential, cookies: this.#cookies.export(), userId: this.userId ?? null };
  }

  /** Takes the credential of a successful login or refresh (login.ts decides which kind the answer carries). */
  adoptLogin(credential: SessionCredential, userId: number): void {
    if (credential.kind !== 'cookie') registerSecret(credential.token);
    this.#credential = credential;
    this.userId = userId;
    this.options.onChange?.(this.state());
  }

  async call<S extends z.ZodType>(c: ManagementCall<S>): Promise<z.infer<S>> {
    if (c.isAnonymous === true) return this.send(c, false);
    // Expiry is learnt from the server's AUTH_TOKEN_EXPIRED, not from our clock: a user's clock a few minutes off
    // the site's would otherwise refresh on every call and spend the site's small refresh budget.
    if (this.#credential === null) await this.renew(null, 'missing');
    const used = this.#credential;
    try {
      return await this.send(c, true);
    } catch (error) {
      if (used?.kind === 'access_token') throw this.#tokenRefusal(error);
      const reason = used === null ? undefined : renewalFor(error, used);
      if (reason === undefined) throw error;
      // Replayed once only: a second refusal right after a renewal is the server's to report.
      await this.renew(used, reason);
      return this.send(c, true);
    }
  }

  /**
   * An access token's refusal, worded for what it is about: one the site does not know at all gets our sentence for
   * that (never a bare "refused"), and the account hears of any refusal of the token itself.
   */
  #tokenRefusal(error: unknown): unknown {
    if (!(error instanceof GatewayError) || !TOKEN_REFUSALS.has(error.code)) return error;
    const refusal =
      error.code === 'auth.unauthorized' && error.details.reason === undefined
        ? new GatewayError(error.code, error.serverMessage, { ...error.details, reason: 'auth.token_unknown' })
        : error;
    this.options.onTokenRefused?.(refusal);
    return refusal;
  }

  /**
   * Ends the session on the server, best effort (signing out, removing the account): current new-api's
   * POST /api/user/auth/logout, or an older server's GET /api/user/logout. A system access token is left alone:
   * the user made it in the console and revokes it there.
   */
  async logout(): Promise<void> {
    const credential = this.#credential;
    if (credential === null || credential.kind === 'access_token') return;
    try {
      if (credential.kind === 'login_token') {
        await this.send(
          {
            method: 'POST',
            path: '/api/user/auth/logout',
            schema: logoutSchema,
            what: 'logout answer',
            scope: 'login',
          },
          true,
          this.#sessionHeaders(credential.sid),
        );
      } else {
        await this.send(
          { method: 'GET', path: '/api/user/logout', schema: logoutSchema, what: 'logout answer', scope: 'login' },
          true,
        );
      }
    } finally {
      this.#credential = null;
    }
  }

  /**
   * One renewal for everyone: callers whose credential went stale together share one promise; a caller whose
   * credential was already replaced just goes on with the new one.
   */
  private renew(stale: SessionCredential | null, reason: RenewReason): Promise<void> {
    if (this.#credential !== null && this.#credential !== stale) return Promise.resolve();
    this.#renewal ??= this.#renewOnce(reason).finally(() => {
      this.#renewal = undefined;
    });
    return this.#renewal;
  }

  async #renewOnce(reason: RenewReason): Promise<void> {
    const current = this.#credential;
    if (current?.kind === 'login_token' && reason === 'expired' && this.#hasRefreshCookie()) {
      try {
        await this.#refresh(current.sid);
        return;
      } catch (error) {
        // The refresh token is spent or refused: only a new login helps. A network failure is not that.
        if (!(error instanceof GatewayError) || !error.code.startsWith('auth.')) throw error;
      }
    }
    const reauthenticate = this.options.reauthenticate;
    if (current?.kind === 'access_token' || !reauthenticate) {
      throw new GatewayError('auth.needs_sign_in', '');
    }
    this.#credential = null;
    await reauthenticate();
    // reauthenticate signs in through adoptLogin; one that returned without doing so leaves the user to sign in.
    if (!this.#isSignedIn()) throw new GatewayError('auth.needs_sign_in', '');
  }

  #isSignedIn(): boolean {
    return this.#credential !== null;
  }

  #hasRefreshCookie(): boolean {
    return this.#cookies.has(joinUrl(this.options.baseUrl, '/api/user/auth/refresh'), REFRESH_COOKIE);
  }

  /** POST /api/user/auth/refresh: a new login token and a new refresh cookie that replaces the old one. */
  async #refresh(sid: string | null): Promise<void> {
    const data = await this.send(
      {
        method: 'POST',
        path: '/api/user/auth/refresh',
        schema: loginSessionSchema,
        what: 'refresh answer',
        scope: 'login',
        businessFailure: 'auth.unauthorized',
      },
      false,
      this.#sessionHeaders(sid),
    );
    this.adoptLogin(
      {
        kind: 'login_token',
        token: data.access_token,
        expiresAt: data.access_expires_at ?? null,
        sid: data.session?.sid ?? sid,
      },
      data.user.id,
    );
  }

  /** X-Auth-Session ties a refresh or logout to its session; sites with secure cookies also check the Origin. */
  #sessionHeaders(sid: string | null): Record<string, string> {
    return { Origin: new URL(this.options.baseUrl).origin, ...(sid === null ? {} : { 'X-Auth-Session': sid }) };
  }

  private send<S extends z.ZodType>(
    c: ManagementCall<S>,
    withCredential: boolean,
    extraHeaders: Readonly<Record<string, string>> = {},
  ): Promise<z.infer<S>> {
    const headers: Record<string, string> = { ...extraHeaders };
    const credential = withCredential ? this.#credential : null;
    if (credential !== null && credential.kind !== 'cookie') headers.Authorization = `Bearer ${credential.token}`;
    if (credential !== null && this.userId !== undefined) headers['New-Api-User'] = String(this.userId);
    return callGateway(this.options.transport, {
      method: c.method,
      url: joinUrl(this.options.baseUrl, c.path, c.query),
      headers,
      cookies: this.#trackedCookies,
      ...(c.body === undefined ? {} : { body: c.body }),
      envelope: c.envelope ?? 'success',
      schema: c.schema,
      what: c.what,
      signal: c.signal,
      ctx: {
        audience: 'management',
        baseLabel: 'base_url',
        baseUrl: this.options.baseUrl,
        scope: c.scope,
        businessFailure: c.businessFailure ?? 'server',
        ...(c.field === undefined ? {} : { field: c.field }),
      },
    });
  }

  /** The jar, reporting every change so a rotated refresh cookie is persisted before anything else happens. */
  readonly #trackedCookies = {
    headerFor: (url: string) => this.#cookies.headerFor(url),
    store: (url: string, lines: readonly string[]) => {
      this.#cookies.store(url, lines);
      this.options.onChange?.(this.state());
    },
  };
}

/** Whether a refusal means the credential must be renewed, and how. */
function renewalFor(error: unknown, used: SessionCredential): RenewReason | undefined {
  if (!(error instanceof GatewayError) || used.kind === 'access_token') return undefined;
  if (error.code === 'auth.expired') return 'expired';
  if (error.code === 'auth.session_revoked') return 'revoked';
  // An older server's session cookie ran out (or was cleared): it answers "not logged in" with a plain 401.
  if (error.code === 'auth.unauthorized') return used.kind === 'cookie' ? 'expired' : 'revoked';
  return undefined;
}
