// Why a key may not call /v1, and how each era says so (TokenAuth → ValidateUserToken; profile switch
// `keyRefusals`, sources in profiles.ts and README.md). Exhaustion is checked only where a call needs quota.
import { apiError, oneApiError } from './http';
import type { GatewayState, KeyRec } from './state';

/** The cause, in the order ValidateUserToken tests them: the stored status first, then the clock and the quota. */
export type KeyFault =
  | { readonly cause: 'unknown' }
  | { readonly cause: 'disabled' | 'expired' }
  | { readonly cause: 'exhausted'; readonly isComputed: boolean };

export function keyFault(
  state: GatewayState,
  k: KeyRec | undefined,
  checksQuota: boolean,
): KeyFault | 'user_disabled' | undefined {
  if (!k) return { cause: 'unknown' };
  state.refresh(k);
  // The spec profile keeps its own order (disabled before exhausted); real servers test status 4 first.
  if (state.profile.keyRefusals !== 'spec' && k.status === 4) return { cause: 'exhausted', isComputed: false };
  if (k.status === 2) return { cause: 'disabled' };
  if (k.status === 4) return { cause: 'exhausted', isComputed: false };
  if (k.status === 3 || state.isExpired(k)) return { cause: 'expired' };
  if (state.userOf(k).status !== 1) return 'user_disabled';
  if (checksQuota && state.isExhausted(k)) {
    // Without Redis the servers write status 4 as they refuse (token.SelectUpdate): the list says so from then on.
    if (state.profile.keyRefusals !== 'spec') k.status = 4;
    return { cause: 'exhausted', isComputed: true };
  }
  return undefined;
}

/** `sk-abc***xyz`: how early new-api quotes an exhausted key back (three characters each side). */
const quoted = (key: string) => `sk-${key.slice(0, 3)}***${key.slice(-3)}`;

/** The era's refusal of a /v1 call for `fault` (HTTP 401 everywhere). */
export function keyRefusalResponse(state: GatewayState, k: KeyRec | undefined, fault: KeyFault): Response {
  switch (state.profile.keyRefusals) {
    case 'spec':
      return apiError(401, SPEC_WORDS[fault.cause], 'invalid_api_key');
    case 'invalid-only':
      return apiError(401, 'Invalid token', '');
    case 'per-state':
      return apiError(401, perStateWords(k, fault), '');
    case 'one-api':
      return oneApiError(401, oneApiWords(k, fault));
  }
}

const SPEC_WORDS: Record<KeyFault['cause'], string> = {
  unknown: 'invalid token',
  disabled: 'token has been disabled',
  expired: 'token has expired',
  exhausted: 'token quota is exhausted',
};

function perStateWords(k: KeyRec | undefined, fault: KeyFault): string {
  switch (fault.cause) {
    case 'unknown':
      return '无效的令牌';
    case 'disabled':
      return '该令牌状态不可用';
    case 'expired':
      return '该令牌已过期';
    case 'exhausted': {
      const key = k?.key ?? '';
      return fault.isComputed
        ? `[${quoted(key)}] 该令牌额度已用尽 !token.UnlimitedQuota && token.RemainQuota = ${String(k?.remain_quota ?? 0)}`
        : `该令牌额度已用尽 TokenStatusExhausted[${quoted(key)}]`;
    }
  }
}

function oneApiWords(k: KeyRec | undefined, fault: KeyFault): string {
  switch (fault.cause) {
    case 'unknown':
      return '无效的令牌';
    case 'disabled':
      return '该令牌状态不可用';
    case 'expired':
      return '该令牌已过期';
    case 'exhausted':
      return fault.isComputed ? '该令牌额度已用尽' : `令牌 ${k?.name ?? ''}（#${String(k?.id ?? 0)}）额度已用尽`;
  }
}
