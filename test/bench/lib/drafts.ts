// Account drafts for the benchmark seeds: the three credential kinds against one emulator, mixed in a fixed order.
import type { AccountDraft, AccountKind } from '../../../src-shared/contract';
import { PASSWORD, keyIdOf, keyValueOf, tokenOf, usernameOf } from './seed';

export interface GatewayUrls {
  readonly base_url: string;
  readonly api_url: string;
}

export function draftFor(gw: GatewayUrls, userId: number, kind: AccountKind): AccountDraft {
  const common = { label: `${kind}-${userId}`, baseUrl: gw.base_url, apiUrl: gw.api_url };
  switch (kind) {
    case 'password':
      return { ...common, credential: { kind, username: usernameOf(userId), password: PASSWORD, remember: true } };
    case 'access_token':
      return { ...common, credential: { kind, accessToken: tokenOf(userId), userId } };
    case 'api_key':
      return { ...common, credential: { kind, apiKey: `sk-${keyValueOf(userId, keyIdOf(userId, 0))}` } };
  }
}

/** Kinds in rotation: password, access token, watched key, … (a third of each). */
export const mixedKind = (index: number): AccountKind =>
  (['password', 'access_token', 'api_key'] as const)[index % 3] ?? 'password';
