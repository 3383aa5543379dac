// What a backup file's encrypted body holds (JSON): the settings, the accounts document with each account's
// thresholds, optionally each account's vault secrets, the allowances and this computer's hand-off records. Checked
// whole before anything is restored.
import { z } from 'zod';
import {
  accountRecordSchema,
  accountsDocumentSchema,
  type AccountRecord,
  type AccountsDocument,
} from '../accounts/account-records';
import { idRecord, type IdRecord } from '../../id-record';
import type { SettingsPatch } from '../../../src-shared/contract';
import { settingsPatchSchema } from '../settings/settings.schema';
import { MAX_ALLOWANCES } from '../allowance/allowance.schema';
import { MAX_HANDOFF_RECORDS } from '../handoff/handoff-records';

export const PAYLOAD_FORMAT = 'keydesk-backup';

// No bound per value: the file's own size limit (MAX_BACKUP_BYTES) bounds them all, and a backup must always
// accept what the vault held when it was written.
const secretsSchema = z.record(z.string().max(64), z.string());

/**
 * A backup's settings, each on its own: a value this version cannot take (a newer Keydesk's theme, say) is left out,
 * so restoring keeps that setting as it is here, instead of the default our own settings file falls back to.
 */
const backupSettingsSchema = z
  .object({
    language: settingsPatchSchema.shape.language.catch(undefined),
    theme: settingsPatchSchema.shape.theme.catch(undefined),
    refreshIntervalMinutes: settingsPatchSchema.shape.refreshIntervalMinutes.catch(undefined),
    closeToTray: settingsPatchSchema.shape.closeToTray.catch(undefined),
    launchAtLogin: settingsPatchSchema.shape.launchAtLogin.catch(undefined),
    alertSound: settingsPatchSchema.shape.alertSound.catch(undefined),
    expiringWithinDays: settingsPatchSchema.shape.expiringWithinDays.catch(undefined),
    deleteExportsAfterDays: settingsPatchSchema.shape.deleteExportsAfterDays.catch(undefined),
    trayTitle: settingsPatchSchema.shape.trayTitle.catch(undefined),
  } satisfies Record<keyof SettingsPatch, z.ZodType>)
  // A caught value stays as an undefined property, which a spread over the settings here would copy: drop it.
  .transform((settings): SettingsPatch =>
    Object.fromEntries((Object.entries(settings) as [string, unknown][]).filter(([, value]) => value !== undefined)),
  );

export const backupPayloadSchema = z.strictObject({
  format: z.literal(PAYLOAD_FORMAT),
  createdAt: z.number().int().nonnegative(),
  appVersion: z.string().max(64),
  settings: backupSettingsSchema,
  accounts: accountsDocumentSchema,
  /**
   * Per file account id (any string: ids are looked up as the file's own references, never used as ids here);
   * null when the user chose a backup without credentials. Credentials of an id the file does not list are unused.
   */
  credentials: idRecord(secretsSchema).nullable(),
  /**
   * The allowances (without the running machine's own bookkeeping), each judged on its own at restore
   * (restore-records.ts); absent from backups made before they were kept.
   */
  allowances: z.array(z.unknown()).max(MAX_ALLOWANCES).optional(),
  /** This computer's hand-off records, with the ids that tell this computer from another at restore. */
  handoffs: z
    .strictObject({
      computerId: z.uuid(),
      /** Its sync device id when it synced (other machines know its records under it); null otherwise. */
      deviceId: z.uuid().nullable(),
      records: z.array(z.unknown()).max(MAX_HANDOFF_RECORDS),
    })
    .optional(),
});
// What the file says of each account is judged record by record (restore-plan.ts checkFileRecord): a file whose one
// record fails still restores the others, and says which it left out and why.

export interface BackupPayload {
  readonly format: typeof PAYLOAD_FORMAT;
  readonly createdAt: number;
  readonly appVersion: string;
  readonly settings: SettingsPatch;
  readonly accounts: AccountsDocument;
  readonly credentials: IdRecord<Readonly<Record<string, string>>> | null;
  readonly allowances?: readonly unknown[];
  readonly handoffs?: {
    readonly computerId: string;
    readonly deviceId: string | null;
    readonly records: readonly unknown[];
  };
}

export const encodePayload = (payload: BackupPayload): Uint8Array => new TextEncoder().encode(JSON.stringify(payload));

// The payload with its accounts left unparsed: decodePayload checks them one by one between turns of the event
// loop, since checking 2,000 records in one go held main for a few hundred milliseconds on a slow machine (the
// schema's first use is the slow one).
const envelopeSchema = backupPayloadSchema.extend({
  accounts: accountsDocumentSchema.extend({ accounts: z.array(z.unknown()) }),
});

/**
 * The payload of a decrypted body, or null when it is not one (a body that decrypts is ours, so: a newer format).
 * `boundary` is awaited after each account record (slices.ts decides when that is a turn, and throws a cancel).
 */
export async function decodePayload(
  plain: Uint8Array,
  boundary: () => Promise<void> = async () => {},
): Promise<BackupPayload | null> {
  let envelope: z.infer<typeof envelopeSchema>;
  try {
    const parsed = envelopeSchema.safeParse(JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)));
    if (!parsed.success) return null;
    envelope = parsed.data;
  } catch {
    return null;
  }
  const accounts: AccountRecord[] = [];
  for (const raw of envelope.accounts.accounts) {
    const record = accountRecordSchema.safeParse(raw);
    if (!record.success) return null;
    accounts.push(record.data);
    await boundary();
  }
  return { ...envelope, accounts: { ...envelope.accounts, accounts } };
}
