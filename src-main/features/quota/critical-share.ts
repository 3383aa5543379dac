// A watched key's fair share of its host's critical budget: GET /api/usage/token/ spends the site's 20-per-20-minutes
// bucket, so N watched keys on one host are each polled N times less often, within what background may use.
import { CRITICAL_BUDGET_DEFAULTS } from '../../gateway/critical-budget';
import type { AccountHandle } from '../accounts/account-directory';

export interface CriticalShare {
  readonly windowMs: number;
  /** Critical requests background work may send per host per window (the budget's backgroundLimit). */
  readonly backgroundLimit: number;
}

export const DEFAULT_CRITICAL_SHARE: CriticalShare = {
  windowMs: CRITICAL_BUDGET_DEFAULTS.windowMs,
  backgroundLimit: CRITICAL_BUDGET_DEFAULTS.backgroundLimit,
};

/**
 * Left in the background share for each password account on the host: a 15-minute login token (current new-api) is
 * renewed at most twice in a 20-minute window, and that renewal happens inside a poll.
 */
const SESSION_REFRESHES_PER_WINDOW = 2;

/** The origin of a base address, or null when it is missing or not a URL (then no share applies). */
function hostOf(baseUrl: string | undefined): string | null {
  if (baseUrl === undefined) return null;
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}

/**
 * The minimum gap between two polls of `accountId` so that its host's watched keys together stay within the
 * background share: window × keys ÷ slots. 0 for accounts that do not poll a critical route (password and
 * access-token accounts read GET /api/user/self, which is outside the bucket).
 */
export function fairSpacingMs(
  accounts: readonly AccountHandle[],
  accountId: string,
  share: CriticalShare = DEFAULT_CRITICAL_SHARE,
): number {
  const account = accounts.find((a) => a.id === accountId);
  if (account?.kind !== 'api_key') return 0;
  const host = hostOf(account.baseUrl);
  if (host === null) return 0;
  const onHost = accounts.filter((a) => !a.isDisabled && hostOf(a.baseUrl) === host);
  const watched = onHost.filter((a) => a.kind === 'api_key').length;
  const sessions = onHost.filter((a) => a.kind === 'password').length;
  const slots = Math.max(1, share.backgroundLimit - sessions * SESSION_REFRESHES_PER_WINDOW);
  return Math.ceil((share.windowMs * Math.max(1, watched)) / slots);
}
