// What the user is told when a gateway gives no answer at all, from the failures Node's own fetch really throws
// (browser mode) against real sockets on this machine: a closed port, a port fetch refuses, https:// to an http://
// server, a self-signed certificate, a name that cannot resolve. Electron's net.fetch failures are Chromium's
// "net::ERR_…" messages on a plain Error (electron/lib/browser/api/net-client-request.ts); their mapping is covered
// in test/unit/main/gateway/network-failure.test.ts.
import { systemClock } from '../../../src-main/platform/system-clock';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../../src-main/gateway/errors';
import { HttpTransport } from '../../../src-main/gateway/http';
import { recordingLogger } from '../../unit/main/gateway/fakes';

const transport = new HttpTransport({
  fetch: (url, init) => fetch(url, init),
  logger: recordingLogger(),
  clock: systemClock,
  maxRetries: 0,
  attemptTimeoutMs: 5_000,
});

async function failureOf(url: string): Promise<GatewayError> {
  try {
    await transport.send({ method: 'GET', url });
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error(`${url} answered`);
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

const plain = createHttpServer((_req, res) => res.end('{}'));
let plainPort = 0;
let tlsDir = '';
let secure: Server | null = null;
let securePort = 0;

beforeAll(async () => {
  plainPort = await listen(plain);
  tlsDir = mkdtempSync(join(tmpdir(), 'keydesk-tls-'));
  // A certificate nobody vouches for, as many self-hosted gateways use.
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-keyout', join(tlsDir, 'key.pem'), '-out', join(tlsDir, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  secure = createHttpsServer(
    { key: readFileSync(join(tlsDir, 'key.pem')), cert: readFileSync(join(tlsDir, 'cert.pem')) },
    (_req, res) => res.end('{}'),
  );
  securePort = await listen(secure);
});

afterAll(async () => {
  await new Promise((resolve) => plain.close(resolve));
  await new Promise((resolve) => (secure === null ? resolve(undefined) : secure.close(resolve)));
  rmSync(tlsDir, { recursive: true, force: true });
});

describe('a gateway that gives no answer, through Node’s fetch', () => {
  it('a port nothing listens on: refused, with the system’s code', async () => {
    const closed = createHttpServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const e = await failureOf(`http://127.0.0.1:${port}/api/status`);
    expect(e.code).toBe('network');
    expect(e.details).toMatchObject({
      reason: 'network.refused',
      params: { address: `http://127.0.0.1:${port}`, cause: 'ECONNREFUSED' },
    });
  });

  it('a port fetch will not connect to (6000): named as such, with the port', async () => {
    const e = await failureOf('http://127.0.0.1:6000/api/status');
    expect(e.details).toMatchObject({
      reason: 'network.unsafe_port',
      params: { address: 'http://127.0.0.1:6000', cause: 'BAD_PORT', port: '6000' },
    });
  });

  it('https:// to a site served over http://: a failed secure connection, not "unreachable"', async () => {
    const e = await failureOf(`https://127.0.0.1:${plainPort}/api/status`);
    expect(e.details.reason).toBe('network.tls');
    expect(e.details.params?.cause).toMatch(/^ERR_SSL_/);
  });

  it('a self-signed certificate: the certificate is named', async () => {
    const e = await failureOf(`https://127.0.0.1:${securePort}/api/status`);
    expect(e.details).toMatchObject({
      reason: 'network.certificate',
      params: { cause: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
    });
  });

  it('a host name that cannot resolve (.invalid never does)', async () => {
    const e = await failureOf('https://gateway.keydesk-test.invalid/api/status');
    expect(e.details.reason).toBe('network.name_not_found');
    expect(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL']).toContain(e.details.params?.cause);
  });

  it('the same server over its own scheme answers (the failures above are the sockets’, not the setup’s)', async () => {
    await expect(
      transport.send({ method: 'GET', url: `http://127.0.0.1:${plainPort}/api/status` }),
    ).resolves.toMatchObject({ status: 200 });
  });
});
