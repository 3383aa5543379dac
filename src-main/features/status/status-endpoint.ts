// While Keydesk runs, the status from its monitor on a local read-only endpoint: 127.0.0.1, a random port, two paths.
// The port, a secret token and the process (pid and start identity) are written to a 0600 file in the data dir,
// which `keydesk status` reads; the file is removed on quit. The token never crosses the socket: the command first
// checks the named process is alive, then asks the endpoint to prove it holds the token (an HMAC of the command's
// nonce), and only then proves its own knowledge of it the same way. A process that binds the port after Keydesk
// was killed cannot answer the challenge, so it never learns anything and its balances are never printed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from '../../platform/private-file';
import type { StatusSnapshot } from './status.model';

export const STATUS_ENDPOINT_FILE = 'status-endpoint.json';
export const STATUS_PATH = '/status';
export const CHALLENGE_PATH = '/challenge';
/** The command's nonce (hex, 32 bytes) on both requests. */
export const NONCE_HEADER = 'x-keydesk-nonce';
const HEX64 = /^[0-9a-f]{64}$/;

export const endpointFileSchema = z.object({
  version: z.literal(2),
  port: z.number().int().min(1).max(65_535),
  token: z.string().regex(HEX64),
  pid: z.number().int().positive(),
  /**
   * What tells this process from a later one given the same pid: its start time in clock ticks since boot
   * (/proc/<pid>/stat, field 22) where the system has it; null elsewhere (the challenge still decides).
   */
  startIdentity: z.string().max(32).nullable(),
});
export type EndpointFile = z.infer<typeof endpointFileSchema>;

export interface StatusEndpoint {
  readonly port: number;
  readonly file: string;
  close(): Promise<void>;
}

/** A process's start identity where the system keeps one (Linux /proc); null otherwise or when it cannot be read. */
export function processStartIdentity(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start !== undefined && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

/** What the endpoint shows to prove it holds the token: bound to the command's nonce, its own nonce and the port. */
export const serverProof = (token: string, port: number, clientNonce: string, serverNonce: string): string =>
  createHmac('sha256', Buffer.from(token, 'hex'))
    .update(`keydesk-status-server\n${port}\n${clientNonce}\n${serverNonce}`)
    .digest('hex');

/** What the command shows to prove it holds the token: a different label, so one proof cannot stand for the other. */
export const clientProof = (token: string, port: number, clientNonce: string, serverNonce: string): string =>
  createHmac('sha256', Buffer.from(token, 'hex'))
    .update(`keydesk-status-client\n${port}\n${clientNonce}\n${serverNonce}`)
    .digest('hex');

export const sameHex = (a: string, b: string): boolean =>
  HEX64.test(a) && HEX64.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': status === 200 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

/** Outstanding challenges: each server nonce answers one status request, within a few seconds. */
const CHALLENGE_TTL_MS = 10_000;
const MAX_CHALLENGES = 16;

export async function startStatusEndpoint(
  dataDir: string,
  snapshot: () => StatusSnapshot,
  now: () => number,
): Promise<StatusEndpoint> {
  const token = randomBytes(32).toString('hex');
  let port = 0;
  const challenges = new Map<string, { readonly clientNonce: string; readonly at: number }>();
  const onChallenge = (req: IncomingMessage, res: ServerResponse): void => {
    const clientNonce = req.headers[NONCE_HEADER];
    if (typeof clientNonce !== 'string' || !HEX64.test(clientNonce)) {
      answer(res, 400, 'bad request');
      return;
    }
    const at = now();
    for (const [nonce, c] of challenges) if (at - c.at > CHALLENGE_TTL_MS) challenges.delete(nonce);
    while (challenges.size >= MAX_CHALLENGES) challenges.delete(challenges.keys().next().value as string);
    const serverNonce = randomBytes(32).toString('hex');
    challenges.set(serverNonce, { clientNonce, at });
    answer(res, 200, JSON.stringify({ nonce: serverNonce, proof: serverProof(token, port, clientNonce, serverNonce) }));
  };
  const onStatus = (req: IncomingMessage, res: ServerResponse): void => {
    const match = /^KeydeskProof ([0-9a-f]{64}) ([0-9a-f]{64})$/.exec(req.headers.authorization ?? '');
    const clientNonce = req.headers[NONCE_HEADER];
    const challenge = match?.[1] === undefined ? undefined : challenges.get(match[1]);
    if (match?.[1] !== undefined) challenges.delete(match[1]); // single use, whatever the outcome
    const isProven =
      match?.[1] !== undefined &&
      match[2] !== undefined &&
      challenge !== undefined &&
      typeof clientNonce === 'string' &&
      clientNonce === challenge.clientNonce &&
      now() - challenge.at <= CHALLENGE_TTL_MS &&
      sameHex(match[2], clientProof(token, port, clientNonce, match[1]));
    if (!isProven) answer(res, 401, 'unauthorized');
    else answer(res, 200, JSON.stringify(snapshot()));
  };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // The Host must be our own address: a web page's DNS-rebinding trick arrives under another name.
    const isOurHost = req.headers.host === `127.0.0.1:${port}`;
    if (!isOurHost || req.headers.origin !== undefined) answer(res, 403, 'forbidden');
    else if (req.method === 'GET' && req.url === CHALLENGE_PATH) onChallenge(req, res);
    else if (req.method === 'GET' && req.url === STATUS_PATH) onStatus(req, res);
    else answer(res, 404, 'not found');
  };
  const server: Server = createServer(handle);
  server.requestTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
  // A status line calls this every few seconds: it must not keep a quitting process alive.
  server.unref();
  const file = join(dataDir, STATUS_ENDPOINT_FILE);
  const contents: EndpointFile = {
    version: 2,
    port,
    token,
    pid: process.pid,
    startIdentity: processStartIdentity('self'),
  };
  await writePrivateFile(file, `${JSON.stringify(contents)}\n`);
  return {
    port,
    file,
    close: async () => {
      await rm(file, { force: true });
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
