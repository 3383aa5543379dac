// Gateway failures as values: the GatewayError carried inside this layer, and the mapping from HTTP status,
// envelope code and body shape to the contract's ErrorCode. Server messages are kept for display, never logged.
import type { AppError, ErrorCode, ErrorParams, ErrorReason } from '../../src-shared/contract';
import { cleanServerText } from './server-text';

/** Codes a caller may simply try again later (the UI offers "retry"; the scheduler backs off). */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['network', 'timeout', 'rate_limited', 'server']);

export interface GatewayErrorDetails {
  readonly retryAfterMs?: number;
  /** rate_limited before anything was sent, by the per-host budget (critical-budget.ts): its reason says whose limit. */
  readonly isLocalLimit?: boolean;
  readonly scope?: string;
  readonly field?: string;
  /** HTTP status when the failure came from a response (diagnostics only). */
  readonly status?: number;
  /** For unsupported: what this server version lacks. */
  readonly feature?: UnsupportedFeature;
  /**
   * The server's JSON "Invalid URL" 404: it is the gateway, and it has no such route. A wrong address on core
   * endpoints every era has; a missing feature where the call site says the endpoint is version-dependent.
   */
  readonly isUnknownRoute?: boolean;
  /** Our own more precise sentence, named (the renderer words it); never the server's words. */
  readonly reason?: ErrorReason;
  /** The values `reason`'s sentence names. */
  readonly params?: ErrorParams;
}

/**
 * Endpoints some servers lack (new-api-compat): reveal, batch reveal, key usage, subscription, usage logs, groups
 * (one-api), the site's own model lists (/api/pricing and the like; the spec and one-api lack some of them), and
 * password encryption at login, and the user's own settings (new-api's quota warning).
 */
export type UnsupportedFeature =
  | 'reveal'
  | 'key_usage'
  | 'subscription'
  | 'usage_logs'
  | 'groups'
  | 'model_listing'
  | 'password_encryption'
  | 'notify_settings';

/**
 * Thrown inside src-main/gateway only; the clients turn it into a Result before it leaves. `serverMessage` is the
 * gateway's own words ('' when it said nothing): Keydesk's explanation goes in details.reason, never in text.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';

  constructor(
    readonly code: ErrorCode,
    readonly serverMessage: string,
    readonly details: GatewayErrorDetails = {},
  ) {
    // Error.message is for logs: the code and reason, never the server's words (they may quote a secret back).
    super(details.reason === undefined ? code : `${code}: ${details.reason}`);
  }

  toAppError(): AppError {
    const { retryAfterMs, isLocalLimit, scope, field, feature, reason, params } = this.details;
    return {
      code: this.code,
      ...(reason === undefined ? {} : { reason }),
      ...(params === undefined ? {} : { params }),
      ...(this.serverMessage === '' ? {} : { serverMessage: this.serverMessage }),
      retryable: RETRYABLE.has(this.code),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(isLocalLimit === true ? { isLocalLimit } : {}),
      ...(scope === undefined ? {} : { scope }),
      ...(field === undefined ? {} : { field }),
      ...(feature === undefined ? {} : { feature }),
    };
  }
}

export const isGatewayError = (value: unknown): value is GatewayError => value instanceof GatewayError;

/** Which side of the gateway a call went to: decides what a 401 or a text 404 means. */
export type Audience = 'management' | 'key';

export interface FailureContext {
  readonly audience: Audience;
  /** The base address the request used and its label, for the wrong_base_address message. */
  readonly baseLabel: 'base_url' | 'api_url';
  readonly baseUrl: string;
  /** The scope this endpoint needs when a system access token is refused without naming one. */
  readonly scope?: string;
  /** What a plain `success:false` means here: input refused (validation) or a failed read (server). */
  readonly businessFailure: ErrorCode;
  /** For validation failures: the input field the endpoint's refusal is about, when there is one. */
  readonly field?: string;
}

/** Envelope fields the mapping reads; everything else of a body is the schema's business. */
export interface EnvelopeLike {
  readonly success?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly error?: unknown;
}

