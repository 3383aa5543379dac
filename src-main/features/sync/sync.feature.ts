// The sync feature: Keydesk on every machine through a WebDAV folder, end-to-end encrypted. Its record kinds are
// listed here, in the order a run takes new records in (an account before the allowances and hand-offs naming it):
// accounts with their credentials, the settings groups the user chose, keys' daily spend caps, allowances (each with
// the machine that runs it), hand-off records (each machine's own). dispose() stops the schedule and waits for a run.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import type { AllowanceRecords } from '../allowance/allowance.records';
import type { AllowanceService } from '../allowance/allowance.service';
import type { HandoffElsewhere } from '../handoff/handoff-elsewhere';
import type { HandoffRecords } from '../handoff/handoff-records';
import { accountKind } from './kinds/account.kind';
import { allowanceKind } from './kinds/allowance.kind';
import { handoffKind } from './kinds/handoff.kind';
import { spendCapsKind } from './kinds/spend-caps.kind';
import type { SpendTracker } from '../spend/spend.tracker';
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
  readonly allowances: { readonly records: AllowanceRecords; readonly service: AllowanceService };
  readonly handoffs: { readonly records: HandoffRecords; readonly elsewhere: HandoffElsewhere };
  readonly spend: SpendTracker;
  /** Tests only: cheaper scrypt for a new sync folder, quicker sync timers. */
  readonly options?: SyncFeatureOptions;
}

export type SyncFeature = Feature & { readonly service: SyncService };

export function createSyncFeature(
  core: Core,
  { accounts, allowances, handoffs, spend, options = {} }: SyncDeps,
): SyncFeature {
  const log = core.log.child('sync');
  const service = new SyncService({
    store: core.store('sync', syncStateSchema, EMPTY_SYNC_STATE, {
      reportAs: 'cache',
      corruptNote: 'sync state was unreadable; kept aside, the next run reads the folder again',
    }),
    vault: core.vault,
    kinds: (groups, fingerprintKey, deviceId) => [
      accountKind({ accounts, vault: core.vault, fingerprintKey }),
      settingsKind({ settings: core.settings, events: core.events, groups }),
      spendCapsKind({ spend }),
      allowanceKind({ records: allowances.records, service: allowances.service, deviceId }),
      handoffKind({ records: handoffs.records, elsewhere: handoffs.elsewhere, deviceId }),
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
