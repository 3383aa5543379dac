// The first listing of All keys, asked for while Keydesk is still starting. When it opens on All keys, each account's
// first page goes out as soon as the accounts are known, instead of after the view's code has loaded and mounted (most
// of a second later on a slow machine). The view's first load takes these answers rather than asking again and reads
// the rest of each list from there; answers not taken within a few seconds are dropped, so a later visit never shows
// an old list.
import type { AccountView, KeyListChunk, Result } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

const FRESH_MS = 5_000;

let askedAt = 0;
const pending = new Map<string, Promise<Result<KeyListChunk>>>();

/** The accounts whose keys Keydesk lists: a watched API key alone has no key list to read; a disabled one is left. */
export const listsKeys = (a: Pick<AccountView, 'kind' | 'isDisabled'>): boolean =>
  a.kind !== 'api_key' && !a.isDisabled;

/** Asks main for the first page of each account's whole key list now; the view's first load of All keys takes it. */
export function prefetchKeyLists(accountIds: readonly string[], now = Date.now()): void {
  pending.clear();
  askedAt = now;
  for (const accountId of accountIds) pending.set(accountId, keydesk.keys.listChunk({ accountId, from: null }));
}

/** The first page asked for at start for this account, once, while still fresh; undefined means ask now. */
export function takePrefetchedFirstPage(
  accountId: string,
  now = Date.now(),
): Promise<Result<KeyListChunk>> | undefined {
  const answer = pending.get(accountId);
  pending.delete(accountId);
  return answer !== undefined && now - askedAt <= FRESH_MS ? answer : undefined;
}

/** Drops what no load took (the view listed other accounts, or none). */
export function dropPrefetchedLists(): void {
  pending.clear();
}
