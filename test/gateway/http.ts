// Shared HTTP plumbing of the three listeners: Hono env type, envelopes, the text 404, JSON body capture.
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AccessPrincipal, KeyRec } from './state';

export type Listener = 'api' | 'base' | 'admin';
export type AuthKind = 'none' | 'login_token' | 'session_cookie' | 'system_token' | 'api_key' | 'invalid';

export interface GatewayVars {
  /** Parsed JSON body; undefined when absent, BAD_JSON when it did not parse. */
  body: unknown;
  authKind: AuthKind;
  principal: AccessPrincipal;
  apiKey: KeyRec;
  fault: string;
  /** An injected `overcharge` fault's factor for this call (faults.ts); unset otherwise. */
  overcharge: number;
}

export interface GatewayEnv {
  Bindings: HttpBindings;
  Variables: GatewayVars;
}

export type GatewayContext = Context<GatewayEnv>;

export const BAD_JSON = Symbol('bad-json');

/** Gin's 404, byte for byte: what real servers answer for a wrong base, path or method. */
export function notFound(): Response {
  return new Response('404 page not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

/** A Hono route path (`/api/token/:id`) as a RegExp over concrete paths. */
function routePattern(path: string): RegExp {
  const escaped = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Real servers' unknown path: gin's RedirectTrailingSlash first (301 for GET, 307 otherwise, when the
 * path with or without its trailing slash has a route), else new-api's JSON 404 "Invalid URL".
 */
export function routeNotFound(app: Hono<GatewayEnv>, c: GatewayContext): Response {
  const url = new URL(c.req.url);
  const path = url.pathname;
  const alternative = path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
  const exists = app.routes.some(
    (r) => r.method !== 'ALL' && r.method === c.req.method && routePattern(r.path).test(alternative),
  );
  if (exists && alternative !== '') {
    return new Response(null, {
      status: c.req.method === 'GET' ? 301 : 307,
      headers: { Location: `${alternative}${url.search}` },
    });
  }
  const message = `Invalid URL (${c.req.method} ${path})`;
  return json({ error: { message, type: 'invalid_request_error', param: '', code: '' } }, 404);
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function ok(data?: unknown): Response {
  return json(data === undefined ? { success: true, message: '' } : { success: true, message: '', data });
}

/** Business failures ride on HTTP 200 unless a status is given (auth failures use 401/403). */
export function fail(message: string, status = 200, code?: string): Response {
  return json(code === undefined ? { success: false, message } : { success: false, code, message }, status);
}

let oneApiRequestSeq = 0;

/** one-api's abortWithMessage: `{error: {message: "<message> (request id: <id>)", type: "one_api_error"}}`. */
export function oneApiError(status: number, message: string): Response {
  const requestId = `emu${String(++oneApiRequestSeq).padStart(6, '0')}`;
  return json({ error: { message: `${message} (request id: ${requestId})`, type: 'one_api_error' } }, status);
}

/** OpenAI-style error object used by the /v1 endpoints. */
export function apiError(status: number, message: string, code: string, type = 'new_api_error'): Response {
  return json({ error: { message, type, param: null, code } }, status);
}

export const captureBody: MiddlewareHandler<GatewayEnv> = async (c, next) => {
  const text = await c.req.text();
  let body: unknown = undefined;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = BAD_JSON;
    }
  }
  c.set('body', body);
  c.set('authKind', 'none');
  await next();
};

export function bearer(c: GatewayContext): string | undefined {
  const header = c.req.header('Authorization')?.trim();
  if (!header) return undefined;
  // new-api also accepts the bare token without the scheme.
  const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
  return token === '' ? undefined : token;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses a positive integer path or query parameter; undefined when it is not one. */
export function positiveInt(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}
