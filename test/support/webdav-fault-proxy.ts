// A tiny fault proxy in front of the real WebDAV server, for what a server does on a bad day: a full disk (507 on
// every write), going away (connections dropped), or a hostile answer (a huge body for any read). Otherwise it
// passes requests through unchanged. It counts requests and bytes both ways, for the bench.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';

export type FaultMode = 'pass' | 'full' | 'down' | 'huge';

export interface FaultProxy {
  readonly url: string;
  mode: FaultMode;
  /** Passes the next `n` requests, then goes down (the server lost in the middle of a run). */
  downAfter(n: number): void;
  /** Holds the next request of this method until released: a latch to order two computers' writes. */
  holdNext(method: string): { readonly arrived: Promise<void>; release(): void };
  /** The status of every answer passed through, in order. */
  readonly statuses: number[];
  /** Requests and bytes (request bodies up, response bodies down) since the last reset, and each request's. */
  readonly counts: {
    requests: number;
    bytesUp: number;
    bytesDown: number;
    byMethod: Map<string, number>;
    each: { method: string; path: string; up: number; down: number }[];
  };
  resetCounts(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const counts: FaultProxy['counts'] = { requests: 0, bytesUp: 0, bytesDown: 0, byMethod: new Map(), each: [] };
  const state: { mode: FaultMode; passesLeft: number | null } = { mode: 'pass', passesLeft: null };
  const statuses: number[] = [];
  let hold: { method: string; arrive: () => void; released: Promise<void> } | null = null;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(Buffer.concat(chunks));
    });
    const answer = async (body: Buffer): Promise<void> => {
      if (hold !== null && hold.method === req.method) {
        const held = hold;
        hold = null;
        held.arrive();
        await held.released;
      }
      counts.requests += 1;
      if (state.passesLeft !== null) {
        if (state.passesLeft === 0) {
          state.mode = 'down';
          state.passesLeft = null;
        } else state.passesLeft -= 1;
      }
      counts.bytesUp += body.length;
      counts.byMethod.set(req.method ?? '', (counts.byMethod.get(req.method ?? '') ?? 0) + 1);
      const one = { method: req.method ?? '', path: req.url ?? '', up: body.length, down: 0 };
      counts.each.push(one);
      if (state.mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (state.mode === 'full' && req.method === 'PUT') {
        res.writeHead(507, { 'Content-Type': 'text/plain' }).end('Insufficient Storage');
        return;
      }
      if (state.mode === 'huge' && req.method === 'GET') {
        // 64 MiB announced, sent in pieces until the client hangs up.
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        const piece = Buffer.alloc(1024 * 1024, 0x41);
        let sent = 0;
        const pump = (): void => {
          while (sent < 64 && res.write(piece)) sent += 1;
          if (sent >= 64) res.end();
          else res.once('drain', pump);
        };
        res.on('close', () => {
          sent = 64;
        });
        pump();
        return;
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          statuses.push(answer.statusCode ?? 502);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.on('data', (chunk: Buffer) => {
            counts.bytesDown += chunk.length;
            one.down += chunk.length;
            res.write(chunk);
          });
          answer.on('end', () => res.end());
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    get mode() {
      return state.mode;
    },
    set mode(mode: FaultMode) {
      state.mode = mode;
      state.passesLeft = null;
    },
    downAfter: (n: number) => {
      state.passesLeft = n;
    },
    holdNext: (method: string) => {
      let arrive = (): void => undefined;
      let release = (): void => undefined;
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { method, arrive, released };
      return { arrived, release };
    },
    statuses,
    counts,
    resetCounts: () => {
      counts.requests = 0;
      counts.bytesUp = 0;
      counts.bytesDown = 0;
      counts.byMethod.clear();
      counts.each = [];
      statuses.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
