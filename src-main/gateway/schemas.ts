// Zod schemas for every gateway response (spec 2, 4): extra fields pass (stripped), a missing required one is a
// protocol error. Compat variants (bare arrays, `ratio` strings, 2FA challenges) are accepted, normalised later.
import { z } from 'zod';

const int = z.number().int();

/** Spec 2.1: the key record of list, detail and update. `key` is masked or truncated, without sk-. */
export const keyRecordSchema = z.object({
  id: int,
  user_id: int.optional(),
  key: z.string(),
  status: int,
  name: z.string(),
  created_time: int,
  accessed_time: int.optional(),
  expired_time: int,
  remain_quota: int,
  unlimited_quota: z.boolean(),
  // one-api has no model limits, IP list or group on its keys (it has `models` and `subnet`, read as these).
  model_limits_enabled: z.boolean().optional().default(false),
  model_limits: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  /** Newline-separated on real servers; null (saved by a client that left it out) or absent means no limit. */
  allow_ips: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  used_quota: int,
  group: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  cross_group_retry: z.boolean().optional(),
  /** one-api's own limits (one-api-keys.ts): read as the spec's fields, and written back as one-api's. */
  models: z.string().nullish(),
  subnet: z.string().nullish(),
});
export type WireKeyRecord = z.infer<typeof keyRecordSchema>;

/** Spec 4.4: search items may carry only id, user_id, key, status, name, unlimited_quota, used_quota, group. */
export const searchItemSchema = z.object({
  id: int,
  user_id: int.optional(),
  key: z.string(),
  status: int,
  name: z.string(),
  unlimited_quota: z.boolean(),
  used_quota: int,
  group: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  created_time: int.optional(),
  expired_time: int.optional(),
  remain_quota: int.optional(),
  // Limits, where the server's search answers whole records (every era but the spec's examples): absent is unknown.
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().optional(),
  allow_ips: z.string().nullish(),
  models: z.string().nullish(),
  subnet: z.string().nullish(),
});
export type WireSearchItem = z.infer<typeof searchItemSchema>;

/**
 * A page: the spec's {page, page_size, total, items}, or an older server's bare array. Page size may be named
 * page_size, ps or size (new-api-compat). `items: null` is how Go marshals an empty slice on some versions.
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.union([
    z.array(item),
    z.object({
      page: int.optional(),
      page_size: int.optional(),
      ps: int.optional(),
      size: int.optional(),
      total: int.optional(),
      items: z.array(item).nullable(),
    }),
  ]);

/** Spec 2.4, new-api-compat: `ratio` is a number, except a string for the `auto` group. */
export const groupsSchema = z.record(
  z.string(),
  z.object({ desc: z.string().optional().default(''), ratio: z.union([z.number(), z.string()]) }),
);

/** Spec 2.2 and current new-api: a JWT login (15 minutes), renewed through the refresh cookie. */
export const loginSessionSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  access_expires_at: int.optional(),
  session: z.object({ sid: z.string().optional(), login_method: z.string().optional() }).nullish(),
  user: z.object({
    id: int,
    username: z.string().optional(),
    display_name: z.string().optional(),
    group: z.string().optional(),
    quota: int.optional(),
  }),
});

/** Older new-api and one-api: the login answer is the user itself; the session is a cookie (new-api-compat). */
export const loginUserSchema = z.object({
  id: int,
  username: z.string(),
  display_name: z.string().optional(),
  role: int.optional(),
  status: int.optional(),
  group: z.string().optional(),
});

/** Newest new-api names each verification method with whether it can be used here. */
const verificationMethodSchema = z.union([
  z.string(),
  z.object({ method: z.string(), available: z.boolean().optional(), reason: z.string().optional() }),
]);

export const loginChallengeSchema = z.union([
  z.object({
    require_2fa: z.literal(true),
    flow_token: z.string().optional(),
    expires_at: int.optional(),
  }),
  z.object({
    require_verification: z.literal(true),
    flow_token: z.string().optional(),
    methods: z.array(verificationMethodSchema).optional().default([]),
  }),
]);

/** Spec 2.3. */
export const accountSchema = z.object({
  id: int,
  username: z.string(),
  display_name: z.string().optional().default(''),
  email: z.string().optional().default(''),
  role: int,
  status: int,
  group: z.string(),
  quota: int,
  used_quota: int,
  request_count: int.optional().default(0),
  aff_code: z.string().optional().default(''),
  aff_count: int.optional().default(0),
  aff_quota: int.optional().default(0),
  aff_history_quota: int.optional().default(0),
  inviter_id: int.optional().default(0),
});
export type Account = z.infer<typeof accountSchema>;

/** Spec 2.5: plan entries are not specified, so they stay opaque. */
export const subscriptionSchema = z.object({
  subscriptions: z
    .array(z.unknown())
    .nullable()
    .transform((v) => v ?? []),
  all_subscriptions: z
    .array(z.unknown())
    .nullable()
    .transform((v) => v ?? []),
  billing_preference: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /api/user/logout (newer) or GET /api/user/logout: nothing to read but the envelope. */
export const logoutSchema = z.unknown();

export const revealSchema = z.object({ key: z.string().min(1) });
export const batchRevealSchema = z.object({ keys: z.record(z.string(), z.string()) });

/** Spec 4.6. */
export const billingSubscriptionSchema = z.object({
  object: z.string().optional(),
  has_payment_method: z.boolean().optional(),
  soft_limit_usd: z.number(),
  hard_limit_usd: z.number(),
  system_hard_limit_usd: z.number(),
  access_until: int,
});
export const billingUsageSchema = z.object({ object: z.string().optional(), total_usage: z.number() });

/** Spec 2.6. */
export const modelSchema = z.object({
  id: z.string(),
  object: z.string().optional(),
  created: int.optional(),
  owned_by: z.string().optional(),
  supported_endpoint_types: z.array(z.string()).optional().default([]),
});
export const modelsSchema = z.object({ data: z.array(modelSchema) });
export type Model = z.infer<typeof modelSchema>;

/** Spec 4.7; some versions add account {quota, used_quota}. */
export const tokenUsageSchema = z.object({
  object: z.string().optional(),
  name: z.string(),
  total_granted: int,
  total_used: int,
  total_available: int,
  unlimited_quota: z.boolean(),
  model_limits: z
    .record(z.string(), z.unknown())
    .nullable()
    .transform((v) => v ?? {}),
  model_limits_enabled: z.boolean(),
  expires_at: int,
  account: z.object({ quota: int, used_quota: int }).optional(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** Minimal chat completion, for "test this key with a model". */
export const chatCompletionSchema = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable().optional() }).optional() })),
});

/** `{success, message, data}` (management) — the data member is checked by the endpoint's own schema. */
export const envelopeSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
/** `{code: true, message, data}` (key usage). */
export const codeEnvelopeSchema = z.object({
  code: z.literal(true),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

/** A one-line summary of a zod failure: paths and expectations, never the offending values (they may be keys). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.code}`)
    .join('; ');
}
