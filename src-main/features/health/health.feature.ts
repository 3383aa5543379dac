// The key health feature: checks on request, and every held key of every signed-in account on the user's schedule
// (a scheduler of its own: one account at a time, backoff, staggering; background priority, so a pass never takes
// what the user may need of a site's budgets). The held keys are built in app.ts, fed by the key services.
import { fail, ok } from '../../../src-shared/contract';
import type { Core } from '../../core';
import { runWithPriority } from '../../gateway';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { Logger } from '../../log/logger';
import { QuotaScheduler, type SchedulerClock, type SchedulerOptions } from '../../schedule/scheduler';
import type { HeldKeys } from './held-keys';
import { registerHealthHandlers } from './health.handlers';
import { HealthService } from './health.service';
import { EMPTY_HEALTH, healthDocumentSchema } from './health.store';

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
  const { clock } = core;
  const log = core.log.child('health');
  let schedule: HealthSchedule | null = null;
  const service = new HealthService({
    directory,
    keys: deps.keys,
    held,
    store: core.store('key-health', healthDocumentSchema, EMPTY_HEALTH, {
      isLarge: true,
      corruptNote: 'key health results were unreadable; kept aside, started empty',
    }),
    events: core.events,
    clock,
    log,
    onSchedule: () => schedule?.sync(),
  });
  const started = startHealthSchedule({
    clock,
    directory,
    service,
    held,
    log,
    ...(deps.scheduleOptions ? { options: deps.scheduleOptions } : {}),
  });
  schedule = started;
  // Locking the vault puts every credential out of reach until it is unlocked: the keys held for checks go too.
  const stopVaultWatch = core.events.on('vault:changed', (status) => {
    if (status.isLocked) held.keepAccounts(new Set());
  });
  return {
    service,
    register: (router) => {
      registerHealthHandlers(router, service);
    },
    dispose: () => {
      stopVaultWatch();
      started.dispose();
    },
  };
}

export interface HealthSchedule {
  /** Takes the accounts and the user's interval as they are now (an account added, the schedule changed). */
  sync(): void;
  dispose(): void;
}

/**
 * The schedule of passes: every signed-in password or token account (not watched keys, not disabled or hidden) once
 * per the user's interval, in a scheduler of its own; nothing while the interval is 0. A restart keeps the rhythm:
 * an account's last check counts as its last pass. `options.minSpacingMs` is what an "hour" lasts (tests only).
 */
export function startHealthSchedule(setup: {
  readonly clock: SchedulerClock;
  readonly directory: AccountDirectory;
  readonly service: Pick<HealthService, 'checkAccount' | 'settings' | 'keepAccounts' | 'lastCheckOf'>;
  readonly held: Pick<HeldKeys, 'keepAccounts'>;
  readonly log?: Logger;
  readonly options?: SchedulerOptions;
}): HealthSchedule {
  const { clock, directory, service, held } = setup;
  const hourMs = setup.options?.minSpacingMs ?? HOUR_MS;
  const intervalMs = () => Math.max(1, service.settings().intervalHours) * hourMs;
  const scheduler = new QuotaScheduler<void>(
    clock,
    (id) =>
      runWithPriority('background', async () => {
        const pass = await service.checkAccount(id, true);
        if (!pass.ok) return pass;
        return pass.value.error === null ? ok(undefined) : fail(pass.value.error);
      }),
    () => undefined,
    intervalMs(),
    {
      staggerMs: 30_000,
      ...setup.options,
      ...(setup.log ? { log: setup.log } : {}),
      minSpacingMs: hourMs,
    },
  );
  const sync = (): void => {
    const accounts = directory.list();
    const ids = new Set(accounts.map((a) => a.id));
    held.keepAccounts(ids);
    service.keepAccounts(ids);
    scheduler.setInterval(intervalMs());
    const scheduled =
      service.settings().intervalHours === 0
        ? []
        : accounts.filter((a) => a.kind !== 'api_key' && !a.isDisabled && !a.isHidden).map((a) => a.id);
    scheduler.setAccounts(scheduled, (id) => service.lastCheckOf(id));
  };
  sync();
  const stopSync = directory.onChange(sync);
  return {
    sync,
    dispose: () => {
      stopSync();
      scheduler.dispose();
    },
  };
}
