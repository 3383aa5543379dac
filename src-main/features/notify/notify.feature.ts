// The notify feature: the site's own quota warning of an account (notify:read, notify:write), through the directory's
// management client.
import { z } from 'zod';
import type { AccountDirectory } from '../accounts/account-directory';
import type { Feature } from '../feature';
import { notifyWriteSchema } from './notify.schema';
import { NotifyService } from './notify.service';

export function createNotifyFeature(directory: AccountDirectory): Feature {
  const service = new NotifyService(directory);
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