// Scopes are `area:verb` (api_key:read, wallet:read, and profile:read, usage:read on the newest new-api).
const SCOPE_IN_TEXT = /\b((?:api_key|wallet|profile|[a-z_]+):(?:read|write|reveal|[a-z_]+))\b/;
// Older new-api and one-api refuse an unknown access token with HTTP 200 (new-api-compat).
const INVALID_ACCESS_TOKEN = /access token (无效|is invalid|invalid)|invalid access token/i;
// Older new-api requires New-Api-User beside every session or access token, and says so in Chinese.
const USER_ID_HEADER = /New-Api-User/i;
/** new-api's session codes (auth_session.go), in the order they are checked. */
const SESSION_CODES: Readonly<Record<string, ErrorCode>> = {
  AUTH_TOKEN_EXPIRED: 'auth.expired',
  AUTH_UNAUTHORIZED: 'auth.unauthorized',
  AUTH_SESSION_REVOKED: 'auth.session_revoked',
  AUTH_SESSION_LIMIT: 'auth.session_limit',
  AUTH_SESSION_ISSUANCE_LIMIT: 'auth.session_issuance_limit',
  // A refresh that raced another refresh of the same session, or a session id that does not match the cookie:
  // either way this refresh token is spent, and the session must be renewed another way.
  AUTH_REFRESH_RACE: 'auth.expired',
  AUTH_SESSION_MISMATCH: 'auth.unauthorized',
  AUTH_ORIGIN_FORBIDDEN: 'auth.unauthorized',
  // new-api rc.41's scoped access tokens (middleware/auth.go): each refusal has a remedy of its own.
  ACCESS_TOKEN_LEGACY_RETIRED: 'auth.token_retired',
  ACCESS_TOKEN_EXPIRED: 'auth.token_expired',
  ACCESS_TOKEN_ROUTE_UNDECLARED: 'auth.route_undeclared',
  AUTH_SESSION_REQUIRED: 'auth.session_required',
  AUTH_USER_DISABLED: 'auth.unauthorized',
};
/** Our sentence for a session code whose ErrorCode is shared with others. */
const SESSION_REASONS: Readonly<Record<string, ErrorReason>> = { AUTH_USER_DISABLED: 'auth.user_disabled' };
// Go's gorm "record not found" and the Chinese wording some versions use. Branching on text is a last resort:
// the spec gives this failure no code.
const RECORD_NOT_FOUND = /record not found|不存在|未找到/i;
const TEXT_404 = /^\s*404 page not found\s*$/i;
// new-api's JSON 404 for an unknown route: {"error":{"message":"Invalid URL (GET /api/x)",...}}
const INVALID_URL = /invalid url/i;
// A key whose group the account may not use. Early and current new-api say it in Chinese only with an empty
// code (无权访问 vip 分组); newer builds translate it ("No permission to access this group").
const GROUP_WORD = /\bgroup\b|分组/i;
const GROUP_DENIED =
  /无权.*分组|分组.*(禁用|弃用)|access to (this )?group|group .*not (permitted|allowed|authori[sz]ed)|permission to access (this )?group/i;

/** The server's own message, cleaned and cut (server-text.ts): every failure message from a body passes here. */
export const messageOf = (body: unknown): string => {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as EnvelopeLike;
  if (typeof b.message === 'string' && b.message !== '') return cleanServerText(b.message);
  if (typeof b.error === 'object' && b.error !== null) {
    const inner = (b.error as { message?: unknown }).message;
    if (typeof inner === 'string') return cleanServerText(inner);
  }
  return '';
};

const errorObjectCode = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const e = (body as EnvelopeLike).error;
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Runs a call to an endpoint some server versions lack: their "Invalid URL" 404 then means "this version does not
 * offer it", never a wrong address (the core endpoints every era has already proved the address).
 */
export async function whereSupported<T>(
  feature: UnsupportedFeature,
  call: () => Promise<T>,
  /**
   * An endpoint the spec does not define (real servers' usage logs): the spec's own server answers it with its text
   * 404, which there means "no such path" as well, not a wrong address.
   */
  isOutsideSpec = false,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const isSpecTextNotFound = isOutsideSpec && error.code === 'wrong_base_address' && error.details.status === 404;
    if (error.details.isUnknownRoute !== true && !isSpecTextNotFound) throw error;
    throw new GatewayError('unsupported', error.serverMessage, { status: 404, feature });
  }
}

export function wrongBaseAddress(ctx: FailureContext, serverText: string, isUnknownRoute = false): GatewayError {
  const reason = ctx.baseLabel === 'base_url' ? 'address.base_url_not_management' : 'address.api_url_not_models';
  return new GatewayError('wrong_base_address', cleanServerText(serverText), {
    status: 404,
    reason,
    params: { address: ctx.baseUrl },
    ...(isUnknownRoute ? { isUnknownRoute } : {}),
  });
}

/** Parses Retry-After (delta-seconds or an HTTP date) into milliseconds from `nowMs`. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export interface ResponseFacts {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  readonly json: unknown;
  readonly retryAfterMs?: number;
  /** Which of the site's rate-limited buckets the request spent (the transport knows the route), if any. */
  readonly rateBucket?: 'critical' | 'search';
}

/**
 * Decides whether a response is a failure and which. Returns undefined when the body should go on to the schema
 * (a success envelope, or JSON that the schema will judge). Order matters: transport-level facts (404 text, 429,
 * 5xx, HTML) come before the envelope, and the envelope's explicit code before its message.
 */
