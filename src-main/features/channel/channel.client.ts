// Asking the running Keydesk through its local channel (channel.server.ts), for `keydesk status` and `keydesk mcp`:
// read local-channel.json, check its process still runs, connect to the socket or pipe it names, make the app prove
// it holds the token before proving our own knowledge of it, then one call. Answers are bounded and parsed before
// anything is used; any doubt (no file, a dead process, an unproven or silent peer) is said as such, never guessed.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import {
  CHANNEL_FILE,
  MAX_ANSWER_FRAME_BYTES,
  answerSchema,
  challengeSchema,
  channelFileSchema,
  clientProof,
  frame,
  isChannelOwnerAlive,
  lineReader,
  newNonce,
  parseFrame,
  sameHex,
  serverProof,
  type ChannelError,
  type ChannelFile,
} from './channel-protocol';
import { z } from 'zod';

/**
 * What a call came to: the app's answer, its refusal, or why there is no running Keydesk to ask — no channel file
 * (or one of another version), its process gone (a stale file after a kill), a peer that could not prove it holds
 * the token (then nothing of its answer is used, and it never saw the token), or no answer in time.
 */
export type ChannelCall<T> =
  | { readonly kind: 'answer'; readonly value: T }
  | { readonly kind: 'refused'; readonly error: ChannelError }
  | { readonly kind: 'absent' | 'not_running' | 'unproven' | 'no_answer' };

export interface CallOptions {
  readonly timeoutMs?: number;
  /** Who is asking (an MCP client's name), for what the app records of a hand-off. */
  readonly client?: string;
  /** Its version, as the MCP client said it. */
  readonly clientVersion?: string;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export function readChannelFile(dataDir: string): ChannelFile | null {
  try {
    return channelFileSchema.parse(JSON.parse(readFileSync(join(dataDir, CHANNEL_FILE), 'utf8')));
  } catch {
    return null;
  }
}

const readySchema = z.strictObject({ type: z.literal('ready') });

/** One call of `method`; the answer's value is parsed by `schema` (a value that does not fit is no answer). */
export async function callKeydesk<T>(
  dataDir: string,
  method: string,
  params: unknown,
  schema: z.ZodType<T>,
  options: CallOptions = {},
): Promise<ChannelCall<T>> {
  const file = readChannelFile(dataDir);
  if (file === null) return { kind: 'absent' };
  if (!isChannelOwnerAlive(file)) return { kind: 'not_running' };
  return new Promise((resolve) => {
    let isSettled = false;
    const socket = connect({ path: file.path });
    const settle = (outcome: ChannelCall<T>): void => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      settle({ kind: 'no_answer' });
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const clientNonce = newNonce();
    let stage: 'challenge' | 'ready' | 'answer' = 'challenge';
    socket.on('error', () => {
      settle({ kind: 'no_answer' });
    });
    socket.on('close', () => {
      // Closed after our proof and before "ready": the app did not take it (a token from a stale file).
      settle(stage === 'ready' ? { kind: 'unproven' } : { kind: 'no_answer' });
    });
    socket.on('connect', () => {
      socket.write(frame({ type: 'hello', version: 1, nonce: clientNonce }));
    });
    const onLine = (line: string): void => {
      if (stage === 'challenge') {
        const challenge = parseFrame(line, challengeSchema);
        // Nothing of ours is sent to a peer that cannot show it holds the token.
        if (challenge === null || !sameHex(challenge.proof, serverProof(file.token, clientNonce, challenge.nonce))) {
          settle({ kind: 'unproven' });
          return;
        }
        stage = 'ready';
        const client = {
          ...(options.client === undefined ? {} : { client: options.client.slice(0, 200) }),
          ...(options.clientVersion === undefined ? {} : { clientVersion: options.clientVersion.slice(0, 100) }),
        };
        socket.write(frame({ type: 'prove', proof: clientProof(file.token, clientNonce, challenge.nonce), ...client }));
        return;
      }
      if (stage === 'ready') {
        if (parseFrame(line, readySchema) === null) {
          settle({ kind: 'unproven' });
          return;
        }
        stage = 'answer';
        socket.write(frame({ type: 'call', id: 1, method, ...(params === undefined ? {} : { params }) }));
        return;
      }
      const answer = parseFrame(line, answerSchema);
      if (answer?.id !== 1) {
        settle({ kind: 'no_answer' });
        return;
      }
      if (!answer.ok) {
        settle({ kind: 'refused', error: answer.error });
        return;
      }
      const value = schema.safeParse(answer.value);
      settle(value.success ? { kind: 'answer', value: value.data } : { kind: 'no_answer' });
    };
    socket.on(
      'data',
      lineReader(MAX_ANSWER_FRAME_BYTES, onLine, () => {
        settle({ kind: 'no_answer' });
      }),
    );
  });
}
