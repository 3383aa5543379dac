// The account feature (the account: channels): who the account is, its groups, models and usage, read through the directory.
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { registerAccountInfoHandlers } from './account.handlers';
import { AccountInfoService } from './account.service';

/** With its service: the watch feature reads groups and models through the same caches. */
export function createAccountInfoFeature(
  core: Core,
  { directory }: { readonly directory: AccountDirectory },
): Feature & { readonly service: AccountInfoService } {
  const info = new AccountInfoService({ directory, clock: core.platform.clock });
  return {
    service: info,
    register: (router) => {
      registerAccountInfoHandlers(router, info);
    },
    dispose: () => undefined,
  };
}
