// The running app's local channel: a Unix domain socket (0600, in the 0700 data folder) or a Windows named pipe,
// never a TCP port. Each connection first proves, both ways, that it holds the token of local-channel.json (0600):
// the app shows an HMAC of the caller's nonce before the caller shows one of the app's, so the token never crosses
// and a program that takes the name after Keydesk was killed learns nothing. Then calls, each answered once; every
// frame is bounded, and so are connections, calls in flight and idle time.
import { chmodSync, lstatSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../../log/logger';
import { writePrivateFile } from '../../platform/private-file';
import { ensurePrivateDir } from '../../vault/atomic-file';
import { toAppError } from '../../errors';
import {
  CHANNEL_FILE,
  MAX_ANSWER_FRAME_BYTES,
  MAX_REQUEST_FRAME_BYTES,
  MAX_SOCKET_PATH_BYTES,
  SOCKET_NAME,
  callSchema,
  clientProof,
  frame,
  helloSchema,
  lineReader,
  newNonce,
  newToken,
  parseFrame,
  processStartIdentity,
  proveSchema,
  sameHex,
  serverProof,
  type ChannelError,
  type ChannelFile,
} from './channel-protocol';

/** Who is calling, as the caller said after proving itself (an MCP client's name), or null. */
export interface ChannelPeer {
  readonly client: string | null;
  /** Its version as it said it, or null. */
  readonly clientVersion?: string | null;
}

/** One callable method: validates its own params; throws ChannelRefusal (or an AppErrorException) to refuse. */
export type ChannelMethod = (params: unknown, peer: ChannelPeer) => unknown;

/** A method's refusal with its reason (a bad argument, an ability switched off). */
export class ChannelRefusal extends Error {
  constructor(readonly error: ChannelError) {
    super(error.kind);
    this.name = 'ChannelRefusal';
  }
}

export interface LocalChannel {
  /** The socket's or pipe's path. */
  readonly path: string;
  /** The channel file (local-channel.json). */
  readonly file: string;
  close(): Promise<void>;
}

export interface LocalChannelOptions {
  readonly dataDir: string;
  readonly methods: Readonly<Record<string, ChannelMethod>>;
  readonly log: Logger;
  /** Tests only: another platform's naming (`win32` → a named pipe). */
  readonly platform?: NodeJS.Platform;
}

const HANDSHAKE_MS = 5_000;
const IDLE_MS = 60_000;
const MAX_CONNECTIONS = 16;
const MAX_CALLS_IN_FLIGHT = 4;

/** Where the socket goes: the data folder, or a private temporary folder when that path is too long for a socket. */
function socketPlace(dataDir: string, platform: NodeJS.Platform): { path: string; ownDir: string | null } {
  if (platform === 'win32') return { path: `\\\\.\\pipe\\keydesk-${newNonce().slice(0, 32)}`, ownDir: null };
  const inData = join(dataDir, SOCKET_NAME);
  if (Buffer.byteLength(inData) <= MAX_SOCKET_PATH_BYTES) return { path: inData, ownDir: null };
  // mkdtemp makes the folder 0700, ours alone.
  const ownDir = mkdtempSync(join(tmpdir(), 'keydesk-'));
  return { path: join(ownDir, SOCKET_NAME), ownDir };
}

/** A socket file left by a Keydesk that was killed (the data folder lock says none runs): removed, nothing else. */
function removeStaleSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) rmSync(path, { force: true });
  } catch {
    // nothing there
  }
}

