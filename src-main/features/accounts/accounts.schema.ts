// The accounts: channels' inputs from the renderer: a draft, a patch, a credential of each kind, and the small
// argument shapes around an account id. Bounded everywhere; credentials pass credentialText's character rules.
import { z } from 'zod';
import { MAX_URL_CHARS } from '../../../src-shared/rules/url-rules';
import { thresholdsSchema, yuanRateSchema } from './account-records';
import { credentialText } from './credential-text';

const id = z.string().min(1).max(100);
const secret = credentialText(4096);
const url = z.string().max(MAX_URL_CHARS);
/** An access token's expiry in Unix seconds, before the year 10000. */
const tokenExpiry = z.number().int().positive().max(253_402_300_799).nullable().optional();

const credentialSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('password'),
    username: credentialText(200),
    password: secret,
    remember: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('access_token'),
    accessToken: secret,
    userId: z.number().int().positive().optional(),
    expiresAt: tokenExpiry,
  }),
  z.strictObject({ kind: z.literal('api_key'), apiKey: secret }),
]);

const yuanPerUsd = yuanRateSchema.nullable().optional();

export const draftSchema = z.strictObject({
  label: z.string().max(200),
  baseUrl: url,
  apiUrl: url,
  credential: credentialSchema,
  yuanPerUsd,
  thresholds: thresholdsSchema.strict().optional(),
});

const patchSchema = z.strictObject({
  label: z.string().max(200).optional(),
  baseUrl: url.optional(),
  apiUrl: url.optional(),
  yuanPerUsd,
  thresholds: thresholdsSchema.strict().optional(),
  isHidden: z.boolean().optional(),
  isDisabled: z.boolean().optional(),
  accessTokenExpiresAt: tokenExpiry,
});

export const accountIdSchema = z.strictObject({ id });
export const answerChallengeSchema = z.strictObject({
  challengeId: id,
  code: z.string().trim().min(1).max(64),
  method: z.string().max(40).optional(),
});
export const signInSchema = z.strictObject({ id, password: secret.optional(), remember: z.boolean().optional() });
export const setCredentialSchema = z.strictObject({ id, credential: credentialSchema });
export const updateSchema = z.strictObject({ id, patch: patchSchema });
export const reorderSchema = z.strictObject({ ids: z.array(id).max(1000) });
