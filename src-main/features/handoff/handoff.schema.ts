// Input schemas of the handoff: channels: which key, which target, which of its documents and which way to send.
import { z } from 'zod';
import { HANDOFF_TARGETS } from '../../../src-shared/contract';

const accountId = z.string().min(1).max(200);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const handoffRefSchema = z.strictObject({ accountId, id, target: z.enum(HANDOFF_TARGETS) });

export const handoffSendSchema = z.strictObject({
  accountId,
  id,
  target: z.enum(HANDOFF_TARGETS),
  /** A target has at most a few documents (Codex: config.toml and auth.json). */
  document: z.number().int().min(0).max(7),
  via: z.enum(['open', 'clipboard', 'file']),
});

export const handoffKeySchema = z.strictObject({ accountId, keyId: id });
