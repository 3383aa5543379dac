// Schemas of the updates feature: the inputs of its channels and the document it keeps in the data folder
// (`updates.json`: checks on or off, the mirror, the last check).
import { z } from 'zod';
import type { UpdateCheckRecord } from '../../../src-shared/contract';
import { ROLLOUT_ID } from './rollout';

export const configureInput = z.strictObject({
  isEnabled: z.boolean().optional(),
  mirrorUrl: z.string().max(2048).nullable().optional(),
});

const failureKind = z.enum([
  'offline',
  'timeout',
  'server',
  'invalid_feed',
  'too_large',
  'feed_signature',
  'downgrade',
  'redirect',
  'signature',
  'unknown',
]);
const source = z.enum(['mirror', 'github']);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
// Absent in files written before failures carried a reason; one this build does not know is dropped, not fatal.
const failureWhy = z
  .object({
    reason: z.enum([
      'stalled',
      'over_cap',
      'declared_size',
      'too_many_redirects',
      'no_longer_offered',
      'offers_other_version',
      'browser_mode',
      'not_self_updating',
    ]),
    params: z
      .object({
        seconds: count.optional(),
        bytes: count.optional(),
        count: count.optional(),
        version: z.string().max(40).optional(),
      })
      .optional(),
  })
  .optional()
  .catch(undefined);

const checkRecordSchema: z.ZodType<UpdateCheckRecord> = z.object({
  at: z.number().int().nonnegative(),
  outcome: z.enum(['up_to_date', 'available', 'failed']),
  source: source.nullable(),
  failure: z
    .object({ kind: failureKind, source: source.nullable(), why: failureWhy, detail: z.string().max(500).optional() })
    .nullable(),
  // Absent in files written before feeds were signed.
  signedBy: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
});

export interface UpdatesDocument {
  readonly isEnabled: boolean;
  readonly mirrorUrl: string | null;
  readonly lastCheck: UpdateCheckRecord | null;
  /** This install's place in staged rollouts (rollout.ts); drawn at the first check when absent. */
  readonly rolloutId?: string;
}

export const updatesDocumentSchema: z.ZodType<UpdatesDocument> = z.object({
  isEnabled: z.boolean(),
  mirrorUrl: z.string().max(2048).nullable(),
  lastCheck: checkRecordSchema.nullable(),
  rolloutId: z.string().regex(ROLLOUT_ID).optional(),
});

export const DEFAULT_UPDATES: UpdatesDocument = { isEnabled: true, mirrorUrl: null, lastCheck: null };
