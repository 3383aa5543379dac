// Transport B (browser mode): one HTTP server on 127.0.0.1 serving the built renderer and the bridge — POST per
// invoke, server-sent events for pushes. Every bridge request needs this launch's session cookie (swapped for the
// one-time code of the printed URL, launch-session.ts); wrong Host or Origin is refused (DNS rebinding, other
// sites); no CORS headers are ever sent; the CSP is the Electron one.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fail, type Result } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { CONTENT_SECURITY_POLICY_HEADER } from '../security/csp';
import type { EventBus } from '../event-bus';
import { LaunchSessions } from './launch-session';
import type { Router } from './router';

const MAX_BODY_BYTES = 1024 * 1024;
const KEEPALIVE_MS = 15_000;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY_HEADER,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
} as const;

export interface LoopbackOptions {
  readonly router: Router;
  readonly events: EventBus;
  /** Folder of the built renderer (out/renderer). */
  readonly rendererDir: string;
  readonly log: Logger;
  readonly port?: number;
  /** Fixed first launch code for tests (64 hex digits); a fresh random 256-bit one otherwise. */
  readonly launchCode?: string;
  /**
   * The page (index.html) as served to a request that holds this launch's session: serve.ts puts the first frame's
   * data into it (first-frame-page.ts). Other requests, or a hook that fails, get the file as it is.
   */
  readonly page?: (html: string, request: IncomingMessage) => Promise<string>;
}

export interface LoopbackServer {
  /** The URL to open, with the one-time launch code in the fragment (never sent to the server by the browser). */
  readonly url: string;
  readonly origin: string;
  /** The code in `url`: good for one exchange (POST /bridge/session) and nothing else. */
  readonly launchCode: string;
  /** Another one-time code, for a second browser or a script that opened its own session first (the demo). */
  issueLaunchCode(): string;
  close(): Promise<void>;
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  type: string,
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': 'no-store', ...extra });
  response.end(body);
}

const sendResult = (
  response: ServerResponse,
  status: number,
  result: Result<unknown>,
  extra: Record<string, string> = {},
): void => {
  send(response, status, JSON.stringify(result), 'application/json; charset=utf-8', extra);
};

/**
 * The path of an origin-form target (`/a/b?q`), or null for anything else (`http://[`, `*`, `a`, `//x`): only
 * these are ever parsed, so no request target can make URL parsing throw.
 */
export function parseTarget(raw: string | undefined): string | null {
  if (raw === undefined || !raw.startsWith('/') || raw.startsWith('//')) return null;
  try {
    return new URL(raw, 'http://127.0.0.1').pathname;
  } catch {
    return null;
  }
}

