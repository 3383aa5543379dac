// One quota reading of an account through the account directory: the account's own balance for password and
// access-token accounts (GET /api/user/self), the key's usage and billing limits for a watched key.
import { fail, ok, type AppError, type Result } from '../../../src-preload/contract';
import { AppErrorException } from '../../bridge/router';
import type { AccountDirectory, AccountHandle } from '../account-directory';

export interface QuotaReading {
  readonly remainingUnits: number | null;
  readonly usedUnits: number | null;
  readonly isUnlimited: boolean;
  readonly softLimitUnits: number | null;
  readonly hardLimitUnits: number | null;
}

const asAppError = (error: unknown): AppError =>
  error instanceof AppErrorException ? error.appError : { code: 'internal', message: String(error) };

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
    // The usage endpoint works for any valid key; the billing limits (for the soft-limit warning) may be refused
    // for a key whose group cannot use /v1, which must not make the balance unknown.
    const [usage, limits] = await Promise.all([client.getTokenUsage(signal), client.getBillingLimits(signal)]);
    if (!usage.ok) return usage;
    const soft = limits.ok && limits.value.soft.kind === 'limited' ? limits.value.soft.units : null;
    const hard = limits.ok && limits.value.hard.kind === 'limited' ? limits.value.hard.units : null;
    return ok({
      remainingUnits: usage.value.unlimited_quota ? null : usage.value.total_available,
      usedUnits: usage.value.total_used,
      isUnlimited: usage.value.unlimited_quota,
      softLimitUnits: usage.value.unlimited_quota ? null : soft,
      hardLimitUnits: usage.value.unlimited_quota ? null : hard,
    });
  } catch (error) {
    return fail(asAppError(error));
  }
}
