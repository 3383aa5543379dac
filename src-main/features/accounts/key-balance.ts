// A watched key's balance in one shape, however the site gives it: key usage (GET /api/usage/token/, current
// servers) or the billing endpoints (early new-api, one-api). The sign-in check and every quota poll map it here,
// so the balance a new key shows at once is exactly the one its polls show after.
import type { KeyBalance, TokenUsage } from '../../gateway';

export interface BalanceReading {
  readonly remainingUnits: number | null;
  readonly usedUnits: number | null;
  readonly isUnlimited: boolean;
  readonly softLimitUnits: number | null;
  readonly hardLimitUnits: number | null;
}

/** Key usage carries no billing limits: a poll adds them from the billing endpoints, the sign-in leaves them out. */
export function readingFromUsage(
  usage: TokenUsage,
  limits: Pick<BalanceReading, 'softLimitUnits' | 'hardLimitUnits'> = { softLimitUnits: null, hardLimitUnits: null },
): BalanceReading {
  return {
    remainingUnits: usage.unlimited_quota ? null : usage.total_available,
    usedUnits: usage.total_used,
    isUnlimited: usage.unlimited_quota,
    ...limits,
  };
}

/** The billing endpoints: total granted = hard limit, used, remaining = their difference. */
export function readingFromBilling({ remaining, usedUnits, limits }: KeyBalance): BalanceReading {
  return {
    remainingUnits: remaining.kind === 'unlimited' ? null : remaining.units,
    usedUnits,
    isUnlimited: remaining.kind === 'unlimited',
    softLimitUnits: limits.soft.kind === 'limited' ? limits.soft.units : null,
    hardLimitUnits: limits.hard.kind === 'limited' ? limits.hard.units : null,
  };
}