/** decodeURIComponent without the throw: bad percent-encoding is the client's fault, a 400. */
export function decodeSegment(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLoopback(options: LoopbackOptions): Promise<LoopbackServer> {
  const sessions = new LaunchSessions();
  const launchCode = sessions.issueCode(options.launchCode);
  const log = options.log.child('loopback');
  const streams = new Set<ServerResponse>();
  let origin = '';
  let host = '';

  /** Host must be exactly ours; Origin, when the browser sends one, too; cross-site fetch metadata is refused. */
  const isTrustedRequest = (request: IncomingMessage): boolean => {
    if (request.headers.host !== host) return false;
    const requestOrigin = request.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) return false;
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  };

  const hasSession = (request: IncomingMessage): boolean => sessions.hasSession(request.headers.cookie);

  /** The one request a page without a session may make: its launch code for the session cookie. */
  const openSession = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const text = await readBody(request);
    let code: unknown;
    try {
      code = (JSON.parse(text ?? '') as { code?: unknown } | null)?.code;
    } catch {
      code = undefined;
    }
    const session = sessions.exchange(code);
    if (session !== null) {
      sendResult(response, 200, { ok: true, value: null }, { 'set-cookie': LaunchSessions.cookie(session) });
    } else if (hasSession(request)) {
      sendResult(response, 200, { ok: true, value: null }); // a reload: the cookie already does the job
    } else {
      sendResult(response, 403, fail({ code: 'forbidden', reason: 'bridge.launch_code_used' }));
    }
  };

  /** The page for a session holder, through the page hook; null where the plain file is served. */
  const sessionPage = async (pathname: string, request: IncomingMessage): Promise<string | null> => {
    if (options.page === undefined || (pathname !== '/' && pathname !== '/index.html') || !hasSession(request))
      return null;
    try {
      return await options.page(await readFile(join(options.rendererDir, 'index.html'), 'utf8'), request);
    } catch (error) {
      log.warn('page served without its first frame', { error: String(error) });
      return null;
    }
  };

  const serveStatic = async (pathname: string, request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const page = await sessionPage(pathname, request);
    if (page !== null) {
      send(response, 200, page, MIME['.html'] ?? 'text/html');
      return;
    }
    const decoded = pathname === '/' ? 'index.html' : decodeSegment(pathname);
    if (decoded === null || decoded.includes('\0')) {
      send(response, 400, 'Bad request', 'text/plain');
      return;
    }
    const relative = decoded.replace(/^\/+/, '');
    const file = normalize(join(options.rendererDir, relative));
    if (!file.startsWith(normalize(options.rendererDir) + sep)) {
      send(response, 404, 'Not found', 'text/plain');
      return;
    }
    try {
      const body = await readFile(file);
      send(response, 200, body, MIME[extname(file)] ?? 'application/octet-stream');
    } catch {
      send(response, 404, 'Not found', 'text/plain');
    }
  };

  const openEvents = (response: ServerResponse): void => {
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    response.on('close', () => streams.delete(response));
  };

  const handleInvoke = async (channel: string, request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const text = await readBody(request);
    if (text === null) {
      sendResult(response, 413, fail({ code: 'validation', reason: 'input.request_too_large' }));
      return;
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      sendResult(response, 400, fail({ code: 'validation', reason: 'input.request_not_json' }));
      return;
    }
    const args = typeof envelope === 'object' && envelope !== null ? (envelope as { args?: unknown }).args : undefined;
    const result = await options.router.dispatch(channel, args, { transport: 'loopback' });
    sendResult(response, 200, result);
  };

  /** Routes one request; any throw or rejection becomes a clean 500 in `handle`, never an uncaught error. */
  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const target = parseTarget(request.url);
    if (target === null) {
      send(response, 400, 'Bad request', 'text/plain');
      return;
    }
    const isBridge = target.startsWith('/bridge/');
    if (!isTrustedRequest(request)) {
      log.warn('refused request', { host: request.headers.host, origin: request.headers.origin, path: target });
      sendResult(response, 403, fail({ code: 'forbidden', reason: 'bridge.host_not_allowed' }));
      return;
    }
    if (target === '/bridge/session' && request.method === 'POST') {
      await openSession(request, response);
      return;
    }
    if (isBridge && !hasSession(request)) {
      sendResult(response, 403, fail({ code: 'forbidden', reason: 'bridge.no_session' }));
      return;
    }
    const invoke = /^\/bridge\/invoke\/([^/]+)$/.exec(target);
    if (invoke?.[1] !== undefined && request.method === 'POST') {
      const channel = decodeSegment(invoke[1]);
      if (channel === null) sendResult(response, 400, fail({ code: 'validation', reason: 'input.unknown_channel' }));
      else await handleInvoke(channel, request, response);
    } else if (target === '/bridge/launch-code' && request.method === 'POST') {
      const code = sessions.issueCode();
      sendResult(response, 200, { ok: true, value: { code, url: `${origin}/#code=${code}` } });
    } else if (target === '/bridge/events' && request.method === 'GET') {
      openEvents(response);
    } else if (!isBridge && (request.method === 'GET' || request.method === 'HEAD')) {
      await serveStatic(target, request, response);
    } else {
      send(response, 404, 'Not found', 'text/plain');
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    // A client that resets mid-answer must not surface as an unhandled 'error' event.
    response.on('error', () => undefined);
    request.on('error', () => undefined);
    route(request, response).catch((error: unknown) => {
      log.error('request failed', { error });
      try {
        if (!response.headersSent) sendResult(response, 500, fail({ code: 'internal' }));
        else response.end();
      } catch {
        response.destroy();
      }
    });
  };

  const server: Server = createServer(handle);
  // Bytes that are not HTTP: node answers 400 itself when the socket is writable; otherwise just drop it.
  server.on('clientError', (_error, socket) => {
    if (socket.writable && !socket.writableEnded) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const unsubscribe = options.events.subscribe((event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const stream of streams) stream.write(frame);
  });
  const keepalive = setInterval(() => {
    for (const stream of streams) stream.write(': keepalive\n\n');
  }, KEEPALIVE_MS);
  keepalive.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;

  return {
    url: `${origin}/#code=${launchCode}`,
    origin,
    launchCode,
    issueLaunchCode: () => sessions.issueCode(),
    close: async () => {
      unsubscribe();
      clearInterval(keepalive);
      for (const stream of streams) stream.end();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
