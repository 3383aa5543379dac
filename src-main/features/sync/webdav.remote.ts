// The sync folder on a WebDAV server, through the `webdav` client from npm: list (one PROPFIND), read, conditional
// write, delete, create the folder. Every request goes through the platform's fetch with a deadline, and every body
// the server sends is cut off at a size cap before it is parsed. Failures become a RemoteError with what went wrong.
import type { AppError } from '../../../src-shared/contract';
import { createClient, getPatcher, type FileStat, type WebDAVClient } from 'webdav';
import type { Clock, FetchPort } from '../../platform/ports';

/** One file of the folder as the listing shows it; `etag` without its quotes, null when the server sent none. */
export interface RemoteEntry {
  readonly name: string;
  readonly etag: string | null;
  /** A weak ETag (W/…) cannot guard a write: If-Match compares strongly. */
  readonly isStrong: boolean;
}

export type WriteCondition = { readonly ifMatch: string } | { readonly ifNoneMatch: '*' } | null;
export type WriteOutcome =
  { readonly status: 'written'; readonly etag: string | null } | { readonly status: 'precondition_failed' };

export type RemoteProblem =
  | 'unauthorized'
  | 'not_found'
  | 'insufficient_storage'
  | 'too_large'
  | 'network'
  | 'timeout'
  | 'server'
  | 'protocol'
  | 'weak_etag';

export class RemoteError extends Error {
  constructor(
    readonly problem: RemoteProblem,
    readonly status?: number,
  ) {
    super(`WebDAV ${problem}${status === undefined ? '' : ` (HTTP ${String(status)})`}`);
    this.name = 'RemoteError';
  }

  /** What the user is told: a code and a named reason, the HTTP status as a value (errors.ts converts through this). */
  toAppError(): AppError {
    const params = this.status === undefined ? undefined : { status: this.status };
    const withParams = (e: AppError): AppError => (params === undefined ? e : { ...e, params });
    switch (this.problem) {
      case 'unauthorized':
        return withParams({ code: 'auth.unauthorized', reason: 'sync.unauthorized' });
      case 'not_found':
        return withParams({ code: 'not_found', reason: 'sync.folder_missing' });
      case 'insufficient_storage':
        return withParams({ code: 'server', reason: 'sync.server_full', retryable: true });
      case 'server':
        return withParams({ code: 'server', reason: 'sync.server_error', retryable: true });
      case 'network':
        return { code: 'network', reason: 'sync.unreachable', retryable: true };
      case 'timeout':
        return { code: 'timeout', reason: 'sync.timeout', retryable: true };
      case 'too_large':
        return { code: 'protocol', reason: 'sync.too_large' };
      case 'weak_etag':
        return { code: 'unsupported', reason: 'sync.weak_etags' };
      case 'protocol':
        return withParams({ code: 'protocol', reason: 'sync.not_webdav' });
    }
  }
}

/** The folder, as the sync engine uses it (tests give a fake or the real server through this). */
export interface SyncRemote {
  list(): Promise<RemoteEntry[]>;
  get(name: string, maxBytes: number): Promise<Uint8Array>;
  put(name: string, bytes: Uint8Array, condition: WriteCondition): Promise<WriteOutcome>;
  remove(name: string, ifMatch: string | null): Promise<'removed' | 'precondition_failed' | 'missing'>;
  ensureFolder(): Promise<void>;
}

export interface WebdavRemoteOptions {
  /** The folder's URL (https, or http on loopback: checked by the caller). */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  readonly fetch: FetchPort;
  readonly clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  /** Per request; default 30 s. */
  readonly timeoutMs?: number;
}

/** The largest listing read: about 4,000 records' entries on a verbose server. */
export const MAX_LISTING_BYTES = 4 * 1024 * 1024;
/** The most files a listing may name. */
export const MAX_LISTING_ENTRIES = 20_000;
/** Anything else (a write's answer, an error page) is read up to this much. */
const MAX_OTHER_BYTES = 64 * 1024;

// The webdav client sends through one fetch for the whole process. Each request here carries its own AbortSignal,
// and the fetch it reaches is the one registered for that signal: bounded, with this Keydesk's platform fetch. A
// request without one is refused rather than sent unbounded.
interface Route {
  readonly fetch: FetchPort;
  readonly maxBytes: number;
}
const routes = new WeakMap<AbortSignal, Route>();

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new RemoteError('too_large', response.status);
  }
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    if (signal.aborted) throw new RemoteError('timeout');
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new RemoteError('too_large', response.status);
    }
    parts.push(value);
  }
  return new Uint8Array(Buffer.concat(parts));
}

