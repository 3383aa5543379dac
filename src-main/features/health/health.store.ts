// What key health keeps between runs (key-health.json in the data folder): the schedule the user set and the last
// check of each key, so the table shows a key's state with its age after a restart. No key, no secret: ids, states,
// times, counts, and the site's words with every secret Keydesk knows taken out.
import { z } from 'zod';
import {
  ERROR_CODES,
  ERROR_REASONS,
  HEALTH_INTERVALS_HOURS,
  KEY_HEALTH_STATES,
  type HealthIntervalHours,
  type KeyHealthView,
} from '../../../src-shared/contract';
import { redactString } from '../../log/redact';

/** Results kept: the most recent checks first; older ones fall off. */
export const MAX_RESULTS = 20_000;
const MAX_TEXT = 2_000;

const resultSchema = z.object({
  accountId: z.string().min(1).max(200),
  keyId: z.number().int().positive(),
  state: z.enum(KEY_HEALTH_STATES),
  causeSource: z.enum(['site', 'record']).nullable(),
  checkedAt: z.number().int().min(0),
  via: z.enum(['models', 'call']),
  model: z.string().max(200).nullable(),
  modelCount: z.number().int().min(0).nullable(),
  latencyMs: z.number().int().min(0).nullable(),
  serverMessage: z.string().max(MAX_TEXT).nullable(),
  // An error is kept by its code and reason only: it is re-worded in the user's language when shown.
  error: z
    .object({ code: z.enum(ERROR_CODES), reason: z.enum(ERROR_REASONS).optional(), retryable: z.boolean().optional() })
    .nullable(),
});

export const healthDocumentSchema = z.object({
  intervalHours: z.union(HEALTH_INTERVALS_HOURS.map((h) => z.literal(h))),
  lastPassAt: z.number().int().min(0).nullable(),
  results: z.array(resultSchema).max(MAX_RESULTS),
});
export type HealthDocument = z.infer<typeof healthDocumentSchema>;

export const EMPTY_HEALTH: HealthDocument = { intervalHours: 0, lastPassAt: null, results: [] };

/**
 * A result as stored: its error by code and reason, the site's words without any secret Keydesk knows, the model ids
 * left out (they are read again with the next check).
 */
export function toStored(view: KeyHealthView): HealthDocument['results'][number] {
  const { error, modelIds: _modelIds, ...rest } = view;
  return {
    ...rest,
    serverMessage: view.serverMessage === null ? null : redactString(view.serverMessage).slice(0, MAX_TEXT),
    error:
      error === null
        ? null
        : {
            code: error.code,
            ...(error.reason === undefined ? {} : { reason: error.reason }),
            ...(error.retryable === undefined ? {} : { retryable: error.retryable }),
          },
  };
}

/** A stored result as the renderer reads it. */
export const fromStored = (stored: HealthDocument['results'][number]): KeyHealthView => ({ ...stored, modelIds: null });

export const isInterval = (h: number): h is HealthIntervalHours =>
  (HEALTH_INTERVALS_HOURS as readonly number[]).includes(h);
