// The management side's credentials: base_url, the access token, the user id for New-Api-User, and the one
// shared re-authentication when a login token expires (single-flight, then the call is replayed once).
import type { z } from 'zod';
import { registerSecret } from '../log/redact';
import { GatewayError, type FailureContext } from './errors';
import type { HttpMethod, HttpTransport } from './http';
import { callGateway, joinUrl, type Envelope } from './request';

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
  readonly isAnonymous?: boolean;
  readonly signal?: AbortSignal | undefined;
}

export interface ManagementSessionOptions {
  readonly transport: HttpTransport;
  readonly baseUrl: string;
  /** A login access token or a system access token; absent until login or re-authentication. */
  readonly accessToken?: string;
  /** Sent as New-Api-User: older new-api refuses access-token calls without it (new-api-compat). */
  readonly userId?: number;
  /** Supplied by the account service: logs in again (stored password, refresh) and returns the new token. */
  readonly reauthenticate?: () => Promise<string>;
}

export class ManagementSession {
  private token: string | undefined;
  private renewal: Promise<string> | undefined;
  userId: number | undefined;

  constructor(private readonly options: ManagementSessionOptions) {
    this.token = options.accessToken;
    this.userId = options.userId;
    if (this.token !== undefined) registerSecret(this.token);
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  setAccessToken(token: string): void {
    registerSecret(token);
    this.token = token;
  }

  async call<S extends z.ZodType>(c: ManagementCall<S>): Promise<z.infer<S>> {
    if (c.isAnonymous === true) return this.send(c, undefined);
    const token = this.token ?? (await this.renew(undefined));
    try {
      return await this.send(c, token);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code !== 'auth.expired' || !this.options.reauthenticate)
        throw error;
      // Replayed once only: a second expiry right after a fresh login is the server's problem to report.
      return this.send(c, await this.renew(token));
    }
  }

  /**
   * One re-authentication for everyone: callers whose token went stale together share the same promise; a caller
   * whose stale token was already replaced just uses the new one.
   */
  private renew(stale: string | undefined): Promise<string> {
    if (this.token !== undefined && this.token !== stale) return Promise.resolve(this.token);
    const reauthenticate = this.options.reauthenticate;
    if (!reauthenticate) {
      return Promise.reject(new GatewayError('auth.needs_sign_in', 'Sign in to this account to continue.'));
    }
    this.renewal ??= reauthenticate()
      .then((fresh) => {
        this.setAccessToken(fresh);
        return fresh;
      })
      .catch((error: unknown) => {
        if (error instanceof GatewayError) throw error;
        throw new GatewayError('auth.expired', 'The sign-in expired and could not be renewed automatically.');
      })
      .finally(() => {
        this.renewal = undefined;
      });
    return this.renewal;
  }

  private send<S extends z.ZodType>(c: ManagementCall<S>, token: string | undefined): Promise<z.infer<S>> {
    const headers: Record<string, string> = {};
    if (token !== undefined) headers.Authorization = `Bearer ${token}`;
    if (token !== undefined && this.userId !== undefined) headers['New-Api-User'] = String(this.userId);
    return callGateway(this.options.transport, {
      method: c.method,
      url: joinUrl(this.options.baseUrl, c.path, c.query),
      headers,
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
}