function patchOnce(): void {
  const patcher = getPatcher();
  if (patcher.isPatched('fetch')) return;
  patcher.patch('fetch', async (...args: unknown[]) => {
    const url = String(args[0]);
    const init = (args[1] ?? {}) as RequestInit & { signal?: AbortSignal };
    const route = init.signal ? routes.get(init.signal) : undefined;
    if (!route || !init.signal) throw new RemoteError('protocol');
    const { agent: _agent, headers, ...rest } = init as RequestInit & { agent?: unknown };
    // The body's length is the fetch implementation's to send: Chromium's (Electron's net.fetch) refuses the header.
    const sent = new Headers(headers);
    sent.delete('content-length');
    const response = await route.fetch(url, { ...rest, headers: sent });
    const body = await readCapped(response, route.maxBytes, init.signal);
    // A fresh response over the capped bytes: the client parses only what was allowed in.
    return new Response(response.status === 204 || response.status === 304 ? null : Buffer.from(body), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  });
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

function toRemoteError(error: unknown, signal: AbortSignal): RemoteError {
  if (error instanceof RemoteError) return error;
  if (signal.aborted) return new RemoteError('timeout');
  const status = statusOf(error);
  if (status === undefined) {
    // fetch's own failure (refused, reset, DNS) or a listing the XML parser could not read.
    const isParse = error instanceof Error && /pars|xml|multistatus|propstat/i.test(error.message);
    return new RemoteError(isParse ? 'protocol' : 'network');
  }
  if (status === 401 || status === 403) return new RemoteError('unauthorized', status);
  if (status === 404 || status === 409) return new RemoteError('not_found', status);
  if (status === 507 || status === 413) return new RemoteError('insufficient_storage', status);
  if (status >= 500) return new RemoteError('server', status);
  return new RemoteError('protocol', status);
}

const quote = (etag: string): string => `"${etag}"`;

const LISTING_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>';

export class WebdavRemote implements SyncRemote {
  readonly #client: WebDAVClient;

  constructor(private readonly options: WebdavRemoteOptions) {
    patchOnce();
    this.#client = createClient(options.url, { username: options.username, password: options.password });
  }

  async list(): Promise<RemoteEntry[]> {
    // Only the two properties the engine reads: a server's whole set of properties is several times larger.
    const stats: FileStat[] = await this.#run(MAX_LISTING_BYTES, (signal) =>
      this.#client.getDirectoryContents('/', {
        signal,
        data: LISTING_BODY,
        headers: { 'Content-Type': 'application/xml' },
      }),
    );
    const files = stats.filter((stat) => stat.type === 'file');
    if (files.length > MAX_LISTING_ENTRIES) throw new RemoteError('too_large');
    return files.map((stat) => {
      const etag = stat.etag ?? null;
      const isWeak = etag !== null && /^W\//.test(etag);
      return { name: stat.basename, etag: isWeak ? etag.slice(2) : etag, isStrong: etag !== null && !isWeak };
    });
  }

  get(name: string, maxBytes: number): Promise<Uint8Array> {
    return this.#run(maxBytes, async (signal) => {
      const body = await this.#client.getFileContents(`/${name}`, { signal, format: 'binary' });
      return new Uint8Array(body as ArrayBuffer);
    });
  }

  put(name: string, bytes: Uint8Array, condition: WriteCondition): Promise<WriteOutcome> {
    const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
    if (condition !== null && 'ifMatch' in condition) headers['If-Match'] = quote(condition.ifMatch);
    if (condition !== null && 'ifNoneMatch' in condition) headers['If-None-Match'] = '*';
    return this.#run(MAX_OTHER_BYTES, async (signal): Promise<WriteOutcome> => {
      try {
        const response = await this.#client.customRequest(`/${name}`, {
          method: 'PUT',
          headers,
          data: Buffer.from(bytes),
          signal,
        });
        const etag = response.headers.get('etag');
        // A weak ETag on the answer is no use for the next If-Match: the next listing is asked instead.
        return { status: 'written', etag: etag === null || /^W\//.test(etag) ? null : etag.replaceAll('"', '') };
      } catch (error) {
        if (statusOf(error) === 412) return { status: 'precondition_failed' };
        throw error;
      }
    });
  }

  remove(name: string, ifMatch: string | null): Promise<'removed' | 'precondition_failed' | 'missing'> {
    return this.#run(MAX_OTHER_BYTES, async (signal) => {
      try {
        await this.#client.customRequest(`/${name}`, {
          method: 'DELETE',
          headers: ifMatch === null ? {} : { 'If-Match': quote(ifMatch) },
          signal,
        });
        return 'removed';
      } catch (error) {
        if (statusOf(error) === 412) return 'precondition_failed';
        if (statusOf(error) === 404) return 'missing';
        throw error;
      }
    });
  }

  async ensureFolder(): Promise<void> {
    const exists = await this.#run(MAX_OTHER_BYTES, async (signal) => {
      try {
        await this.#client.customRequest('/', { method: 'PROPFIND', headers: { Depth: '0' }, signal });
        return true;
      } catch (error) {
        if (statusOf(error) === 404) return false;
        throw error;
      }
    });
    if (!exists) await this.#run(MAX_OTHER_BYTES, (signal) => this.#client.createDirectory('/', { signal }));
  }

  async #run<T>(maxBytes: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    routes.set(controller.signal, { fetch: this.options.fetch, maxBytes });
    const timer = this.options.clock.setTimer(this.options.timeoutMs ?? 30_000, () => {
      controller.abort();
    });
    try {
      return await task(controller.signal);
    } catch (error) {
      throw toRemoteError(error, controller.signal);
    } finally {
      this.options.clock.clearTimer(timer);
    }
  }
}
