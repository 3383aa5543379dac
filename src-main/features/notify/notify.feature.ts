// The notify feature: the site's own quota warning of an account (notify:read, notify:write), through the directory's
// management client.
import { z } from 'zod';
import type { Core } from '../../core';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { notifyWriteSchema } from './notify.schema';
import { NotifyService } from './notify.service';

export interface NotifyDeps {
  readonly accounts: AccountDirectory;
}

/** Core is not read yet: every notify call goes through the account's own client, which the directory holds. */
export function createNotifyFeature(_core: Core, { accounts }: NotifyDeps): Feature {
  const service = new NotifyService(accounts);
  return {
    register: (router) => {
      router
        .handle('notify:read', z.strictObject({ accountId: z.string().min(1).max(200) }), (a) =>
          service.read(a.accountId),
        )
        .handle('notify:write', notifyWriteSchema, (a) => service.write(a));
    },
    dispose: () => undefined,
  };
}
