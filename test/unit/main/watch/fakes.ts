// Fakes for the watch tests: key views with obvious fake values, and catalogs built from them.
import type { KeyView } from '../../../../src-shared/contract';
import type { AccountCatalog } from '../../../../src-main/features/watch/model-match';

export function fakeKey(over: Partial<KeyView> & Pick<KeyView, 'id'>): KeyView {
  return {
    accountId: 'acct-a',
    name: `key-${over.id}`,
    maskedKey: 'sk-fake****0000',
    status: 1,
    state: 'enabled',
    createdTime: 1_700_000_000,
    accessedTime: null,
    expiredTime: -1,
    remainQuota: 500_000,
    usedQuota: 0,
    unlimitedQuota: false,
    group: '',
    modelLimitsEnabled: false,
    modelLimits: [],
    allowIps: '',
    ...over,
  };
}

export function fakeCatalog(over: Partial<AccountCatalog> & Pick<AccountCatalog, 'keys'>): AccountCatalog {
  return {
    accountId: 'acct-a',
    accountLabel: 'Account A',
    ratios: new Map([
      ['default', 1],
      ['vip', 1.5],
      ['cheap', 0.5],
    ]),
    userGroup: 'default',
    groupModels: new Map([
      ['', ['gpt-4o-mini', 'gpt-4o']],
      ['vip', ['gpt-4o', 'o3']],
      ['cheap', ['gpt-4o-mini']],
    ]),
    ...over,
  };
}
