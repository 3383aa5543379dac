// One gateway call from request to typed value: send through the transport, map failures (errors.ts), unwrap
// the envelope, and parse the data with the endpoint's schema. Shared by both clients.
import type { z } from 'zod';
import type { AppError, Result } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { GatewayError, classifyResponse, protocolError, type FailureContext } from './errors';
import type { HttpMethod, HttpTransport } from './http';
import { codeEnvelopeSchema, describeIssues, envelopeSchema } from './schemas';

/** Which wrapper the endpoint uses: management `{success, data}`, key usage `{code, data}`, or none (/v1). */
export type Envelope = 'success' | 'code' | 'none';

export interface CallSpec<S extends z.ZodType> {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly envelope: Envelope;
  readonly schema: S;
  readonly ctx: FailureContext;
  /** Names the answer in a protocol error: "key list", "account". */
  readonly what: string;
  readonly signal?: AbortSignal | undefined;
  /** Login-session cookies of a management session: sent with the request, and updated from its answer. */
  readonly cookies?: CookieCarrier | undefined;
}

/** What callGateway needs of a cookie jar (see session-cookies.ts). */
export interface CookieCarrier {
  headerFor(url: string): string | undefined;
  store(url: string, setCookies: readonly string[]): void;
}

export async function callGateway<S extends z.ZodType>(
  transport: HttpTransport,
  spec: CallSpec<S>,
): Promise<z.infer<S>> {
  const cookie = spec.cookies?.headerFor(spec.url);
  const res = await transport.send({
    method: spec.method,
    url: spec.url,
    headers: cookie === undefined ? spec.headers : { ...spec.headers, Cookie: cookie },
    ...(spec.body === undefined ? {} : { body: spec.body }),
    ...(spec.signal === undefined ? {} : { signal: spec.signal }),
  });
  // Stored before judging the answer: a refusal may also clear or rotate a cookie.
  if (res.setCookies.length > 0) spec.cookies?.store(res.url, res.setCookies);
  const failure = classifyResponse(res, spec.ctx);
  if (failure) throw failure;
  let data: unknown = res.json;
  if (spec.envelope !== 'none') {
    const envelope = (spec.envelope === 'success' ? envelopeSchema : codeEnvelopeSchema).safeParse(res.json);
    if (!envelope.success) throw protocolError(spec.what, describeIssues(envelope.error));
    data = envelope.data.data;
  }
  const parsed = spec.schema.safeParse(data);
  if (!parsed.success) throw protocolError(spec.what, describeIssues(parsed.error));
  return parsed.data;
}

/** Runs a client operation and turns its outcome into a Result: expected failures are values, not throws. */
export async function toResult<T>(logger: Logger, operation: string, run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof GatewayError) {
      // error.message names the code and our reason (and a protocol failure's fields), never the server's words.
      logger.info('gateway operation failed', { operation, detail: error.message, status: error.details.status });
      return { ok: false, error: error.toAppError() };
    }
    // Only the error's kind is logged: an unexpected message could quote a request.
    logger.error('unexpected gateway failure', { operation, kind: error instanceof Error ? error.name : typeof error });
    const appError: AppError = { code: 'internal' };
    return { ok: false, error: appError };
  }
}

/** Joins a base address and a spec path, keeping any path prefix of the base (a gateway behind /proxy/). */
export function joinUrl(
  base: string,
  path: string,
  query?: Readonly<Record<string, string | number | undefined>>,
): string {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}
