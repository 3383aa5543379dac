// What a backup file's encrypted body holds (JSON): the settings, the accounts document with each account's
// thresholds, and optionally each account's vault secrets. Checked whole before anything is restored.
import { z } from 'zod';
import { accountsDocumentSchema, type AccountsDocument } from '../accounts/account-records';
import { settingsSchema, type SettingsDocument } from '../app/settings.service';

export const PAYLOAD_FORMAT = 'keydesk-backup';

// No bound per value: the file's own size limit (MAX_BACKUP_BYTES) bounds them all, and a backup must always
// accept what the vault held when it was written.
const secretsSchema = z.record(z.string().max(64), z.string());

export const backupPayloadSchema = z
  .strictObject({
    format: z.literal(PAYLOAD_FORMAT),
    createdAt: z.number().int().nonnegative(),
    appVersion: z.string().max(64),
    settings: settingsSchema,
    accounts: accountsDocumentSchema,
    /** Per account id; null when the user chose a backup without credentials. */
    credentials: z.record(z.string().min(1), secretsSchema).nullable(),
  })
  .superRefine((payload, context) => {
    const ids = payload.accounts.accounts.map((record) => record.id);
    if (new Set(ids).size !== ids.length) context.addIssue({ code: 'custom', message: 'duplicate account id' });
    const { activeId } = payload.accounts;
    if (activeId !== null && !ids.includes(activeId)) context.addIssue({ code: 'custom', message: 'unknown activeId' });
    for (const id of Object.keys(payload.credentials ?? {})) {
      if (!ids.includes(id)) context.addIssue({ code: 'custom', message: 'credentials of an unknown account' });
    }
  });

export interface BackupPayload {
  readonly format: typeof PAYLOAD_FORMAT;
  readonly createdAt: number;
  readonly appVersion: string;
  readonly settings: SettingsDocument;
  readonly accounts: AccountsDocument;
  readonly credentials: Readonly<Record<string, Readonly<Record<string, string>>>> | null;
}

export const encodePayload = (payload: BackupPayload): Uint8Array => new TextEncoder().encode(JSON.stringify(payload));

/** The payload of a decrypted body, or null when it is not one (a body that decrypts is ours, so: a newer format). */
export function decodePayload(plain: Uint8Array): BackupPayload | null {
  try {
    const parsed = backupPayloadSchema.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
