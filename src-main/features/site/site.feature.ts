// The site feature (the site: channels): how each site shows money (currency, rate), read from disk at once and
// re-read in the background. A new or re-pointed account reads its site at once; every site is checked hourly and
// re-read daily.
import type { Core } from '../../core';
import type { AccountsService } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { registerSiteHandlers } from './site.handlers';
import { EMPTY_SITE_MONEY, SiteMoneyService, siteMoneyDocumentSchema } from './site-money.service';

const SITE_CHECK_MS = 60 * 60 * 1000;

/** Built before the accounts service, which shows its accounts' money through it. */
export function createSiteMoneyService(core: Core): SiteMoneyService {
  const { log } = core;
  return new SiteMoneyService({
    store: core.store('site-money', siteMoneyDocumentSchema, EMPTY_SITE_MONEY, {
      corruptNote: 'site money cache was unreadable; kept aside, sites are read again',
    }),
    transport: core.transport,
    log: log.child('site-money'),
    clock: core.platform.clock,
  });
}

export interface SiteDeps {
  readonly accounts: AccountsService;
  readonly siteMoney: SiteMoneyService;
}

export function createSiteFeature(core: Core, { accounts, siteMoney }: SiteDeps): Feature {
  // Never awaited: the cached money shows at once, fresh values replace it.
  const refreshSites = (): void => {
    void siteMoney.refreshStale(accounts.snapshot().accounts.map((account) => account.baseUrl));
  };
  const stopSiteWatch = accounts.onChange(refreshSites);
  const stopTimer = core.platform.clock.every(SITE_CHECK_MS, refreshSites);
  refreshSites();
  return {
    register: (router) => {
      registerSiteHandlers(router, accounts, siteMoney);
    },
    dispose: () => {
      stopSiteWatch();
      stopTimer();
    },
  };
}
