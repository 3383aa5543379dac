// Account views for renderer tests, shaped as main sends them.
import type { AccountView, AccountsSnapshot } from '../../../src-shared/contract';
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
