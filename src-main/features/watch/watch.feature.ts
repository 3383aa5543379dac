// The watch feature: which key across accounts can call a model and what expires soon, read through the keys and
// account services of the same directory; its hourly schedule, and the spend tracker's passes fed to it.
import type { AlertDraft, ExpiringItem } from '../../../src-shared/contract';
import { msFromUnixSeconds } from '../../../src-shared/unix-time';
import type { AccountDirectory } from '../accounts/account-directory';
import type { AccountInfoService } from '../account/account.service';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { DocumentStore } from '../../vault/config.store';
import type { AlertsService } from '../alerts/alerts.service';
import { runWithPriority } from '../../gateway/critical-budget';
import { QuotaScheduler, type SchedulerClock, type SchedulerOptions } from '../../schedule/scheduler';
import type { Logger } from '../../log/logger';
import type { Core } from '../../core';
import type { SpendTracker } from '../spend/spend.tracker';
import { EMPTY_SEEN_RATIOS, seenRatiosSchema, type SeenRatios } from './price-watch';
import { registerWatchHandlers } from './watch.handlers';
import { WatchService } from './watch.service';

export interface WatchDeps {
  readonly directory: AccountDirectory;
  readonly keys: KeysService;
  readonly info: AccountInfoService;
  readonly alerts: Pick<AlertsService, 'raiseAlert'>;
  /** The spend feature's 5-minute list passes also feed the expiry check, at no request of their own. */
  readonly spend: Pick<SpendTracker, 'onPass'>;
  /** End-to-end tests only: a shorter spacing of the hourly checks. */
  readonly schedulerOptions?: SchedulerOptions;
}

export type WatchFeature = Feature & { readonly service: WatchService };

export function createWatchFeature(core: Core, deps: WatchDeps): WatchFeature {
  const log = core.log;
  const watch = assembleWatch({
    directory: deps.directory,
    keys: deps.keys,
    info: deps.info,
    clock: core.clock,
    expiringWithinDays: () => core.settings.get().expiringWithinDays,
    alerts: deps.alerts,
    schedule: {
      clock: core.clock,
      log: log.child('watch'),
      ...(deps.schedulerOptions ? { options: deps.schedulerOptions } : {}),
    },
    seenRatios: core.store('group-ratios', seenRatiosSchema, EMPTY_SEEN_RATIOS, {
      corruptNote: 'group ratios last seen were unreadable; kept aside, the next read is first sight',
    }),
  });
  const stopNotingKeys = deps.spend.onPass((accountId, listed) => {
    if (listed) watch.service.noteKeys(accountId, listed);
  });
  return {
    ...watch,
    dispose: async () => {
      stopNotingKeys();
      await watch.dispose();
    },
  };
}

/** The watch's parts, wired: what createWatchFeature builds on Core, and what tests build on fakes of each part. */
export interface WatchParts {
  readonly directory: AccountDirectory;
  readonly keys: KeysService;
  readonly info: AccountInfoService;
  readonly clock: { now(): number };
  readonly expiringWithinDays: () => number;
  /** Where the group ratios last seen are kept (group-ratios.json in the app). */
  readonly seenRatios?: DocumentStore<SeenRatios>;
  /** The alert centre: one expiring alert per key or plan and end, one price_change alert per ratio change. */
  readonly alerts?: Pick<AlertsService, 'raiseAlert'>;
  /**
   * The watch schedule: each managed account's keys, plans and group ratios checked once an hour (first check a
   * few minutes after start), so expiring and price alerts come without opening a screen. Absent: no schedule.
   */
  readonly schedule?: {
    readonly clock: SchedulerClock;
    readonly log: Logger;
    /** Tests only: a shorter spacing. */
    readonly options?: SchedulerOptions;
  };
}

/** How often the schedule checks an account: ratios and expiry dates change rarely; new-api's search is not used. */
export const WATCH_CHECK_MS = 60 * 60_000;
/** The first check after start waits this long, so start-up's own requests go first. */
export const WATCH_FIRST_CHECK_MS = 3 * 60_000;

