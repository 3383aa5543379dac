// Seed file format (zod): the spec's own field names, every omitted field defaulted, cross-references checked.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PROFILE_NAMES } from './profiles';

// profile:read only matters on the new-api profiles (newest builds guard /api/user/self with it); usage:read only on
// new-api-rc41, whose scope table guards the usage logs with it.
export const ALL_SCOPES = [
  'api_key:read',
  'api_key:write',
  'api_key:reveal',
  'wallet:read',
  'profile:read',
  'profile:write',
  'usage:read',
] as const;
export type Scope = (typeof ALL_SCOPES)[number];

const int = z.number().int();

const statusSchema = z.object({
  version: z.string().optional(),
  quota_per_unit: z.number().positive().default(500000),
  quota_display_type: z.enum(['USD', 'CNY', 'TOKENS', 'CUSTOM']).default('USD'),
  usd_exchange_rate: z.number().positive().default(7.3),
  custom_currency_symbol: z.string().default('¤'),
  custom_currency_exchange_rate: z.number().positive().default(1),
  display_in_currency: z.boolean().default(true),
  price: z.number().min(0).default(7.3),
  stripe_unit_price: z.number().min(0).default(8),
});

const settingsSchema = z.object({
  propagation_delay_s: int.min(0).default(15),
  max_remain_quota: int.min(0).default(2147483647),
  fuzzy_search_key_cap: int.min(0).default(1000),
  login_token_ttl_s: int.min(1).default(86400),
  /** Server era to emulate; `startGateway({ profile })` and `--profile` override it. */
  profile: z.enum(PROFILE_NAMES).default('spec'),
  /** new-api: access token (JWT) lifetime. */
  access_token_ttl_s: int.min(1).default(900),
  /** new-api: Secure refresh cookie, and refresh/logout demand a same-origin Origin or Referer. */
  secure_cookies: z.boolean().default(false),
  /** new-api: caps per user on active sessions and on sessions issued in a rolling 24 h. */
  max_active_sessions: int.min(0).default(50),
  max_sessions_per_day: int.min(0).default(100),
  /** Non-spec profiles: per-IP rate limits (turn off for load tests; counts are kept either way). */
  rate_limit_enabled: z.boolean().default(true),
  /** Billing endpoints show the key's own numbers (true) or the account's (DisplayTokenStatEnabled). */
  display_token_stat_enabled: z.boolean().default(true),
  /** `/api/status` money fields; `version` defaults per profile. */
  status: statusSchema.prefault({}),
  /**
   * new-api-rc41: when tokens without the `nap_` prefix stop working (Unix seconds). null = the server's own rule,
   * the gateway clock at (re)load + 30 days (model EnsureLegacyAccessTokenRetireAt on the first start).
   */
  legacy_access_token_retire_at: int.nullable().default(null),
  /** new-api-rc41: the site's password encryption at login (PasswordLoginEncryptionEnabled). */
  password_encryption: z.boolean().default(false),
  /** new-api-rc41: routes ("GET /api/token/") taken out of the scope table: a `nap_` token gets ROUTE_UNDECLARED. */
  access_token_undeclared: z.array(z.string().regex(/^[A-Z]+ \/\S*$/)).default([]),
});

const groupSchema = z.object({
  desc: z.string().default(''),
  ratio: z.number().min(0).default(1),
  models: z.array(z.string()).default([]),
});

const modelSchema = z.object({
  id: z.string().min(1),
  owned_by: z.string().default('openai'),
  created: int.default(0),
  supported_endpoint_types: z.array(z.string()).default(['openai']),
  /** Internal quota units charged per call, before the group ratio (per-call pricing, quota_type 1). */
  price: int.min(0).default(1000),
  /**
   * Token pricing instead (quota_type 0), as new-api's ModelRatio: units per prompt token before the group ratio.
   * With it `price` is unused, and a call costs (prompt − cached + cached × cache_ratio + completion ×
   * completion_ratio) × model_ratio × group ratio (billing.ts).
   */
  model_ratio: z.number().min(0).optional(),
  completion_ratio: z.number().min(0).default(1),
  /** The share of the prompt price a cached prompt token costs; published on current builds only. */
  cache_ratio: z.number().min(0).optional(),
});

const keySchema = z.object({
  id: int.positive().optional(),
  user_id: int.optional(),
  key: z
    .string()
    .regex(/^[0-9a-zA-Z]{8,}$/, 'key: at least 8 characters [0-9a-zA-Z], without sk-')
    .optional(),
  // 3 = expired, 4 = exhausted (written only by some deployments).
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(1),
  name: z.string().default(''),
  created_time: int.default(0),
  accessed_time: int.default(0),
  expired_time: int.default(-1),
  remain_quota: int.default(0),
  unlimited_quota: z.boolean().default(false),
  model_limits_enabled: z.boolean().default(false),
  model_limits: z.string().default(''),
  // null: a key saved by a client that never sent allow_ips (Go *string); means no limit.
  allow_ips: z.string().nullable().default(''),
  used_quota: int.min(0).default(0),
  group: z.string().default(''),
  cross_group_retry: z.boolean().default(false),
  /**
   * one-api's own columns (the one-api profile only): the model list and the comma-separated CIDRs. When omitted
   * there, they are the key's model_limits (when enabled) and allow_ips, each address as its /32 or /128.
   */
  models: z.string().nullable().optional(),
  subnet: z.string().nullable().optional(),
});

