// The backup feature: Settings → Back up… and Restore…. Its service reads and writes the accounts (with their
// vault secrets), the settings, the allowances and the hand-off records; the file goes out through the secret-file
// sink and comes in through the Platform's open-file port (or the page, in browser mode). dispose() forgets any file
// or opened backup still held.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { AllowanceRecords } from '../allowance/allowance.records';
import type { AllowanceService } from '../allowance/allowance.service';
import type { Feature } from '../feature';
import type { HandoffElsewhere } from '../handoff/handoff-elsewhere';
import { handedFiles, isUnchanged } from '../handoff/handoff-files';
import type { HandoffRecords } from '../handoff/handoff-records';
import { registerBackupHandlers } from './backup.handlers';
import { BackupService, type BackupRecordsPort } from './backup.service';

export interface BackupDeps {
  readonly accounts: AccountsService;
  readonly allowances?: { readonly records: AllowanceRecords; readonly service: AllowanceService };
  readonly handoffs?: { readonly records: HandoffRecords; readonly elsewhere: HandoffElsewhere };
  /** This machine's sync device id (null without sync). */
  readonly deviceId?: () => string | null;
}

export function createBackupFeature(
  core: Core,
  { accounts, allowances, handoffs, deviceId }: BackupDeps,
): Feature & { service: BackupService } {
  const records: BackupRecordsPort | undefined =
    allowances === undefined || handoffs === undefined
      ? undefined
      : {
          allowances: () => allowances.records.all(),
          handoffs: () => handoffs.records.list(),
          computerId: () => handoffs.records.computerId(),
          knownComputerId: () => handoffs.records.knownComputerId(),
          deviceId: () => deviceId?.() ?? null,
          isFileHere: async (path, stamp) => {
            const now = await handedFiles.stamp(path);
            return now !== null && isUnchanged(now, stamp);
          },
          write: (plan) => {
            if (plan.computerId !== null) handoffs.records.adoptComputerId(plan.computerId);
            if (plan.allowances !== null) allowances.service.restoreAll(plan.allowances);
            if (plan.handoffs.length > 0) handoffs.records.restore(plan.handoffs);
            if (plan.elsewhere.length > 0) handoffs.elsewhere.restore(plan.elsewhere);
          },
        };
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
    ...(records === undefined ? {} : { records }),
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
