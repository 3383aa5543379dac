// The HTTP transport every gateway call goes through: a fetch-shaped port, per-attempt and total deadlines,
// retries for reads only (backoff with full jitter, never before Retry-After), two requests per host, redirects,
// and a slot of the host's critical or search budget for each attempt on a rate-limited route (critical-budget.ts).
// Long because one request's deadlines, retries, redirects and budget slot are a single loop (send) that must see
// them all at once; what could leave it (body reading, the budgets, the ports) already has its own file.
import type { Logger } from '../log/logger';
import { readBodyText } from './body-reader';
import {
  CriticalBudget,
  SEARCH_BUDGET_DEFAULTS,
  currentPriority,
  isCriticalRequest,
  isSearchRequest,
  type RequestPriority,
} from './critical-budget';
import { GatewayError, parseRetryAfter, type ResponseFacts } from './errors';
import { describeNetworkFailure } from './network-failure';
import type { ClockPort, FetchPort } from './ports';

export type { ClockPort, FetchPort } from './ports';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TransportOptions {
  readonly fetch: FetchPort;
  readonly logger: Logger;
  readonly clock: ClockPort;
  /** Per attempt, including reading the body. Default 10 s. */
  readonly attemptTimeoutMs?: number;
  /** For the whole call, retries and waits included. Default 30 s. */
  readonly totalTimeoutMs?: number;
  /** Retries after the first attempt, reads only. Default 2. */
  readonly maxRetries?: number;
  readonly backoffBaseMs?: number;
  readonly backoffCapMs?: number;
  /** Concurrent requests per host. Default 2: we share a user's gateway with their other tools. */
  readonly maxPerHost?: number;
  /** Keydesk's share of each host's critical bucket. Default: one of its own on the transport's clock. */
  readonly criticalBudget?: CriticalBudget;
  /** Keydesk's share of each host's key-search bucket. Default: SEARCH_BUDGET_DEFAULTS on the transport's clock. */
  readonly searchBudget?: CriticalBudget;
}

export interface HttpRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON-encoded when present. */
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

export type HttpResponse = ResponseFacts & {
  readonly url: string;
  /** Set-Cookie lines of the final response: login sessions of older servers and new-api's refresh cookie. */
  readonly setCookies: readonly string[];
};

const MAX_REDIRECTS = 3;
const REDIRECT = new Set([301, 302, 303, 307, 308]);
const isRetryableStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/**
 * Two requests at a time per host, the rest in line. What the user asks for goes ahead of Keydesk's own background
 * work in the line: a reveal on All keys does not wait behind a spend tracker's pages or a poll.
 */
class HostLimiter {
  private active = 0;
  private readonly waiters: { readonly grant: () => void; readonly priority: RequestPriority }[] = [];

  constructor(private readonly limit: number) {}

  async acquire(signal: AbortSignal, priority: RequestPriority): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        priority,
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          this.active++;
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal.reason as Error);
      };
      // Behind the other user requests, ahead of every background one.
      const firstBackground = this.waiters.findIndex((w) => w.priority === 'background');
      if (priority === 'interactive' && firstBackground >= 0) this.waiters.splice(firstBackground, 0, waiter);
      else this.waiters.push(waiter);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    this.active--;
    this.waiters.shift()?.grant();
  }
}

/** Why an attempt's signal fired: our deadlines are timeouts; the caller's own signal is a cancellation. */
type AbortCause = 'attempt' | 'total' | 'caller';

export class HttpTransport {
  private readonly clock: ClockPort;
  private readonly limiters = new Map<string, HostLimiter>();
  private readonly attemptTimeoutMs: number;
  private readonly totalTimeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffBaseMs: number;
  private readonly backoffCapMs: number;
  private readonly maxPerHost: number;
  readonly criticalBudget: CriticalBudget;
  readonly searchBudget: CriticalBudget;

  constructor(private readonly options: TransportOptions) {
    this.clock = options.clock;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.totalTimeoutMs = options.totalTimeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.backoffBaseMs = options.backoffBaseMs ?? 500;
    this.backoffCapMs = options.backoffCapMs ?? 8_000;
    this.maxPerHost = options.maxPerHost ?? 2;
    this.criticalBudget = options.criticalBudget ?? new CriticalBudget({ clock: this.clock });
    this.searchBudget = options.searchBudget ?? new CriticalBudget({ clock: this.clock, ...SEARCH_BUDGET_DEFAULTS });
  }

