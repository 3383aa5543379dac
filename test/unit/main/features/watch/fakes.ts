// Fakes for the watch tests: key views (the shared fixture, on account A) and catalogs built from them.
import type { KeyView } from '../../../../../src-shared/contract';
import type { AccountCatalog } from '../../../../../src-main/features/watch/model-match';
import { keyView } from '../../../../support/key-view';

/** A key of account A (the watch tests' accounts are acct-a, acct-b). */
export const fakeKey = (over: Partial<KeyView> & Pick<KeyView, 'id'>): KeyView =>
  keyView({ accountId: 'acct-a', ...over });

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
