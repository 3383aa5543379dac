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

/**
 * Key usage: its grant is the key's limit. new-api's billing subscription answers soft = hard = remaining + used of
 * the key (controller/billing.go GetSubscription @ 12b3f9ad), which is key usage's own total_granted
 * (controller/token.go GetTokenUsage @ 0533f389: RemainQuota + UsedQuota), here already in units. So the sign-in
 * check and every poll name the limit from the one answer. Before, the limits came from a billing read the sign-in
 * left out, and a watched key added showed "not set" beside the site's grant until its first poll, which on a host
 * with several watched keys could be half an hour later. (With DisplayTokenStatEnabled off, billing even answers
 * the account's grant, not the key's.)
 */
export function readingFromUsage(usage: TokenUsage): BalanceReading {
  const limit = usage.unlimited_quota ? null : usage.total_granted;
  return {
    remainingUnits: usage.unlimited_quota ? null : usage.total_available,
    usedUnits: usage.total_used,
    isUnlimited: usage.unlimited_quota,
    softLimitUnits: limit,
    hardLimitUnits: limit,
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
