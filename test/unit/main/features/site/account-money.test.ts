// The account view and handle carry the site's money and the yuan rate in force: the site's price until the user
// sets a rate, the user's rate after; a site read that lands is pushed to the renderer at once.
import { systemClock } from '../../../../../src-main/platform/system-clock';
import { describe, expect, it } from 'vitest';
import type { AccountsSnapshot, SiteMoney } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/event-bus';
import { HttpTransport } from '../../../../../src-main/gateway';
import type { AccountsDocument } from '../../../../../src-main/features/accounts/account-records';
import { AccountsService } from '../../../../../src-main/features/accounts/accounts.service';
import type { CachedSite, SiteMoneyLookup } from '../../../../../src-main/features/site/account-money';
import { recordingLogger } from '../../gateway/fakes';
import { MemoryStore } from '../quota/fakes';

const USD: SiteMoney = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' };

function setup() {
  const doc: AccountsDocument = {
    accounts: [
      {
        id: 'a',
        label: 'Relay',
        kind: 'access_token',
        baseUrl: 'https://relay.example',
        apiUrl: 'https://relay.example',
        username: null,
        userId: 1,
        isPasswordRemembered: false,
        tokenExpiresAt: null,
        keyHint: null,
        accessTokenExpiresAt: null,
        lastAutoLoginAt: null,
        isHidden: false,
        isDisabled: false,
        yuanPerUsd: null,
        thresholds: { warnUnits: null, criticalUnits: null },
        createdAt: 0,
      },
    ],
    activeId: 'a',
  };
  const sites = new Map<string, CachedSite>();
  const listeners = new Set<() => void>();
  const lookup: SiteMoneyLookup & { land: (base: string, money: SiteMoney) => void } = {
    get: (base) => sites.get(base),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    land: (base, money) => {
      sites.set(base, { money, fetchedAt: 1 });
      for (const listener of listeners) listener();
    },
  };
  const events = new EventBus();
  const snapshots: AccountsSnapshot[] = [];
  events.subscribe((event, payload) => {
    if (event === 'accounts:changed') snapshots.push(payload as AccountsSnapshot);
  });
  const log = recordingLogger();
  const service = new AccountsService({
    store: new MemoryStore(doc),
    vault: {
      get: () => Promise.resolve({ status: 'ok', secrets: {} }),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
      setMany: () => Promise.resolve(() => Promise.resolve()),
    },
    transport: new HttpTransport({
      fetch: () => Promise.reject(new Error('no network in this test')),
      logger: log,
      clock: systemClock,
    }),
    events,
    log,
    clock: systemClock,
    siteMoney: lookup,
  });
  return { service, lookup, snapshots };
}

describe('account money', () => {
  it('shows the spec’s yuan until the site is read, then the site’s currency at its price, pushed at once', () => {
    const { service, lookup, snapshots } = setup();
    expect(service.view('a').money).toMatchObject({ origin: 'spec', site: { symbol: '¥' }, yuanPerUsd: null });
    lookup.land('https://relay.example', USD);
    expect(snapshots.at(-1)?.accounts[0]?.money).toMatchObject({
      origin: 'site',
      site: { displayType: 'USD' },
      yuanPerUsd: '7.3',
      yuanRateSource: 'site_price',
    });
    expect(service.get('a').units).toEqual(USD);
  });

  it('uses the user’s own rate once set, and the site price again when it is cleared', () => {
    const { service, lookup } = setup();
    lookup.land('https://relay.example', USD);
    expect(service.update('a', { yuanPerUsd: '0.85' }).money).toMatchObject({
      yuanPerUsd: '0.85',
      yuanRateSource: 'user',
    });
    expect(service.view('a').yuanPerUsd).toBe('0.85');
    expect(service.update('a', { yuanPerUsd: null }).money.yuanRateSource).toBe('site_price');
  });
});