export function classifyResponse(r: ResponseFacts, ctx: FailureContext): GatewayError | undefined {
  const body = r.json;
  const message = messageOf(body);
  const details = { status: r.status };

  if (r.status === 404 && body === undefined && TEXT_404.test(r.text)) return wrongBaseAddress(ctx, r.text);
  if (r.status === 404 && INVALID_URL.test(message)) return wrongBaseAddress(ctx, message, true);

  const envelopeCode = typeof body === 'object' && body !== null ? (body as EnvelopeLike).code : undefined;
  const sessionCode = typeof envelopeCode === 'string' ? SESSION_CODES[envelopeCode] : undefined;
  if (sessionCode !== undefined) {
    const reason = typeof envelopeCode === 'string' ? SESSION_REASONS[envelopeCode] : undefined;
    return new GatewayError(sessionCode, message || String(envelopeCode), {
      ...details,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  if (ctx.audience === 'management' && USER_ID_HEADER.test(message) && isRefusal(r.status, body)) {
    return new GatewayError('auth.user_id_required', message, details);
  }
  if (r.status === 429) {
    // Which of the site's limits said no, so the user reads that limit's rule (a search's, not a sign-in's).
    const reason =
      r.rateBucket === 'critical' ? 'rate.site_critical' : r.rateBucket === 'search' ? 'rate.site_search' : undefined;
    return new GatewayError('rate_limited', message, {
      ...details,
      ...(reason === undefined ? {} : { reason }),
      ...(r.retryAfterMs === undefined ? {} : { retryAfterMs: r.retryAfterMs }),
    });
  }
  if (r.status === 408) return new GatewayError('timeout', message, details);

  if (envelopeCode === 'ACCESS_TOKEN_SCOPE_DENIED') {
    const scope = SCOPE_IN_TEXT.exec(message)?.[1] ?? ctx.scope;
    return scopeDenied(message, details, scope);
  }
  if (errorObjectCode(body) === 'model_not_found') return new GatewayError('model_not_found', message, details);

  if (r.status >= 500) return new GatewayError('server', message, details);
  if (r.status === 401) {
    return ctx.audience === 'key'
      ? new GatewayError('key.invalid', message, details)
      : new GatewayError('auth.unauthorized', message, details);
  }
  if (r.status === 403) {
    if (ctx.audience === 'key') {
      // 403 on a key endpoint: the key works but may not do this (group, IP list, model list, quota).
      // Recognised by status and wording: the refusal carries an empty code on real servers.
      const isGroup = errorObjectCode(body) === 'group_not_permitted' || GROUP_WORD.test(message);
      return new GatewayError(isGroup ? 'key.group_denied' : 'key.invalid', message, details);
    }
    return scopeDenied(message, details, ctx.scope);
  }
  if (body === undefined) {
    // An HTML page (a proxy's error page, a login wall) is the server misbehaving, not our parse failing.
    if (/<html|<!doctype/i.test(r.text) || r.contentType.includes('text/html')) {
      return new GatewayError('server', '', { ...details, reason: 'server.html_page', params: { status: r.status } });
    }
    return new GatewayError('protocol', '', { ...details, reason: 'protocol.not_json', params: { status: r.status } });
  }
  if (r.status === 404) {
    return RECORD_NOT_FOUND.test(message)
      ? new GatewayError('not_found', message, details)
      : wrongBaseAddress(ctx, message || r.text);
  }

  const b = body as EnvelopeLike;
  const isFailure =
    b.success === false || (typeof b.code === 'boolean' && !b.code) || errorObjectCode(body) !== undefined;
  if (isFailure) {
    if (RECORD_NOT_FOUND.test(message)) return new GatewayError('not_found', message, details);
    if (ctx.audience === 'management' && INVALID_ACCESS_TOKEN.test(message)) {
      return new GatewayError('auth.unauthorized', message, details);
    }
    if (ctx.audience === 'key' && GROUP_DENIED.test(message)) {
      return new GatewayError('key.group_denied', message, details);
    }
    return new GatewayError(ctx.businessFailure, message, {
      ...details,
      ...(ctx.field === undefined ? {} : { field: ctx.field }),
    });
  }
  if (r.status >= 400) return new GatewayError('server', message, details);
  return undefined;
}

/** A scope refusal, naming the scope (from the site's words, else the endpoint's) for our sentence. */
function scopeDenied(message: string, details: { status: number }, scope: string | undefined): GatewayError {
  return new GatewayError('auth.scope_denied', message, {
    ...details,
    ...(scope === undefined ? {} : { scope, reason: 'auth.scope_missing', params: { scope } }),
  });
}

const isRefusal = (status: number, body: unknown): boolean =>
  status === 401 || (typeof body === 'object' && body !== null && (body as EnvelopeLike).success === false);

/**
 * A body that passed the envelope but not its schema: unknown, never zero. What was read and which fields failed go
 * to the log (they name no secret); the user reads our sentence for protocol.shape.
 */
export const protocolError = (what: string, issues: string): GatewayError =>
  Object.assign(new GatewayError('protocol', '', { reason: 'protocol.shape' }), {
    message: `protocol: ${what} did not have the expected shape (${issues})`,
  });
