// One quota reading of an account through the account directory: the account's own balance for password and
// access-token accounts (GET /api/user/self), the key's usage (its grant as its limit) for a watched key.
import { fail, ok, type AppError, type Result } from '../../../src-shared/contract';
import { expectedFailure } from '../../errors';
import type { KeyClient } from '../../gateway';
import type { AccountDirectory, AccountHandle } from '../accounts/account-directory';
import { readingFromBilling, readingFromUsage, type BalanceReading } from '../accounts/key-balance';

export type QuotaReading = BalanceReading;

/** Expected failures become the reading's error; anything else goes on to the scheduler, which logs it once. */
const asAppError = (error: unknown): AppError => expectedFailure(error);

/**
 * A watched key on a server without GET /api/usage/token/ (early new-api, one-api): the billing endpoints, in the
 * site's display type, give the same numbers (total granted = hard limit, used, remaining = their difference).
 */
async function readByBilling(
  client: KeyClient,
  account: AccountHandle,
  signal: AbortSignal,
): Promise<Result<QuotaReading>> {
  const balance = await client.getBalance(signal, account.units);
  return balance.ok ? ok(readingFromBilling(balance.value)) : balance;
}

export async function readQuota(
  directory: AccountDirectory,
  account: AccountHandle,
  signal: AbortSignal,
): Promise<Result<QuotaReading>> {
  try {
    if (account.kind !== 'api_key') {
      const client = await directory.management(account.id);
      const self = await client.getSelf(signal);
      if (!self.ok) return self;
      return ok({
        remainingUnits: self.value.quota,
        usedUnits: self.value.used_quota,
        isUnlimited: false,
        softLimitUnits: null,
        hardLimitUnits: null,
      });
    }
    const client = await directory.keyClient(account.id);
    const usage = await client.getTokenUsage(signal);
    if (!usage.ok && usage.error.code === 'unsupported') return await readByBilling(client, account, signal);
    if (!usage.ok) return usage;
    return ok(readingFromUsage(usage.value));
  } catch (error) {
    return fail(asAppError(error));
  }
}
