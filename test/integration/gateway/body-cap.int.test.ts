// A hostile gateway on 127.0.0.1: a 200 MB answer, a 199 KB gzip that inflates to 200 MB, and a huge error
// message. Every one must end as a small, clear failure, and main's memory must not follow the body's size.
import { systemClock } from '../../../src-main/platform/system-clock';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyResponse, GatewayError } from '../../../src-main/gateway/errors';
import { HttpTransport } from '../../../src-main/gateway/http';
import { MAX_SERVER_TEXT } from '../../../src-main/gateway/server-text';
import { memoryLogger } from '../../support/memory-logger';

const MB = 1024 * 1024;
const ZEROS = Buffer.alloc(MB, 0x30); // '0' characters: a valid-looking text body

let server: Server;
let origin: string;
let bomb: Buffer;

/** 200 MB of '0' gzipped, built chunk by chunk so the test itself never holds 200 MB. */
async function gzipBomb(megabytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => parts.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  for (let i = 0; i < megabytes; i++) {
    if (!gzip.write(ZEROS)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(parts);
}

/** Streams `megabytes` MB without holding them, honouring backpressure and stopping when the client leaves. */
async function streamZeros(res: import('node:http').ServerResponse, megabytes: number): Promise<void> {
  for (let i = 0; i < megabytes && !res.destroyed; i++) {
    if (!res.write(ZEROS)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}

beforeAll(async () => {
  bomb = await gzipBomb(200);
  server = createServer((req, res) => {
    if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'application/json' });
      void streamZeros(res, 200);
    } else if (req.url === '/bomb') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    } else if (req.url === '/huge-message') {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.write('{"success":false,"message":"');
      void streamZeros(res, 20); // never closed as JSON: the reader must stop long before that matters
    } else if (req.url === '/long-message') {
      const message = `refused\u0000\u001b[31m\u202e${'é'.repeat(1024 * 1024)}\ud800`;
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const transport = () =>
  new HttpTransport({
    fetch: (url, init) => fetch(url, init),
    logger: memoryLogger().log,
    clock: systemClock,
    attemptTimeoutMs: 60_000,
    totalTimeoutMs: 60_000,
    maxRetries: 0,
  });

/** Runs `call`, sampling resident memory every 5 ms; answers its outcome and the peak growth in MB. */
async function measured(call: () => Promise<unknown>): Promise<{ outcome: unknown; growthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (error) {
    outcome = error;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { outcome, growthMb: (peak - before) / MB };
}

describe('gateway answers past the body cap', () => {
  it('stops a 200 MB answer with a protocol error, without holding it', async () => {
    expect(bomb.length).toBeLessThan(250 * 1024);
    const { outcome, growthMb } = await measured(() => transport().send({ method: 'GET', url: `${origin}/big` }));
    expect(outcome).toBeInstanceOf(GatewayError);
    expect(outcome).toMatchObject({ code: 'protocol' });
    expect((outcome as GatewayError).toAppError()).toMatchObject({
      reason: 'protocol.too_large',
      params: { megabytes: 4 },
    });
    expect(growthMb).toBeLessThan(100);
  }, 60_000);

  it('stops a 199 KB gzip that inflates to 200 MB, counting after decompression', async () => {
    const { outcome, growthMb } = await measured(() => transport().send({ method: 'GET', url: `${origin}/bomb` }));
    expect(outcome).toMatchObject({ code: 'protocol' });
    expect(growthMb).toBeLessThan(100);
  }, 60_000);

  it('refuses a 20 MB error message as a protocol failure, not a 20 MB AppError', async () => {
    const { outcome } = await measured(() => transport().send({ method: 'GET', url: `${origin}/huge-message` }));
    expect(outcome).toMatchObject({ code: 'protocol' });
    expect((outcome as GatewayError).toAppError().serverMessage?.length ?? 0).toBeLessThan(200);
  }, 60_000);

  it('cuts a long server message to a readable length and strips controls and lone surrogates', async () => {
    const response = await transport().send({ method: 'GET', url: `${origin}/long-message` });
    const error = classifyResponse(response, {
      audience: 'management',
      baseLabel: 'base_url',
      baseUrl: origin,
      businessFailure: 'validation',
    });
    const message = error?.toAppError().serverMessage ?? '';
    expect(message.startsWith('refused[31mé')).toBe(true);
    expect(message.length).toBeLessThanOrEqual(MAX_SERVER_TEXT + 1);
    // eslint-disable-next-line no-control-regex -- the controls are what must be gone
    expect(message).not.toMatch(/[\u0000-\u001f\u202e]|[\ud800-\udfff]/);
  }, 60_000);
});
