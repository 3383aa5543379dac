// The spend feature: the per-key spend watcher and its 5-minute list passes for the accounts the
// user tracks, the runaway alert's Disable now (one status-only update) and Dismiss, and the spend: channels.
import { z } from 'zod';
import { ok, type Result } from '../../../src-shared/contract';
import { noArgs, type Router } from '../../bridge/router';
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { AlertsService } from '../alerts/alerts.service';
import type { SchedulerOptions } from '../../schedule/scheduler';
import { EMPTY_SPEND_SETTINGS, SpendTracker, spendSettingsSchema } from './spend.tracker';
import { SplitSpendStore } from './spend.store';
import { SpendWatcher } from './spend.watcher';

export interface SpendDeps {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'listAll' | 'setStatus'>;
  readonly alerts: AlertsService;
  /** Tests only: a shorter pass spacing. */
  readonly schedulerOptions?: SchedulerOptions;
}

export type SpendFeature = Feature & { readonly tracker: SpendTracker; readonly watcher: SpendWatcher };

/** Disable now: one status-only request; the key's own failure is the answer. */
export async function disableOne(
  keys: Pick<KeysService, 'setStatus'>,
  accountId: string,
  keyId: number,
): Promise<Result<void>> {
  const outcome = await keys.setStatus(accountId, [keyId], false);
  if (!outcome.ok) return outcome;
  const failed = outcome.value.failed[0];
  return failed ? { ok: false, error: failed.error } : { ok: true, value: undefined };
}

export function createSpendFeature(core: Core, deps: SpendDeps): SpendFeature {
  const { log, clock } = core;
  const { directory } = deps;
  const settings = core.store('spend-settings', spendSettingsSchema, EMPTY_SPEND_SETTINGS, {
    corruptNote: 'spend-settings was unreadable; kept aside and started empty',
  });
  let tracker: SpendTracker | null = null;
  const watcher = new SpendWatcher({
    // Every tracked key's day of reads, a file per account: a pass rewrites its own account's only.
    store: new SplitSpendStore({
      engine: core.platform.storeEngine,
      dataDir: core.dataDir,
      now: () => core.platform.clock.now(),
      onCorrupt: (name, keptAt, reason) => {
        log.warn(`${name} was unreadable; kept aside and started empty`, { keptAt, reason });
      },
    }),
    alerts: deps.alerts,
    account: (id) => directory.get(id),
    dailyCapOf: (accountId, keyId) => tracker?.dailyCapOf(accountId, keyId) ?? null,
    setKeyEnabled: (accountId, keyId) => disableOne(deps.keys, accountId, keyId),
    now: () => clock.now(),
  });
  tracker = new SpendTracker({
    directory,
    listAll: (id) => deps.keys.listAll(id),
    watcher,
    settings,
    clock,
    log: log.child('spend'),
    ...(deps.schedulerOptions ? { schedulerOptions: deps.schedulerOptions } : {}),
  });
  deps.alerts.setRunawayActions(watcher.actions);
  const owned = tracker;
  owned.start();
  return {
    tracker: owned,
    watcher,
    register: (router: Router) => {
      registerSpendHandlers(router, owned);
    },
    dispose: () => {
      owned.dispose();
    },
  };
}

const accountId = z.string().min(1).max(200);

function registerSpendHandlers(router: Router, tracker: SpendTracker): void {
  router
    .handle('spend:settings', noArgs, () => ok(tracker.settings()))
    .handle('spend:setTracking', z.strictObject({ accountId, isTracking: z.boolean() }), (a) =>
      ok(tracker.setTracking(a.accountId, a.isTracking)),
    )
    .handle(
      'spend:setDailyCap',
      z.strictObject({
        accountId,
        keyId: z.number().int().positive(),
        capUnits: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
      }),
      (a) => ok(tracker.setDailyCap(a.accountId, a.keyId, a.capUnits)),
    )
    .handle(
      'spend:top',
      z.strictObject({ accountId: accountId.optional(), limit: z.number().int().min(1).max(100).optional() }),
      (a) => ok(tracker.top(a.accountId, a.limit ?? 5)),
    )
    .handle('spend:keyHistory', z.strictObject({ accountId, keyId: z.number().int().positive() }), (a) =>
      ok(tracker.keyHistory(a.accountId, a.keyId)),
    );
}
