// The watch feature (issue 17): which key across accounts can call a model and what expires soon, read through the
// keys and account-info services of the same directory.
import type { AccountDirectory } from '../accounts/account-directory';
import type { AccountInfoService } from '../account-info/account-info.service';
import type { Feature } from '../feature';
import type { KeysService } from '../keys/keys.service';
import type { DocumentStore } from '../../vault/config.store';
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
  return {
    service,
    register: (router) => {
      registerWatchHandlers(router, service);
    },
    dispose: () => {
      stop();
    },
  };
}
