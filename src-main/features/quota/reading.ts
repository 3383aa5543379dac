// One quota reading of an account through the account directory: the account's own balance for password and
// access-token accounts (GET /api/user/self), the key's usage and billing limits for a watched key.
import { fail, ok, type AppError, type Result } from '../../../src-shared/contract';
import { expectedFailure } from '../../errors';
import type { KeyClient } from '../../gateway';
import type { AccountDirectory, AccountHandle } from '../accounts/account-directory';
import { readingFromBilling, readingFromUsage, type BalanceReading } from '../accounts/key-balance';

export type QuotaReading = BalanceReading;

/** Expected failures become the reading's error; anything else goes on to the scheduler, which logs it once. */
const asAppError = (error: unknown): AppError => expectedFailure(error);

/** A watched key's billing limits as last read, and the grant they were read at. */
interface KnownLimits {
  readonly grantedUnits: number;
  readonly softLimitUnits: number | null;
  readonly hardLimitUnits: number | null;
  readonly readAt: number;
}

/** Billing limits are re-read at least this often even when the grant looks unchanged. */
const LIMITS_MAX_AGE_MS = 60 * 60_000;

/**
 * Billing limits per watched key. They are the key's total grant in yuan, so they only move when the grant does:
 * re-reading them on every refresh would double the requests a watched key costs for no new information.
 */
export class LimitsMemo {
  readonly #known = new Map<string, KnownLimits>();

  constructor(private readonly now: () => number) {}

  current(accountId: string, grantedUnits: number): KnownLimits | undefined {
    const known = this.#known.get(accountId);
    const isFresh = known !== undefined && this.now() - known.readAt < LIMITS_MAX_AGE_MS;
    return isFresh && known.grantedUnits === grantedUnits ? known : undefined;
  }

  remember(accountId: string, limits: Omit<KnownLimits, 'readAt'>): KnownLimits {
    const known = { ...limits, readAt: this.now() };
    this.#known.set(accountId, known);
    return known;
  }
}

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
  memo: LimitsMemo,
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
    const isUnlimited = usage.value.unlimited_quota;
    let limits = isUnlimited ? undefined : memo.current(account.id, usage.value.total_granted);
    if (!isUnlimited && limits === undefined) {
      // May be refused for a key whose group cannot use /v1: that must not make the balance unknown, and is not
      // remembered, so the next refresh tries again.
      const billing = await client.getBillingLimits(signal, account.units);
      if (billing.ok) {
        limits = memo.remember(account.id, {
          grantedUnits: usage.value.total_granted,
          softLimitUnits: billing.value.soft.kind === 'limited' ? billing.value.soft.units : null,
          hardLimitUnits: billing.value.hard.kind === 'limited' ? billing.value.hard.units : null,
        });
      }
    }
    return ok(
      readingFromUsage(usage.value, {
        softLimitUnits: limits?.softLimitUnits ?? null,
        hardLimitUnits: limits?.hardLimitUnits ?? null,
      }),
    );
  } catch (error) {
    return fail(asAppError(error));
  }
}