  /**
   * Sends a request and returns the final response, whatever its status: the clients map statuses to errors.
   * Throws GatewayError only for network failures, timeouts and cross-origin redirects.
   */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const started = this.clock.now();
    const total = new AbortController();
    let cause: AbortCause | undefined;
    const stopTotal = this.deadline(this.totalTimeoutMs, () => {
      cause ??= 'total';
      total.abort(new Error('total deadline'));
    });
    const onCallerAbort = () => {
      cause ??= 'caller';
      total.abort(new Error('cancelled'));
    };
    if (req.signal?.aborted) onCallerAbort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    // Writes are never retried: a lost answer does not mean a lost write, and a second POST makes a second key.
    // Budgeted reads are not either: each try spends a site bucket (critical: the one the user signs in with).
    const budget = isCriticalRequest(req.method, req.url)
      ? this.criticalBudget
      : isSearchRequest(req.method, req.url)
        ? this.searchBudget
        : null;
    const priority = currentPriority();
    const retries = req.method === 'GET' && budget === null ? this.maxRetries : 0;
    try {
      for (let attempt = 0; ; attempt++) {
        let outcome: HttpResponse | GatewayError;
        try {
          if (budget !== null) await this.takeSlot(budget, req.url, priority, total.signal, () => cause);
          outcome = await this.attempt(req, total.signal, () => cause, priority);
          if (budget !== null) {
            if (outcome.status === 429) budget.markSpent(new URL(req.url).origin, outcome.retryAfterMs);
            outcome = { ...outcome, rateBucket: budget === this.criticalBudget ? 'critical' : 'search' };
          }
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          outcome = error;
        }
        const isRetryable =
          outcome instanceof GatewayError
            ? (outcome.code === 'network' || outcome.code === 'timeout') && cause === undefined
            : isRetryableStatus(outcome.status);
        if (!isRetryable || attempt >= retries) {
          if (outcome instanceof GatewayError) throw outcome;
          return outcome;
        }
        const retryAfterMs = outcome instanceof GatewayError ? undefined : outcome.retryAfterMs;
        const jitter = this.clock.random() * Math.min(this.backoffCapMs, this.backoffBaseMs * 2 ** attempt);
        const delay = Math.max(jitter, retryAfterMs ?? 0);
        // A wait that would outlast the budget is not worth starting: report now, with Retry-After intact.
        if (this.clock.now() - started + delay >= this.totalTimeoutMs) {
          if (outcome instanceof GatewayError) throw outcome;
          return outcome;
        }
        this.options.logger.warn('gateway read will be retried', {
          ...where(req.url),
          method: req.method,
          attempt: attempt + 1,
          outcome: outcome instanceof GatewayError ? outcome.code : outcome.status,
          waitMs: Math.round(delay),
        });
        try {
          await this.clock.sleep(delay, total.signal);
        } catch {
          throw abortError(cause);
        }
      }
    } finally {
      stopTotal();
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** One attempt: a slot on the host, the attempt deadline, same-origin redirects, the body read in full. */
  private async attempt(
    req: HttpRequest,
    total: AbortSignal,
    totalCause: () => AbortCause | undefined,
    priority: RequestPriority,
  ): Promise<HttpResponse> {
    const host = new URL(req.url).host;
    const limiter = this.limiterFor(host);
    try {
      await limiter.acquire(total, priority);
    } catch {
      throw abortError(totalCause());
    }
    const controller = new AbortController();
    let cause: AbortCause | undefined;
    const onTotal = () => {
      cause ??= totalCause() ?? 'total';
      controller.abort(new Error('aborted'));
    };
    total.addEventListener('abort', onTotal, { once: true });
    const stop = this.deadline(this.attemptTimeoutMs, () => {
      cause ??= 'attempt';
      controller.abort(new Error('attempt deadline'));
    });
    const t0 = this.clock.now();
    let method = req.method;
    let body = req.body === undefined ? undefined : JSON.stringify(req.body);
    let url = req.url;
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
        if (body !== undefined) headers['Content-Type'] = 'application/json';
        const res = await this.options.fetch(url, {
          method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal: controller.signal,
          // Followed by hand: fetch would turn a redirected PUT into a GET or carry credentials to another host.
          redirect: 'manual',
        });
        const location = res.headers.get('location');
        if (REDIRECT.has(res.status) && location !== null && hop < MAX_REDIRECTS) {
          await res.body?.cancel();
          const next = new URL(location, url);
          if (next.origin !== new URL(url).origin) {
            throw new GatewayError('wrong_base_address', '', {
              status: res.status,
              reason: 'address.redirects',
              params: { address: new URL(url).origin, target: next.origin },
            });
          }
          if (res.status === 303) {
            method = 'GET';
            body = undefined;
          }
          url = next.toString();
          continue;
        }
        const text = await readBodyText(res);
        const contentType = res.headers.get('content-type') ?? '';
        const response: HttpResponse = {
          url,
          setCookies: setCookiesOf(res.headers),
          status: res.status,
          contentType,
          text,
          json: parseJson(text, contentType),
          ...retryAfter(res, this.clock.now()),
        };
        this.options.logger.debug('gateway response', {
          ...where(url),
          method,
          status: res.status,
          elapsedMs: this.clock.now() - t0,
        });
        return response;
      }
    } catch (error) {
      if (error instanceof GatewayError) throw error;
      const code = cause === undefined ? 'network' : 'timeout';
      this.options.logger.info('gateway request failed', {
        ...where(url),
        method,
        outcome: code,
        cause: cause ?? 'network',
      });
      if (cause !== undefined) throw abortError(cause);
      if (isRefusedByFetch(error)) {
        // Nothing left this machine: the gateway is not "unreachable", the request could not be made at all.
        throw new GatewayError('validation', '', { reason: 'network.unsendable' });
      }
      const { reason, cause: systemCause } = describeNetworkFailure(error);
      const target = new URL(url);
      throw new GatewayError('network', '', {
        reason,
        params: {
          address: target.origin,
          ...(systemCause === null ? {} : { cause: systemCause }),
          ...(reason === 'network.unsafe_port' ? { port: target.port } : {}),
        },
      });
    } finally {
      stop();
      total.removeEventListener('abort', onTotal);
      limiter.release();
    }
  }

  /** Queued interactive waits end with the caller's or our deadline; the budget's refusal passes through as is. */
  private async takeSlot(
    budget: CriticalBudget,
    url: string,
    priority: RequestPriority,
    total: AbortSignal,
    totalCause: () => AbortCause | undefined,
  ): Promise<void> {
    const origin = new URL(url).origin;
    try {
      await budget.acquire(origin, priority, total);
    } catch (error) {
      if (error instanceof GatewayError) {
        this.options.logger.info('request held back by the site budget', {
          ...where(url),
          bucket: budget === this.searchBudget ? 'search' : 'critical',
          priority,
          waitMs: error.details.retryAfterMs,
        });
        throw error;
      }
      throw abortError(totalCause());
    }
  }

  private limiterFor(host: string): HostLimiter {
    let limiter = this.limiters.get(host);
    if (!limiter) {
      limiter = new HostLimiter(this.maxPerHost);
      this.limiters.set(host, limiter);
    }
    return limiter;
  }

  /** Runs onExpire after ms on the clock port; returns a cancel. */
  private deadline(ms: number, onExpire: () => void): () => void {
    const cancel = new AbortController();
    this.clock.sleep(ms, cancel.signal).then(onExpire, () => undefined);
    return () => {
      cancel.abort();
    };
  }
}

function abortError(cause: AbortCause | undefined): GatewayError {
  return cause === 'caller'
    ? new GatewayError('network', '', { reason: 'network.cancelled' })
    : new GatewayError('timeout', '');
}

/** Host and path only: query strings may carry search patterns that are parts of keys. */
function where(url: string): { host: string; path: string } {
  const u = new URL(url);
  return { host: u.host, path: u.pathname };
}

function parseJson(text: string, contentType: string): unknown {
  if (text.trim() === '' || contentType.includes('text/html')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function setCookiesOf(headers: Headers): readonly string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  const joined = headers.get('set-cookie');
  return joined === null ? [] : [joined];
}

function retryAfter(res: Response, nowMs: number): { retryAfterMs?: number } {
  const ms = parseRetryAfter(res.headers.get('retry-after'), nowMs);
  return ms === undefined ? {} : { retryAfterMs: ms };
}

/**
 * fetch's own refusal of the request before sending (a header value with NUL or a newline, a malformed URL): a
 * TypeError with no system cause. Undici's network failures say "fetch failed" with a cause; Electron's "net::".
 */
function isRefusedByFetch(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.cause === undefined &&
    error.message !== 'fetch failed' &&
    !error.message.startsWith('net::')
  );
}
