// The watch feature (issue 17): which key across accounts can call a model and what expires soon, read through the
// keys and account-info services of the same directory.
import type { AccountDirectory } from '../accounts/account-directory';
import type { AccountInfoService } from '../account-info/account-info.service';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { DocumentStore } from '../../vault/config.store';
import type { AlertsService } from '../quota/alerts.service';
import type { SeenRatios } from './price-watch';
import { registerWatchHandlers } from './watch.handlers';
import { WatchService } from './watch.service';

export interface WatchFeatureOptions {
  readonly directory: AccountDirectory;
  readonly keys: KeysService;
  readonly info: AccountInfoService;
  readonly clock: { now(): number };
  readonly expiringWithinDays: () => number;
  /** Where the group ratios last seen are kept (group-ratios.json in the app). */
  readonly seenRatios?: DocumentStore<SeenRatios>;
  /** The alert centre: one expiring alert per key or plan and end, one price_change alert per ratio change. */
  readonly alerts?: Pick<AlertsService, 'raiseAlert'>;
}

export function createWatchFeature(options: WatchFeatureOptions): Feature & { readonly service: WatchService } {
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
      if (!account) continue;
      // One alert per item and end: an extended key that comes round again is a new episode.
      const target =
        item.kind === 'key' && item.key
          ? { type: 'key' as const, keyId: item.key.id, keyName: item.name }
          : { type: 'plan' as const, planId: item.name, planName: item.name };
      const who = target.type === 'key' ? `key:${target.keyId}` : `plan:${target.planId}`;
      alerts.raiseAlert(account, {
        kind: 'expiring',
        accountId: item.accountId,
        episodeKey: `expiring:${item.accountId}:${who}:${item.expiresAt}`,
        target,
        expiresAt: item.expiresAt,
      });
    }
  });
  return {
    service,
    register: (router) => {
      registerWatchHandlers(router, service);
    },
    dispose: () => {
      stop();
      stopPrices();
      stopExpiring();
    },
  };
}
