// What rotations.json holds and what the rotation: channels take: one plain, versionable record per rotation (the two
// keys, the steps and how each ended, what the last read of the old key showed), keyed by Keydesk's own ids, bounded
// and checked on read. Errors are kept by code and reason only: a server's own words never go to disk.
import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_REASONS,
  HANDOFF_RECORD_TARGETS,
  HANDOFF_RECORD_VIAS,
  ROTATION_IDLE_MINUTES,
  type AppError,
} from '../../../src-shared/contract';
import { idRecord, type IdRecord } from '../../id-record';

/** Past this the oldest finished rotations go. */
export const MAX_ROTATIONS = 200;
/** A rotation repeats at most this many hand-offs (a key's places, newest first). */
export const MAX_ROTATION_HANDOFFS = 40;

const epochMs = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const keyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const accountId = z.string().min(1).max(200);

/** An error as kept on disk: what the renderer words, without the server's own text. */
const storedErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  reason: z.enum(ERROR_REASONS).optional(),
  params: z.record(z.string().max(50), z.union([z.string().max(500), z.number()])).optional(),
  field: z.string().max(100).optional(),
  scope: z.string().max(100).optional(),
  feature: z.string().max(100).optional(),
});

export function storedError(error: AppError): z.infer<typeof storedErrorSchema> {
  return {
    code: error.code,
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.scope === undefined ? {} : { scope: error.scope }),
    ...(error.feature === undefined ? {} : { feature: error.feature }),
  };
}

const handoffSchema = z.object({
  id: z.string().min(1).max(100),
  accountId,
  keyId,
  target: z.enum(HANDOFF_RECORD_TARGETS),
  document: z.number().int().min(0).max(7),
  via: z.enum(HANDOFF_RECORD_VIAS),
  place: z.string().max(200),
  path: z.string().min(1).max(4096).nullable(),
  at: epochMs,
});

const stepSchema = z.object({
  id: z.string().min(1).max(120),
  kind: z.enum(['create', 'handoff', 'disable', 'delete']),
  state: z.enum(['pending', 'running', 'done', 'failed', 'needs_you', 'skipped']),
  handoff: handoffSchema.nullable(),
  note: z.enum(['copy_again', 'file_changed', 'file_missing', 'no_link_opener', 'agent_reads_again']).nullable(),
  error: storedErrorSchema.nullable(),
  at: epochMs.nullable(),
});
export type StoredStep = z.infer<typeof stepSchema>;

export const rotationRecordSchema = z.object({
  id: z.string().min(1).max(100),
  accountId,
  oldKeyId: keyId,
  oldKeyName: z.string().max(200),
  newKeyId: keyId.nullable(),
  newKeyName: z.string().max(200),
  startedAt: epochMs,
  idleMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 1440),
  deleteAfterDays: z.number().int().min(0).max(365),
  state: z.enum(['running', 'watching', 'old_disabled', 'delete_offered', 'done', 'stopped', 'failed']),
  steps: z.array(stepSchema).max(MAX_ROTATION_HANDOFFS + 3),
  /** The old key as the last read showed it: a change of either means it was used between reads. */
  oldKeySeen: z.object({ accessedTime: z.number().int().nullable(), usedUnits: z.number().int() }).nullable(),
  oldKeyLastUseSeenAt: epochMs.nullable(),
  oldKeyReadAt: epochMs.nullable(),
  /** When watching began (the hand-offs done): idle time counts from here or from the last use seen. */
  watchFrom: epochMs.nullable(),
  oldKeyDisabledAt: epochMs.nullable(),
  deleteOfferAt: epochMs.nullable(),
  finishedAt: epochMs.nullable(),
  error: storedErrorSchema.nullable(),
});
export type RotationRecord = z.infer<typeof rotationRecordSchema>;

export const rotationDocumentSchema = z.object({
  rotations: idRecord(rotationRecordSchema).refine(
    (records) => Object.keys(records).length <= MAX_ROTATIONS,
    `at most ${String(MAX_ROTATIONS)} rotations`,
  ),
});
export interface RotationDocument {
  readonly rotations: IdRecord<RotationRecord>;
}

// -- channel inputs ------------------------------------------------------------------------------------------------

const rotationId = z.string().min(1).max(100);

export const rotationKeySchema = z.strictObject({ accountId, keyId });
export const rotationStartSchema = z.strictObject({
  accountId,
  keyId,
  idleMinutes: z
    .number()
    .int()
    .refine((m) => (ROTATION_IDLE_MINUTES as readonly number[]).includes(m), 'one of the offered idle periods'),
});
export const rotationListSchema = z.strictObject({ accountId: accountId.optional() });
export const rotationIdSchema = z.strictObject({ id: rotationId });
export const rotationRepeatSchema = z.strictObject({
  id: rotationId,
  stepId: z.string().min(1).max(120),
  via: z.enum(['open', 'clipboard', 'file']).optional(),
});
