// What Keydesk stores about each account outside the vault (nothing secret): a versioned, schema-checked document
// in the config store, with the user's order and the active account.
import { z } from 'zod';
import { ACCOUNT_KINDS } from '../../../src-shared/contract';

/** A yuan rate the user typed: a positive decimal string ("7.3", "0.85"), never a float. */
export const yuanRateSchema = z
  .string()
  .max(32)
  .regex(/^(?:\d+(?:\.\d+)?)$/, 'a positive decimal')
  .refine((text) => /[1-9]/.test(text), 'a positive decimal');

export const thresholdsSchema = z.object({
  warnUnits: z.number().int().nonnegative().nullable(),
  criticalUnits: z.number().int().nonnegative().nullable(),
});

export const accountRecordSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  baseUrl: z.string(),
  apiUrl: z.string(),
  username: z.string().nullable().default(null),
  userId: z.number().int().nullable().default(null),
  isPasswordRemembered: z.boolean().default(false),
  /** Expiry (Unix seconds) of the login token held in the vault; null when none or unknown. */
  tokenExpiresAt: z.number().nullable().default(null),
  keyHint: z.string().nullable().default(null),
  /** Access-token accounts: the token's expiry (Unix seconds) as the user entered it; null when not given. */
  accessTokenExpiresAt: z.number().int().positive().nullable().catch(null).default(null),
  /**
   * When Keydesk last opened a new login session on its own (epoch ms). Current new-api caps new sessions per user
   * (100 a day, 50 active): Keydesk opens at most one a day by itself and otherwise asks the user.
   */
  lastAutoLoginAt: z.number().nullable().default(null),
  isHidden: z.boolean().default(false),
  isDisabled: z.boolean().default(false),
  // Yuan per US$ of quota the user set for this account; null = the site's own price. Records written before it
  // carry a `units` override (an integer divisor and a currency) instead: the site's /api/status now says those,
  // so the old field is dropped on load (zod strips unknown keys) and the account shows what its site shows.
  yuanPerUsd: yuanRateSchema.nullable().catch(null).default(null),
  thresholds: thresholdsSchema.default({ warnUnits: null, criticalUnits: null }),
  createdAt: z.number().default(0),
});

export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const accountsDocumentSchema = z.object({
  accounts: z.array(accountRecordSchema),
  activeId: z.string().nullable(),
});

export type AccountsDocument = z.infer<typeof accountsDocumentSchema>;

/** A saved login session as the vault holds it (JSON), checked before it is trusted. */
export const sessionStateSchema = z.object({
  credential: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('access_token'), token: z.string().min(1) }),
      z.object({
        kind: z.literal('login_token'),
        token: z.string().min(1),
        expiresAt: z.number().nullable(),
        sid: z.string().nullable(),
      }),
      z.object({ kind: z.literal('cookie') }),
    ])
    .nullable(),
  cookies: z.string(),
  userId: z.number().int().nullable(),
});

export const EMPTY_ACCOUNTS: AccountsDocument = { accounts: [], activeId: null };
export const ACCOUNTS_VERSION = 1;

/** What each credential kind keeps in the vault. */
export interface StoredSecrets {
  /** Only when the user ticked "remember". */
  readonly password?: string;
  /** A system access token (access-token accounts); a login token of an older Keydesk (password accounts). */
  readonly accessToken?: string;
  /** A password account's login session (token, refresh or session cookies), as ManagementClient.sessionState. */
  readonly session?: string;
  readonly apiKey?: string;
}