export function assembleWatch(options: WatchParts): WatchFeature {
  const { directory, keys, info } = options;
  const service = new WatchService(
    {
      accounts: () => directory.list(),
      keys: (id) => keys.listAll(id),
      groups: (id) => info.groups(id),
      self: (id) => info.self(id),
      models: (id, group) => info.models(id, group),
      subscription: (id) => info.subscription(id),
      expiringWithinDays: options.expiringWithinDays,
    },
    options.clock,
    options.seenRatios,
  );
  const stop = directory.onChange(() => {
    service.forget();
  });
  const alerts = options.alerts;
  const accountOf = (id: string) => directory.list().find((a) => a.id === id);
  const stopPrices = service.onPriceChange((change) => {
    const account = accountOf(change.accountId);
    if (!account || !alerts) return;
    alerts.raiseAlert(account, {
      kind: 'price_change',
      accountId: change.accountId,
      // One alert per change: the same group moving again to another ratio is a new episode.
      episodeKey: `price:${change.accountId}:${change.group}:${change.oldRatio}->${change.newRatio}`,
      group: change.group,
      oldRatio: change.oldRatio,
      newRatio: change.newRatio,
      affectedKeyNames: change.keys.map((k) => k.name),
    });
  });
  const stopExpiring = service.onExpiring((items) => {
    if (!alerts) return;
    for (const item of items) {
      const account = accountOf(item.accountId);
      if (account) alerts.raiseAlert(account, expiringDraft(item));
    }
  });
  const scheduler = options.schedule ? startSchedule(options.schedule, directory, service) : null;
  return {
    service,
    register: (router) => {
      registerWatchHandlers(router, service);
    },
    dispose: () => {
      scheduler?.dispose();
      stop();
      stopPrices();
      stopExpiring();
    },
  };
}

/**
 * The alert for a key, plan or access token ending soon: one per item and end (an extended key that comes round again is a new
 * episode). The site's end is Unix seconds; the alert keeps epoch ms, converted here and only here.
 */
export function expiringDraft(item: ExpiringItem): AlertDraft {
  // A new token is a new episode too: its date is another one.
  const target =
    item.kind === 'key' && item.key
      ? { type: 'key' as const, keyId: item.key.id, keyName: item.name }
      : item.kind === 'token'
        ? { type: 'token' as const }
        : { type: 'plan' as const, planId: item.name, planName: item.name };
  const who =
    target.type === 'key' ? `key:${target.keyId}` : target.type === 'token' ? 'token' : `plan:${target.planId}`;
  return {
    kind: 'expiring',
    accountId: item.accountId,
    episodeKey: `expiring:${item.accountId}:${who}:${item.expiresAt}`,
    target,
    expiresAtMs: msFromUnixSeconds(item.expiresAt),
  };
}

/** One check per account per hour in a scheduler of its own (its rules: one at a time, backoff, staggering). */
function startSchedule(
  schedule: NonNullable<WatchParts['schedule']>,
  directory: AccountDirectory,
  service: WatchService,
): { dispose(): void } {
  const spacing = schedule.options?.minSpacingMs ?? WATCH_CHECK_MS;
  const scheduler = new QuotaScheduler<void>(
    schedule.clock,
    // Keydesk's own work: a session refresh it needs on the way spends background's share, not the user's.
    (id) => runWithPriority('background', () => service.checkAccount(id)),
    () => undefined,
    spacing,
    { log: schedule.log, staggerMs: 30_000, ...schedule.options, minSpacingMs: spacing },
  );
  const startedAt = schedule.clock.now();
  const firstDelay = Math.min(WATCH_FIRST_CHECK_MS, spacing);
  const sync = (): void => {
    const ids = directory
      .list()
      .filter((a) => a.kind !== 'api_key' && !a.isDisabled && !a.isHidden)
      .map((a) => a.id);
    // Counted as checked just before start: the first check comes firstDelay after start, not at once.
    scheduler.setAccounts(ids, () => startedAt - spacing + firstDelay);
  };
  sync();
  const unsubscribe = directory.onChange(sync);
  return {
    dispose: () => {
      unsubscribe();
      scheduler.dispose();
    },
  };
}
