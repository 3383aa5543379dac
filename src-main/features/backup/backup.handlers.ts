// Handlers of the backup: channels. Thin: the input schema, then the service.
import { ok } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import {
  backupCreateSchema,
  backupDiscardSchema,
  backupPreviewSchema,
  backupReceiveSchema,
  backupRestoreSchema,
} from './backup.schema';
import type { BackupService } from './backup.service';

export function registerBackupHandlers(router: Router, service: BackupService): void {
  router
    .handle('backup:create', backupCreateSchema, async (a) =>
      ok(await service.create(a.passphrase, a.includeCredentials)),
    )
    .handle('backup:chooseFile', noArgs, async () => ok(await service.chooseFile()))
    .handle('backup:receiveFile', backupReceiveSchema, (a) => ok(service.receiveFile(a.name, a.contentBase64)))
    .handle('backup:preview', backupPreviewSchema, async (a) => ok(await service.preview(a.fileId, a.passphrase)))
    .handle('backup:restore', backupRestoreSchema, async (a) => ok(await service.restore(a.restoreId, a.mode)))
    .handle('backup:discard', backupDiscardSchema, (a) => {
      service.discard(a.id);
      return ok(null);
    });
}
