// The loopback server under whatever a local process can put on a socket: malformed targets, bad percent-encoding
// and random request lines, headers and bodies, with and without a session. The process must live; answers are
// a clean HTTP status or a closed connection, never a crash or a hang.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS } from '../../../src-shared/contract';
import { createApp, type App } from '../../../src-main/app';
import { startLoopback, type LoopbackServer } from '../../../src-main/bridge/loopback.transport';
import { openBridgeSession } from '../../support/bridge-session';
import { memoryLogger } from '../../support/memory-logger';
import { confStoreEngine } from '../../../src-main/platform/node/conf.engine';

let dir: string;
let app: App;
let server: LoopbackServer;
let port: number;
let cookie: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'keydesk-hostile-'));
  await mkdir(join(dir, 'renderer'));
  await writeFile(join(dir, 'renderer', 'index.html'), '<!doctype html><title>Keydesk</title>');
  const { log } = memoryLogger();
  // The real handlers behind the server: random bodies reach every channel's schema and service.
  app = await createApp({
    storeEngine: confStoreEngine(),
    mode: 'browser',
    dataDir: join(dir, 'data'),
    version: '9.9.9',
    platform: 'linux',
    log,
    fetch: () => Promise.reject(new TypeError('fetch failed')),
  });
  server = await startLoopback({ router: app.router, events: app.events, rendererDir: join(dir, 'renderer'), log });
  port = Number(new URL(server.origin).port);
  cookie = await openBridgeSession(server.origin, server.launchCode);
});

afterAll(async () => {
  await server.close();
  await app.dispose();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Writes raw bytes and answers the status line's code (0 when the server just closed). The write side is closed
 * only after a pause, for requests whose declared body never comes: node drops a half-closed socket whose
 * answer is still pending, which would hide the answer we want to judge.
 */
function rawExchange(bytes: string | Buffer, timeoutMs = 5_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      // One answer is all we judge; a keep-alive connection would otherwise wait for the next request.
      if (/^HTTP\/1\.1 \d{3}/.test(received) && received.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined); // a reset is a clean refusal too
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0));
    });
    socket.write(bytes);
    const grace = setTimeout(() => socket.end(), 300);
    socket.on('close', () => {
      clearTimeout(grace);
    });
  });
}

const isAlive = async (): Promise<number> => rawExchange(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);

describe('loopback server under hostile requests', () => {
  it('answers 400 to targets that are not paths, without a session, and stays up', async () => {
    for (const target of ['http://[', 'http://[::1', '*', 'a', '//evil', 'http://127.0.0.1:1/']) {
      const status = await rawExchange(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect([0, 400]).toContain(status);
      expect(await isAlive()).toBe(200);
    }
  });

  it('answers 400 to bad percent-encoding in a channel or a file name, with a session', async () => {
    for (const target of ['/bridge/invoke/%', '/bridge/invoke/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const status = await rawExchange(
        `${target.startsWith('/bridge') ? 'POST' : 'GET'} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Cookie: ${cookie}\r\nContent-Length: 2\r\n\r\n{}`,
      );
      expect(status).toBe(400);
      expect(await isAlive()).toBe(200);
    }
  });

  it('survives random request lines, targets, headers and bodies, with and without a session', async () => {
    const method = fc.oneof(
      fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'OPTIONS', 'CONNECT', 'TRACE', 'DELETE'),
      fc.string({ maxLength: 12 }),
    );
    const target = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ maxLength: 40 }).map((s) => `/bridge/invoke/${s}`),
      fc.constantFrom(...INVOKE_CHANNELS).map((channel) => `/bridge/invoke/${channel}`),
      fc.constantFrom(
        '/bridge/events',
        '/bridge/invoke/app:info',
        '/bridge/session',
        '/bridge/launch-code',
        '/',
        '/index.html',
        'http://[',
        '*',
      ),
      fc
        .array(fc.constantFrom('%', '%0', '%zz', '%E0', '..', '/', 'a', '%2f', '%00', '?', '#'), { maxLength: 8 })
        .map((parts) => `/${parts.join('')}`),
    );
    const header = fc.tuple(
      fc.oneof(fc.constantFrom('Origin', 'Content-Length', 'Transfer-Encoding', 'Sec-Fetch-Site'), fc.string()),
      fc.string({ maxLength: 30 }),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json(),
      fc.constant('{"args":null}'),
      fc.jsonValue().map((args) => JSON.stringify({ args })),
    );
    /** Anything at all: the front door must refuse it cleanly. */
    const hostile = fc
      .tuple(method, target, fc.array(header, { maxLength: 4 }), body, fc.boolean(), fc.boolean(), fc.boolean())
      .map(([m, t, headers, b, withSession, withHost, withLength]) => {
        const lines = [`${m} ${t} HTTP/1.1`];
        if (withHost) lines.push(`Host: 127.0.0.1:${port}`);
        if (withSession) lines.push(`Cookie: ${cookie}`);
        // A correct length lets the body through; random headers cover the wrong ones.
        if (withLength) lines.push(`Content-Length: ${Buffer.byteLength(b)}`);
        for (const [name, value] of headers) lines.push(`${name}: ${value}`);
        return `${lines.join('\r\n')}\r\n\r\n${b}`;
      });
    /** Well-formed calls of real channels with random arguments: every handler's failure must be a clean Result. */
    const call = fc
      .tuple(fc.constantFrom(...INVOKE_CHANNELS), fc.jsonValue(), fc.boolean())
      .map(([channel, args, withSession]) => {
        const b = JSON.stringify({ args });
        return (
          `POST /bridge/invoke/${channel} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `${withSession ? `Cookie: ${cookie}\r\n` : ''}Content-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(b)}\r\n\r\n${b}`
        );
      });
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostile, call), async (bytes) => {
        const status = await rawExchange(bytes);
        seen.add(status);
        // 0: the server closed a connection it could not parse; anything else must be a deliberate status.
        expect(status === 0 || (status >= 200 && status < 600)).toBe(true);
        expect(status).not.toBe(500);
      }),
      { numRuns: 400 },
    );
    expect(await isAlive()).toBe(200);
    // The run reached real handlers (200 answers carry Results), not only the front door's refusals.
    expect([...seen]).toEqual(expect.arrayContaining([200, 400, 403, 404]));
  }, 120_000);
});
