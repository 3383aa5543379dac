// An account synced from another Keydesk passes the one gate every account record passes before anything of it is
// written here (src-shared/rules/account-record-rules.ts: label, addresses, user, money, thresholds, a credential of
// the account's own kind), and its id must be one a Keydesk made: what an account typed here may not be, a synced
// one may not be either. Stored records are already normalised, so one the rules would change did not come from a
// Keydesk and is refused rather than silently rewritten.
import { z } from 'zod';
import { ACCOUNT_KINDS } from '../../../src-shared/contract';
import {
  checkAccountFields,
  checkCredentialSecrets,
  isKeydeskAccountId,
  MAX_CREDENTIAL,
  MAX_USERNAME,
} from '../../../src-shared/rules/account-record-rules';
import { MAX_URL_CHARS } from '../../../src-shared/rules/url-rules';
import { thresholdsSchema, yuanRateSchema, type AccountRecord, type StoredSecrets } from '../accounts/account-records';

const secret = z.string().max(MAX_CREDENTIAL);

/** What an account is on the wire of the sync folder: its record without what is this machine's own, and its credential. */
export const syncedAccountSchema = z.strictObject({
  label: z.string().max(200),
  kind: z.enum(ACCOUNT_KINDS),
  baseUrl: z.string().max(MAX_URL_CHARS),
  apiUrl: z.string().max(MAX_URL_CHARS),
  username: z.string().max(MAX_USERNAME).nullable(),
  userId: z.number().int().positive().nullable(),
  isHidden: z.boolean(),
  isDisabled: z.boolean(),
  yuanPerUsd: yuanRateSchema.nullable(),
  thresholds: thresholdsSchema.strict(),
  createdAt: z.number().int().nonnegative(),
  /** The access token's end (Unix seconds) as the user entered it: it belongs to the token, so it travels with it. */
  accessTokenExpiresAt: z.number().int().positive().nullable(),
  /** The remembered password, the access token or the watched key; null when this account syncs none. */
  credential: z.union([
    z.strictObject({ password: secret }),
    z.strictObject({ accessToken: secret }),
    z.strictObject({ apiKey: secret }),
    z.null(),
  ]),
});
export type SyncedAccount = z.infer<typeof syncedAccountSchema>;

export interface AdmittedAccount {
  readonly record: Omit<AccountRecord, 'tokenExpiresAt' | 'lastAutoLoginAt' | 'keyHint' | 'isPasswordRemembered'>;
  /** The credential's secrets as the vault keeps them; null when the record carries none. */
  readonly secrets: StoredSecrets | null;
  readonly body: SyncedAccount;
}

/** The synced account as Keydesk would store it, or null when it breaks a rule an account typed here must keep. */
export function admitSyncedAccount(id: string, input: unknown): AdmittedAccount | null {
  if (!isKeydeskAccountId(id)) return null;
  const parsed = syncedAccountSchema.safeParse(input);
  if (!parsed.success) return null;
  const body = parsed.data;
  const fields = checkAccountFields({
    label: body.label,
    kind: body.kind,
    baseUrl: body.baseUrl,
    apiUrl: body.apiUrl,
    username: body.username,
    userId: body.userId,
    keyHint: null,
    yuanPerUsd: body.yuanPerUsd,
    thresholds: body.thresholds,
  });
  if (!fields.ok) return null;
  const { label, baseUrl, apiUrl } = fields.value;
  if (label !== body.label || baseUrl !== body.baseUrl || apiUrl !== body.apiUrl) return null;
  if (body.kind === 'password' && body.username === null) return null;
  if (body.credential !== null && !checkCredentialSecrets(body.kind, body.credential).ok) return null;
  const { credential, ...record } = body;
  return { record: { id, ...record }, secrets: credential, body };
}
