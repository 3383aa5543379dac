// An account's money as views and handles carry it: its site's cached settings (or the spec's ¥ where the site
// says nothing) and the yuan rate in force, the user's own before the site's top-up price.
import type { AccountMoney, SiteMoney } from '../../../src-shared/contract';
import { resolveYuanRate, SPEC_MONEY } from '../../gateway';

/** What is known about one site: its settings (null = it said nothing) and when they were read. */
export interface CachedSite {
  readonly money: SiteMoney | null;
  readonly fetchedAt: number;
}

/** The part of the site-money service the accounts service needs. */
export interface SiteMoneyLookup {
  get(baseUrl: string): CachedSite | undefined;
  onChange(listener: () => void): () => void;
}

export function accountMoney(cached: CachedSite | undefined, userYuanPerUsd: string | null): AccountMoney {
  const site: SiteMoney = cached?.money ?? SPEC_MONEY;
  const rate = resolveYuanRate(site, userYuanPerUsd);
  return {
    site,
    origin: cached?.money ? 'site' : 'spec',
    fetchedAt: cached?.fetchedAt ?? null,
    yuanPerUsd: rate?.yuanPerUsd ?? null,
    yuanRateSource: rate?.source ?? null,
  };
}