const userSchema = z.object({
  id: int.positive(),
  username: z.string().min(1),
  display_name: z.string().optional(),
  email: z.string().default(''),
  role: z.union([z.literal(1), z.literal(10), z.literal(100)]).default(1),
  status: z.union([z.literal(1), z.literal(2)]).default(1),
  group: z.string().default('default'),
  quota: int.default(0),
  used_quota: int.min(0).default(0),
  request_count: int.min(0).default(0),
  aff_code: z.string().default(''),
  aff_count: int.min(0).default(0),
  aff_quota: int.min(0).default(0),
  aff_history_quota: int.min(0).default(0),
  inviter_id: int.min(0).default(0),
  /** new-api's user setting as it stores it: a JSON string (quota warning, its channel, other preferences). */
  setting: z.string().default(''),
  password: z.string().min(1).optional(),
  /** Emulator simplification of TOTP: this fixed 6-digit code is the second factor. */
  totp_code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  /**
   * new-api profile: the newest builds' challenge — method options as objects and a second step at
   * POST /api/user/login/verify {flow_token, method, code}. Needs totp_code.
   */
  login_verify: z.boolean().default(false),
  access_tokens: z
    .array(
      z.object({
        token: z.string().min(8),
        scopes: z.array(z.enum(ALL_SCOPES)).default([...ALL_SCOPES]),
        /** new-api-rc41 `nap_` tokens: Unix seconds after which they answer ACCESS_TOKEN_EXPIRED; 0 = never. */
        expires_at: int.min(0).default(0),
      }),
    )
    .default([]),
  /** Emulator extension: groups this account may use; default every group. */
  usable_groups: z.array(z.string()).optional(),
  subscription: z
    .object({
      billing_preference: z.string().default('subscription_first'),
      subscriptions: z.array(z.unknown()).default([]),
      all_subscriptions: z.array(z.unknown()).default([]),
    })
    .prefault({}),
  keys: z.array(keySchema).default([]),
});

export const seedSchema = z
  .object({
    settings: settingsSchema.prefault({}),
    groups: z.record(z.string(), groupSchema).default({}),
    models: z.array(modelSchema).default([]),
    users: z.array(userSchema).default([]),
  })
  .superRefine((seed, ctx) => {
    const groupNames = new Set(Object.keys(seed.groups));
    const userIds = new Set<number>();
    const keyIds = new Set<number>();
    const tokens = new Set<string>();
    for (const user of seed.users) {
      if (userIds.has(user.id)) ctx.addIssue({ code: 'custom', message: `duplicate user id ${user.id}` });
      userIds.add(user.id);
      for (const g of [user.group, ...(user.usable_groups ?? [])]) {
        if (!groupNames.has(g)) ctx.addIssue({ code: 'custom', message: `user ${user.id}: unknown group ${g}` });
      }
      for (const t of user.access_tokens) {
        if (tokens.has(t.token)) ctx.addIssue({ code: 'custom', message: 'duplicate access token' });
        tokens.add(t.token);
      }
      for (const k of user.keys) {
        if (k.user_id !== undefined && k.user_id !== user.id) {
          ctx.addIssue({ code: 'custom', message: `key ${k.id ?? '?'}: user_id differs from its owner ${user.id}` });
        }
        if (k.id !== undefined) {
          if (keyIds.has(k.id)) ctx.addIssue({ code: 'custom', message: `duplicate key id ${k.id}` });
          keyIds.add(k.id);
        }
        if (k.group !== '' && !groupNames.has(k.group)) {
          ctx.addIssue({ code: 'custom', message: `key ${k.id ?? '?'}: unknown group ${k.group}` });
        }
      }
    }
  });

export type SeedInput = z.input<typeof seedSchema>;
export type Seed = z.output<typeof seedSchema>;
export type SeedSettings = Seed['settings'];

export function parseSeed(input: unknown): Seed {
  const result = seedSchema.safeParse(input);
  if (!result.success) throw new Error(`invalid gateway seed: ${z.prettifyError(result.error)}`);
  return result.data;
}

export function loadSeedFile(path: string): Seed {
  return parseSeed(JSON.parse(readFileSync(path, 'utf8')) as unknown);
}

export const DEMO_SEED_PATH = new URL('./seeds/demo.json', import.meta.url).pathname;

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Seed keys without a value get a stable one, so a seed stays reproducible across runs. */
export function deterministicKey(userId: number, keyId: number): string {
  const bytes = Buffer.concat(
    [0, 1].map((i) => createHash('sha256').update(`seed-key:${userId}:${keyId}:${i}`).digest()),
  );
  return Array.from(bytes.subarray(0, 48), (b) => ALNUM[b % ALNUM.length]).join('');
}
