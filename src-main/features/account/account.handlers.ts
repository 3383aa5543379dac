// Handlers of the account: channels (account, subscription, groups, models of one account). Thin.
import { z } from 'zod';
import type { Router } from '../../bridge/router';
import type { AccountInfoService } from './account.service';

const accountRef = z.strictObject({ accountId: z.string().min(1).max(200) });

export function registerAccountInfoHandlers(router: Router, info: AccountInfoService): void {
  router
    .handle('account:self', accountRef, (a) => info.self(a.accountId))
    .handle('account:subscription', accountRef, (a) => info.subscription(a.accountId))
    .handle('account:groups', accountRef, (a) => info.groups(a.accountId))
    .handle(
      'account:models',
      z.strictObject({ accountId: z.string().min(1).max(200), group: z.string().max(200).optional() }),
      (a) => info.models(a.accountId, a.group),
    );
}
