// The backup feature: Settings → Back up… and Restore…. Its service reads and writes the accounts (with their
// vault secrets) and the settings; the file goes out through the secret-file sink and comes in through the
// Platform's open-file port (or the page, in browser mode). dispose() forgets any file or opened backup still held.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { registerBackupHandlers } from './backup.handlers';
import { BackupService } from './backup.service';

export function createBackupFeature(
  core: Core,
  { accounts }: { readonly accounts: AccountsService },
): Feature & { service: BackupService } {
  const service = new BackupService({
    accounts,
    settings: core.settings,
    vault: core.vault,
    files: core.platform.secretFiles,
    picker: core.platform.openFile,
    clock: core.platform.clock,
    version: core.version,
    language: () => core.language(),
    log: core.log.child('backup'),
    onProgress: (progress) => {
      core.events.emit('backup:progress', progress);
    },
  });
  return {
    service,
    register: (router) => {
      registerBackupHandlers(router, service);
    },
    dispose: () => {
      service.dispose();
    },
  };
}
