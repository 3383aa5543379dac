// Fake ports for gateway unit tests: settle (runs a promise, moving the fake clock to its next timer when everything
// else is idle), a logger that records raw (unredacted) calls, and a routing fetch stub that records what was sent.
import type { Logger } from '../../../../src-main/log/logger';
import type { ClockPort, FetchPort } from '../../../../src-main/gateway/http';
import type { FakeClock } from '../../../support/fake-clock';

const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs promise to completion, advancing virtual time only when nothing else can make progress. */
export async function settle<T>(clock: FakeClock, promise: Promise<T>, maxSteps = 500): Promise<T> {
  const state = { isDone: false };
  const finish = () => {
    state.isDone = true;
  };
  promise.then(finish, finish);
  // A function call, so the checker does not assume the flag cannot change across awaits.
  const isDone = () => state.isDone;
  for (let step = 0; step < maxSteps && !isDone(); step++) {
    for (let i = 0; i < 5 && !isDone(); i++) await idle();
    if (!isDone() && !clock.fireNext()) break;
  }
  return promise;
}

export interface LogCall {
  level: string;
  message: string;
  fields?: Record<string, unknown>;
}

/** Records exactly what the gateway layer hands to its logger, before any redaction. */
export function recordingLogger(calls: LogCall[] = []): Logger & { calls: LogCall[] } {
  const make = (): Logger & { calls: LogCall[] } => ({
    calls,
    debug: (message, fields) => calls.push({ level: 'debug', message, fields }),
    info: (message, fields) => calls.push({ level: 'info', message, fields }),
    warn: (message, fields) => calls.push({ level: 'warn', message, fields }),
    error: (message, fields) => calls.push({ level: 'error', message, fields }),
    child: () => make(),
  });
  return make();
}

export interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export type Route = (req: SentRequest) => Response | Promise<Response>;

/** A fetch port that answers from a handler and records every request (body parsed as JSON). */
export function stubFetch(handler: Route, clock?: ClockPort): FetchPort & { sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const req: SentRequest = {
      method: init.method ?? 'GET',
      url: new URL(url),
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      at: clock?.now() ?? 0,
    };
    sent.push(req);
    const signal = init.signal;
    if (signal?.aborted) throw signal.reason as Error;
    return await new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      Promise.resolve(handler(req)).then(resolve, reject);
    });
  };
  return Object.assign(fetch, { sent });
}

/** A response that never comes (until the request is aborted). */
export const hang = (): Promise<Response> => new Promise<Response>(() => undefined);

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

export const okEnvelope = (data?: unknown): Response =>
  jsonResponse(data === undefined ? { success: true, message: '' } : { success: true, message: '', data });
