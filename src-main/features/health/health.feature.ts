// The key health feature: checks on request, and every held key of every signed-in account on the user's schedule
// (a scheduler of its own: one account at a time, backoff, staggering; background priority, so a pass never takes
// what the user may need of a site's budgets). The held keys are built in app.ts, fed by the key services.
import { fail, ok } from '../../../src-shared/contract';
import type { Core } from '../../core';
import { runWithPriority } from '../../gateway';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import { QuotaScheduler, type SchedulerOptions } from '../quota/scheduler';
import type { HeldKeys } from './held-keys';
import { registerHealthHandlers } from './health.handlers';
import { HealthService } from './health.service';
import { openHealthStore } from './health.store';

export interface HealthFeatureDeps {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'listAll' | 'get'>;
  readonly held: HeldKeys;
  /** End-to-end tests only: a shorter spacing of scheduled passes. */
  readonly scheduleOptions?: SchedulerOptions;
}

const HOUR_MS = 3_600_000;

export function createHealthFeature(
  core: Core,
  deps: HealthFeatureDeps,
): Feature & { readonly service: HealthService } {
  const { directory, held } = deps;
  const { clock } = core.platform;
  const log = core.log.child('health');
  const service = new HealthService({
    directory,
    keys: deps.keys,
    held,
    store: openHealthStore({
      engine: core.platform.storeEngine,
      dataDir: core.dataDir,
      onCorrupt: (keptAt, reason) => {
        log.warn('key health results were unreadable; kept aside, started empty', { keptAt, reason });
      },
    }),
    events: core.events,
    clock,
    log,
    // A new schedule takes effect at once: the interval moves, and accounts join or leave the schedule.
    onSchedule: () => {
      scheduler.setInterval(Math.max(intervalMs(), HOUR_MS));
      sync();
    },
  });

  const intervalMs = () => (deps.scheduleOptions?.minSpacingMs ?? HOUR_MS) * service.settings().intervalHours;
  const scheduler = new QuotaScheduler<void>(
    clock,
    (id) =>
      runWithPriority('background', async () => {
        const pass = await service.checkAccount(id, true);
        if (!pass.ok) return pass;
        return pass.value.error === null ? ok(undefined) : fail(pass.value.error);
      }),
    () => undefined,
    Math.max(intervalMs(), HOUR_MS),
    { log, staggerMs: 30_000, ...deps.scheduleOptions, minSpacingMs: deps.scheduleOptions?.minSpacingMs ?? HOUR_MS },
  );
  const sync = (): void => {
    const accounts = directory.list();
    const ids = new Set(accounts.map((a) => a.id));
    held.keepAccounts(ids);
    service.keepAccounts(ids);
    const scheduled =
      service.settings().intervalHours === 0
        ? []
        : accounts.filter((a) => a.kind !== 'api_key' && !a.isDisabled && !a.isHidden).map((a) => a.id);
    scheduler.setAccounts(scheduled, (id) => service.lastCheckOf(id));
  };
  sync();
  const stopSync = directory.onChange(sync);

  return {
    service,
    register: (router) => {
      registerHealthHandlers(router, service);
    },
    dispose: () => {
      stopSync();
      scheduler.dispose();
    },
  };
}
