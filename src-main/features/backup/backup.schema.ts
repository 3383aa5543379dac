// Inputs of the backup: channels, checked at the bridge before the service sees them.
import { z } from 'zod';
import { MAX_BACKUP_PASSPHRASE, MIN_BACKUP_PASSPHRASE } from '../../../src-shared/contract';
import { MAX_BACKUP_BYTES } from './backup-format';

const id = z.uuid();

export const backupCreateSchema = z.strictObject({
  passphrase: z.string().min(MIN_BACKUP_PASSPHRASE).max(MAX_BACKUP_PASSPHRASE),
  includeCredentials: z.boolean(),
});

export const backupReceiveSchema = z.strictObject({
  name: z.string().max(255),
  // base64 of at most MAX_BACKUP_BYTES bytes.
  contentBase64: z.base64().max(Math.ceil(MAX_BACKUP_BYTES / 3) * 4),
});

/** Opening an existing backup: any length it was made with (within reason) may be typed. */
export const backupPreviewSchema = z.strictObject({
  fileId: id,
  passphrase: z.string().min(1).max(MAX_BACKUP_PASSPHRASE),
});

export const backupRestoreSchema = z.strictObject({ restoreId: id, mode: z.enum(['merge', 'replace']) });

export const backupDiscardSchema = z.strictObject({ id });
