// While Keydesk runs, the status from its monitor on a local read-only endpoint: 127.0.0.1, a random port, one path
// (GET /status) that needs a bearer token of its own. The port and token are written to a 0600 file in the data
// dir, which `keydesk status` reads; the file is removed on quit. Nothing else is served: no key, no bridge, no file.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from '../../platform/private-file';
import type { StatusSnapshot } from './status.model';

export const STATUS_ENDPOINT_FILE = 'status-endpoint.json';
export const STATUS_PATH = '/status';

export const endpointFileSchema = z.object({
  version: z.literal(1),
  port: z.number().int().min(1).max(65_535),
  token: z.string().regex(/^[0-9a-f]{64}$/),
  pid: z.number().int().positive(),
});
export type EndpointFile = z.infer<typeof endpointFileSchema>;

export interface StatusEndpoint {
  readonly port: number;
  readonly file: string;
  close(): Promise<void>;
}

const tokenMatches = (header: string | undefined, token: string): boolean => {
  const match = /^Bearer ([0-9a-f]{64})$/.exec(header ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(Buffer.from(match[1]), Buffer.from(token));
};

function answer(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': status === 200 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

export async function startStatusEndpoint(dataDir: string, snapshot: () => StatusSnapshot): Promise<StatusEndpoint> {
  const token = randomBytes(32).toString('hex');
  let port = 0;
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // The Host must be our own address: a web page's DNS-rebinding trick arrives under another name.
    const isOurHost = req.headers.host === `127.0.0.1:${port}`;
    if (!isOurHost || req.headers.origin !== undefined) answer(res, 403, 'forbidden');
    else if (req.method !== 'GET' || req.url !== STATUS_PATH) answer(res, 404, 'not found');
    else if (!tokenMatches(req.headers.authorization, token)) answer(res, 401, 'unauthorized');
    else answer(res, 200, JSON.stringify(snapshot()));
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
  const contents: EndpointFile = { version: 1, port, token, pid: process.pid };
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
