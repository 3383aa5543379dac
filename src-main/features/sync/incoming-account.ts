// The one gate an account synced from another Keydesk passes before anything of it is written here: today's rules
// of the add path (label bounds, base and API address rules, credential text, a credential of the account's own kind,
// thresholds and rates as the account form takes them) and an id that is Keydesk's own. Until the shared gate for
// account records lands in src-shared/rules, this function is that gate for synced records.
import { z } from 'zod';
import { ACCOUNT_KINDS } from '../../../src-shared/contract';
import { checkLabel } from '../../../src-shared/rules/account-rules';
import { MAX_URL_CHARS } from '../../../src-shared/rules/url-rules';
import { thresholdsSchema, yuanRateSchema, type AccountRecord, type StoredSecrets } from '../accounts/account-records';
import { credentialText } from '../accounts/credential-text';
import { normaliseBaseUrl } from '../accounts/url-rules';

const secret = credentialText(4096);

/** What an account is on the wire of the sync folder: its record without what is this machine's own, and its credential. */
export const syncedAccountSchema = z.strictObject({
  label: z.string().max(200),
  kind: z.enum(ACCOUNT_KINDS),
  baseUrl: z.string().max(MAX_URL_CHARS),
  apiUrl: z.string().max(MAX_URL_CHARS),
  username: credentialText(200).nullable(),
  userId: z.number().int().positive().nullable(),
  isHidden: z.boolean(),
  isDisabled: z.boolean(),
  yuanPerUsd: yuanRateSchema.nullable(),
  thresholds: thresholdsSchema.strict(),
  createdAt: z.number().int().nonnegative(),
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

const CREDENTIAL_OF_KIND = { password: 'password', access_token: 'accessToken', api_key: 'apiKey' } as const;

/** The synced account as Keydesk would store it, or null when it breaks a rule an account typed here must keep. */
export function admitSyncedAccount(id: string, input: unknown): AdmittedAccount | null {
  if (!z.uuid().safeParse(id).success) return null;
  const parsed = syncedAccountSchema.safeParse(input);
  if (!parsed.success) return null;
  const body = parsed.data;
  const label = checkLabel(body.label);
  if (!label.ok || label.label !== body.label) return null;
  const base = normaliseBaseUrl(body.baseUrl, '/api');
  const api = normaliseBaseUrl(body.apiUrl, '/v1');
  // Stored addresses are already normalised: one that changes under the rules did not come from a Keydesk.
  if (!base.ok || base.url !== body.baseUrl || !api.ok || api.url !== body.apiUrl) return null;
  if (body.kind === 'password' && body.username === null) return null;
  if (body.credential !== null && !(CREDENTIAL_OF_KIND[body.kind] in body.credential)) return null;
  const { credential, ...fields } = body;
  return { record: { id, ...fields }, secrets: credential, body };
}
