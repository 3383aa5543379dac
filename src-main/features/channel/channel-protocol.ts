// The local channel's wire rules, shared by the running app (channel.server.ts) and the commands that ask it
// (channel.client.ts: `keydesk status`, `keydesk mcp`): where the channel is named, the mutual challenge that proves
// both ends hold the token without sending it, and newline-delimited JSON frames with a bound on each.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Names the channel (socket or pipe path), its token and Keydesk's process; mode 0600, removed on quit. */
export const CHANNEL_FILE = 'local-channel.json';
/** The Unix domain socket's name in the data folder (0600 there; the folder itself is 0700). */
export const SOCKET_NAME = 'keydesk.sock';
/**
 * What a sockaddr_un path may hold: 108 bytes on Linux, 104 on macOS, the terminating NUL included. A data folder
 * whose socket path is longer gets its socket in a private folder of the system's temporary folder instead.
 */
export const MAX_SOCKET_PATH_BYTES = 100;

/** A request frame: a call's name and its few arguments. Far above any real one; a longer line ends the connection. */
export const MAX_REQUEST_FRAME_BYTES = 64 * 1024;
/** An answer frame: the status snapshot or a tool's answer, each bounded well below this. */
export const MAX_ANSWER_FRAME_BYTES = 4 * 1024 * 1024;

const HEX64 = /^[0-9a-f]{64}$/;
export const hex64 = z.string().regex(HEX64);
export const newNonce = (): string => randomBytes(32).toString('hex');
export const newToken = newNonce;

export const channelFileSchema = z.object({
  version: z.literal(1),
  /** `unix`: a domain socket at `path`; `pipe`: a Windows named pipe (`\\.\pipe\…`). */
  transport: z.enum(['unix', 'pipe']),
  path: z.string().min(1).max(1024),
  token: hex64,
  pid: z.number().int().positive(),
  /**
   * What tells this process from a later one given the same pid: its start time in clock ticks since boot
   * (/proc/<pid>/stat, field 22) where the system has it; null elsewhere (the challenge still decides).
   */
  startIdentity: z.string().max(32).nullable(),
});
export type ChannelFile = z.infer<typeof channelFileSchema>;

/** What the app shows to prove it holds the token: bound to both nonces. */
export const serverProof = (token: string, clientNonce: string, serverNonce: string): string =>
  createHmac('sha256', Buffer.from(token, 'hex'))
    .update(`keydesk-channel-server\n${clientNonce}\n${serverNonce}`)
    .digest('hex');

/** What a command shows: another label, so neither proof can stand for the other. */
export const clientProof = (token: string, clientNonce: string, serverNonce: string): string =>
  createHmac('sha256', Buffer.from(token, 'hex'))
    .update(`keydesk-channel-client\n${clientNonce}\n${serverNonce}`)
    .digest('hex');

export const sameHex = (a: string, b: string): boolean =>
  HEX64.test(a) && HEX64.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

// ---- frames ---------------------------------------------------------------------------------------------------

export const helloSchema = z.strictObject({ type: z.literal('hello'), version: z.literal(1), nonce: hex64 });
export const challengeSchema = z.strictObject({ type: z.literal('challenge'), nonce: hex64, proof: hex64 });
export const proveSchema = z.strictObject({
  type: z.literal('prove'),
  proof: hex64,
  /** Who is asking, as the command knows it (an MCP client's name): shown in what an agent was handed. */
  client: z.string().max(200).optional(),
  /** The MCP client's version as it said it: kept with its name where an agent was handed a full key. */
  clientVersion: z.string().max(100).optional(),
});
export const callSchema = z.strictObject({
  type: z.literal('call'),
  id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  method: z.string().min(1).max(64),
  params: z.unknown().optional(),
});
/** Why the app did not answer a call with a value: its own failure (an AppError) or a refusal of the caller's. */
export const channelErrorSchema = z.object({
  kind: z.enum([
    'bad_request',
    'unknown_method',
    'ability_off',
    'no_account',
    'ambiguous_account',
    'app_error',
    'failed',
  ]),
  /** For app_error: the app's error as the bridge carries it (code, reason, params, the server's words). */
  error: z
    .object({
      code: z.string().max(64),
      reason: z.string().max(64).optional(),
      params: z.record(z.string(), z.union([z.string().max(500), z.number()])).optional(),
      serverMessage: z.string().max(2000).optional(),
      feature: z.string().max(64).optional(),
      scope: z.string().max(64).optional(),
    })
    .optional(),
  /** For ability_off: which ability, on which account. */
  ability: z.enum(['reveal', 'disable']).optional(),
  /** For ability_off, no_account and ambiguous_account: the account as named (its label, or what was asked). */
  account: z.string().max(200).optional(),
  /** For ambiguous_account: the accounts that answer to that name (their ids and labels), at most 10. */
  candidates: z
    .array(z.object({ id: z.string().max(200), label: z.string().max(200) }))
    .max(10)
    .optional(),
});
export type ChannelError = z.infer<typeof channelErrorSchema>;
export const answerSchema = z.union([
  z.strictObject({ type: z.literal('answer'), id: z.number().int(), ok: z.literal(true), value: z.unknown() }),
  z.strictObject({ type: z.literal('answer'), id: z.number().int(), ok: z.literal(false), error: channelErrorSchema }),
]);
export type Answer = z.infer<typeof answerSchema>;

/**
 * Splits a stream into lines of at most `maxBytes` each; `onLine` gets each complete line, `onTooLong` is told once
 * when a line grows past the bound (the caller ends the connection: nothing after it is read).
 */
export function lineReader(
  maxBytes: number,
  onLine: (line: string) => void,
  onTooLong: () => void,
): (chunk: Buffer) => void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let isOver = false;
  return (chunk) => {
    if (isOver) return;
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, start)) {
      const piece = chunk.subarray(start, at);
      if (pendingBytes + piece.length > maxBytes) {
        isOver = true;
        onTooLong();
        return;
      }
      const line = Buffer.concat([...pending, piece]).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = at + 1;
      onLine(line);
    }
    const rest = chunk.subarray(start);
    if (pendingBytes + rest.length > maxBytes) {
      isOver = true;
      onTooLong();
      return;
    }
    if (rest.length > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  };
}

/** One frame as sent: JSON on one line (JSON.stringify escapes every line break inside strings). */
export const frame = (value: unknown): string => `${JSON.stringify(value)}\n`;

/** Parses a line as JSON and then by `schema`; null when either fails. */
export function parseFrame<T>(line: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- the process behind the file ------------------------------------------------------------------------------

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

/** Whether the process the file names is still the one that wrote it. */
export function isChannelOwnerAlive(file: Pick<ChannelFile, 'pid' | 'startIdentity'>): boolean {
  try {
    process.kill(file.pid, 0);
  } catch (error) {
    // EPERM: the process exists but is another user's; the challenge decides whether it is ours.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = processStartIdentity(file.pid);
  // A pid reused by a later process has another start time.
  return file.startIdentity === null || now === null || now === file.startIdentity;
}
