// How a key's account shows money, for the key screens: the account's own money settings, or the spec's (500,000
// units = ¥1) when the account is not (or no longer) known.
import type { AccountMoney } from '../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY, type UnitSettings } from '../../../../src-shared/units';
import type { KeyAccountView } from '../../stores/keys.store';

export function moneyOfAccount(accountById: (id: string) => KeyAccountView | null, accountId: string): AccountMoney {
  return accountById(accountId)?.money ?? SPEC_ACCOUNT_MONEY;
}
/** Quota inputs are typed in the account's own currency. */
export const unitsOfAccount = (accountById: (id: string) => KeyAccountView | null, accountId: string): UnitSettings =>
  moneyOfAccount(accountById, accountId).site;
