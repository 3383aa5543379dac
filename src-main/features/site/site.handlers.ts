// Handlers of the site: channels — how an account's site shows money (GET /api/status), read again on demand.
import { z } from 'zod';
import { ok } from '../../../src-shared/contract';
import type { Router } from '../../bridge/router';
import type { AccountsService } from '../accounts/accounts.service';
import type { SiteMoneyService } from './site-money.service';

const accountRef = z.strictObject({ accountId: z.string().min(1).max(200) });

export function registerSiteHandlers(router: Router, accounts: AccountsService, siteMoney: SiteMoneyService): void {
  router.handle('site:refresh', accountRef, async ({ accountId }) => {
    const read = await siteMoney.refresh(accounts.view(accountId).baseUrl);
    return read.ok ? ok(accounts.view(accountId)) : read;
  });
}
