// Account and balance views for renderer tests, shaped as main sends them.
import type { AccountView, AccountsSnapshot, BalanceView } from '../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../src-shared/units';

export function accountView(overrides: Partial<AccountView> & { id: string }): AccountView {
  return {
    label: overrides.id,
    kind: 'access_token',
    baseUrl: 'https://gw.example.com',
    apiUrl: 'https://gw.example.com',
    username: null,
    userId: 7,
    isPasswordRemembered: false,
    keyHint: null,
    accessTokenExpiresAt: null,
    isHidden: false,
    isDisabled: false,
    state: 'ok',
    stateError: null,
    money: SPEC_ACCOUNT_MONEY,
    yuanPerUsd: null,
    thresholds: { warnUnits: null, criticalUnits: null },
    ...overrides,
  };
}

export const snapshotOf = (accounts: readonly AccountView[], activeId: string | null = null): AccountsSnapshot => ({
  accounts,
  activeId: activeId ?? accounts[0]?.id ?? null,
});

/** Units per yuan at the spec's rate (500,000 units = ¥1). */
export const YUAN_UNITS = 500_000;

/** A balance as main sends it: ¥60 left of ¥100, level ok, fetched at no known time; tests set what they look at. */
export const balanceView = (over: Partial<BalanceView> = {}): BalanceView => ({
  accountId: 'a',
  remainingUnits: 60 * YUAN_UNITS,
  usedUnits: 40 * YUAN_UNITS,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: null,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
  ...over,
});