export async function startLocalChannel(options: LocalChannelOptions): Promise<LocalChannel> {
  const platform = options.platform ?? process.platform;
  const { log } = options;
  ensurePrivateDir(options.dataDir);
  if (platform !== 'win32' && (statSync(options.dataDir).mode & 0o077) !== 0) {
    // Another user could reach the socket in a folder that is not ours alone: no channel rather than an open one.
    throw new Error('the data folder is readable by other users; the local channel was not started');
  }
  const token = newToken();
  const { path, ownDir } = socketPlace(options.dataDir, platform);
  if (platform !== 'win32') removeStaleSocket(path);
  const connections = new Set<Socket>();

  const onConnection = (socket: Socket): void => {
    if (connections.size >= MAX_CONNECTIONS) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    serveConnection(socket, token, options.methods, log);
  };
  const server: Server = createServer({ allowHalfOpen: false }, onConnection);
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path, readableAll: false, writableAll: false }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (platform !== 'win32') chmodSync(path, 0o600);
  // A status line asks every few seconds: the channel must not keep a quitting process alive.
  server.unref();
  const file = join(options.dataDir, CHANNEL_FILE);
  const contents: ChannelFile = {
    version: 1,
    transport: platform === 'win32' ? 'pipe' : 'unix',
    path,
    token,
    pid: process.pid,
    startIdentity: processStartIdentity('self'),
  };
  await writePrivateFile(file, `${JSON.stringify(contents)}\n`);
  return {
    path,
    file,
    close: async () => {
      await rm(file, { force: true });
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        for (const socket of connections) socket.destroy();
      });
      if (ownDir !== null) rmSync(ownDir, { recursive: true, force: true });
      else if (platform !== 'win32') rmSync(path, { force: true });
    },
  };
}

type Stage = 'hello' | 'prove' | 'ready';

function serveConnection(
  socket: Socket,
  token: string,
  methods: Readonly<Record<string, ChannelMethod>>,
  log: Logger,
): void {
  let stage: Stage = 'hello';
  let clientNonce = '';
  let serverNonce = '';
  let peer: ChannelPeer = { client: null };
  let inFlight = 0;
  const sendText = (text: string): void => {
    if (!socket.destroyed) socket.write(text);
  };
  const send = (value: unknown): void => {
    sendText(frame(value));
  };
  const end = (): void => {
    socket.destroy();
  };
  // A caller that does not finish the handshake in time, or then stays silent, is let go.
  socket.setTimeout(HANDSHAKE_MS, end);

  const onCall = (line: string): void => {
    const call = parseFrame(line, callSchema);
    if (call === null) {
      end();
      return;
    }
    if (inFlight >= MAX_CALLS_IN_FLIGHT) {
      send(refusal(call.id, { kind: 'bad_request' }));
      return;
    }
    inFlight++;
    void answerCall(call.method, call.params, peer, methods, log)
      .then((answer) => {
        const text = frame({ type: 'answer', id: call.id, ...answer });
        // An answer past the bound is not sent cut: the caller hears that it failed.
        sendText(
          Buffer.byteLength(text) <= MAX_ANSWER_FRAME_BYTES ? text : frame(refusal(call.id, { kind: 'failed' })),
        );
      })
      .finally(() => {
        inFlight--;
      });
  };

  const onLine = (line: string): void => {
    if (stage === 'hello') {
      const hello = parseFrame(line, helloSchema);
      if (hello === null) {
        end();
        return;
      }
      clientNonce = hello.nonce;
      serverNonce = newNonce();
      stage = 'prove';
      send({ type: 'challenge', nonce: serverNonce, proof: serverProof(token, clientNonce, serverNonce) });
      return;
    }
    if (stage === 'prove') {
      const prove = parseFrame(line, proveSchema);
      if (prove === null || !sameHex(prove.proof, clientProof(token, clientNonce, serverNonce))) {
        send({ type: 'refused' });
        end();
        return;
      }
      peer = { client: prove.client ?? null, clientVersion: prove.clientVersion ?? null };
      stage = 'ready';
      socket.setTimeout(IDLE_MS, end);
      send({ type: 'ready' });
      return;
    }
    onCall(line);
  };
  socket.on(
    'data',
    lineReader(
      MAX_REQUEST_FRAME_BYTES,
      (line) => {
        onLine(line);
      },
      end,
    ),
  );
}

const refusal = (id: number, error: ChannelError) => ({ type: 'answer', id, ok: false, error });

async function answerCall(
  method: string,
  params: unknown,
  peer: ChannelPeer,
  methods: Readonly<Record<string, ChannelMethod>>,
  log: Logger,
): Promise<{ ok: true; value: unknown } | { ok: false; error: ChannelError }> {
  const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (run === undefined) return { ok: false, error: { kind: 'unknown_method' } };
  try {
    return { ok: true, value: await run(params, peer) };
  } catch (error) {
    if (error instanceof ChannelRefusal) return { ok: false, error: error.error };
    const appError = toAppError(error, log, `local channel: ${method} failed`);
    if (appError.code === 'internal') return { ok: false, error: { kind: 'failed' } };
    return { ok: false, error: { kind: 'app_error', error: appError } };
  }
}
