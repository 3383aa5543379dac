// The "Import accounts…" feature: an All API Hub backup or a CSV, previewed without secrets, then each
// row added through the accounts service's own add path. dispose() drops any preview's held credentials.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { registerImportHandlers } from './import.handlers';
import { ImportService } from './import.service';

export function createImportFeature(
  core: Core,
  { accounts }: { readonly accounts: AccountsService },
): Feature & { readonly service: ImportService } {
  const service = new ImportService({
    accounts,
    clock: core.platform.clock,
    log: core.log.child('import'),
    openFile: core.platform.openFile,
    dialogTitle: () => (core.language() === 'zh-CN' ? '导入账户' : 'Import accounts'),
    onProgress: (progress) => {
      core.events.emit('import:progress', progress);
    },
  });
  return {
    service,
    register: (router) => {
      registerImportHandlers(router, service);
    },
    dispose: () => {
      service.dispose();
    },
  };
}
