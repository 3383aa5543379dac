// The sync feature: Keydesk on every machine through a WebDAV folder, end-to-end encrypted. Its record kinds are
// listed here (accounts with their credentials, the settings groups the user chose); a new kind (allowances,
// hand-off records) joins by adding its SyncRecordKind to this list. dispose() stops the schedule and waits for a run.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { accountKind } from './kinds/account.kind';
import { settingsKind } from './kinds/settings.kind';
import { registerSyncHandlers } from './sync.handlers';
import { SyncService, type SyncServiceOptions } from './sync.service';
import { EMPTY_SYNC_STATE, syncStateSchema } from './sync-state';

export interface SyncFeatureOptions {
  /** Tests only: cheaper scrypt and quicker timers. */
  readonly scrypt?: SyncServiceOptions['scrypt'];
  readonly schedule?: SyncServiceOptions['schedule'];
}

export interface SyncDeps {
  readonly accounts: AccountsService;
  /** Tests only: cheaper scrypt for a new sync folder, quicker sync timers. */
  readonly options?: SyncFeatureOptions;
}

export function createSyncFeature(
  core: Core,
  { accounts, options = {} }: SyncDeps,
): Feature & { service: SyncService } {
  const log = core.log.child('sync');
  const service = new SyncService({
    store: core.store('sync', syncStateSchema, EMPTY_SYNC_STATE, {
      reportAs: 'cache',
      corruptNote: 'sync state was unreadable; kept aside, the next run reads the folder again',
    }),
    vault: core.vault,
    kinds: (groups, fingerprintKey) => [
      accountKind({ accounts, vault: core.vault, fingerprintKey }),
      settingsKind({ settings: core.settings, events: core.events, groups }),
    ],
    events: core.events,
    fetch: core.platform.fetch,
    clock: core.platform.clock,
    version: core.version,
    log,
    ...(options.scrypt === undefined ? {} : { scrypt: options.scrypt }),
    ...(options.schedule === undefined ? {} : { schedule: options.schedule }),
  });
  service.start();
  return {
    service,
    register: (router) => {
      registerSyncHandlers(router, service);
    },
    dispose: () => service.dispose(),
  };
}
