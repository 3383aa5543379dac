// The accounts feature: the accounts document and their sessions, over the Core's vault
// and transport. Its service is also the account directory the keys, account info and quota features read.
import type { Core } from '../../core';
import type { Feature } from '../feature';
import type { SiteMoneyService } from '../site/site-money.service';
import { ACCOUNTS_VERSION, EMPTY_ACCOUNTS, accountsDocumentSchema } from './account-records';
import { registerAccountsHandlers } from './accounts.handlers';
import { AccountsService } from './accounts.service';

export interface AccountsFeature extends Feature {
  readonly service: AccountsService;
}

export async function createAccountsFeature(
  core: Core,
  { siteMoney }: { readonly siteMoney: SiteMoneyService },
): Promise<AccountsFeature> {
  const { log } = core;
  const service = new AccountsService({
    store: core.store('accounts', accountsDocumentSchema, EMPTY_ACCOUNTS, {
      version: ACCOUNTS_VERSION,
      reportAs: 'accounts',
      corruptNote: 'accounts file was unreadable; kept aside',
    }),
    vault: core.vault,
    transport: core.transport,
    events: core.events,
    log: log.child('accounts'),
    clock: core.platform.clock,
    siteMoney,
  });
  await service.init();
  return {
    service,
    register: (router) => {
      registerAccountsHandlers(router, service, siteMoney);
    },
    dispose: () => undefined,
  };
}
