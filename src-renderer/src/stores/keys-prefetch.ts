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
/** The answers already in, by account: a load that starts after them shows them in the same task, not a frame later. */
const answered = new Map<string, Result<KeyListChunk>>();
/** The first account's first page: the rows at the top of the list, the ones the first frame should show. */
let top: Promise<unknown> | null = null;

/** The accounts whose keys Keydesk lists: a watched API key alone has no key list to read; a disabled one is left. */
export const listsKeys = (a: Pick<AccountView, 'kind' | 'isDisabled'>): boolean =>
  a.kind !== 'api_key' && !a.isDisabled;

/** Asks main for the first page of each account's whole key list now; the view's first load of All keys takes it. */
export function prefetchKeyLists(accountIds: readonly string[], now = Date.now()): void {
  pending.clear();
  answered.clear();
  askedAt = now;
  for (const accountId of accountIds) {
    const ask = keydesk.keys.listChunk({ accountId, from: null });
    pending.set(accountId, ask);
    void ask.then(
      (r) => {
        if (pending.get(accountId) === ask) answered.set(accountId, r);
      },
      () => undefined,
    );
  }
  top = accountIds[0] === undefined ? null : (pending.get(accountIds[0]) ?? null);
}

/**
 * Resolves once the top account's first page is in (answered or failed), or after `waitMs`, whichever is first; at
 * once when nothing was asked for. The start waits on it before mounting: a view that mounts with the answer in draws
 * its rows in its first frame, while one that mounts a moment before it paints an empty table, then the rows a frame
 * or two later, after the answer has waited for the mount to finish. Bounded, so a slow gateway never holds the window.
 */
export function topFirstPage(waitMs: number): Promise<void> {
  const answer = top;
  if (answer === null) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    answer.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The first page asked for at start for this account, once, while still fresh; undefined means ask now. `ready` is
 * the answer itself when it is already in (the view's first load shows it before its first frame), else the promise.
 */
export function takePrefetchedFirstPage(
  accountId: string,
  now = Date.now(),
): { readonly ready?: Result<KeyListChunk>; readonly answer: Promise<Result<KeyListChunk>> } | undefined {
  const answer = pending.get(accountId);
  const ready = answered.get(accountId);
  pending.delete(accountId);
  answered.delete(accountId);
  if (answer === undefined || now - askedAt > FRESH_MS) return undefined;
  return ready === undefined ? { answer } : { ready, answer };
}

/** Drops what no load took (the view listed other accounts, or none). */
export function dropPrefetchedLists(): void {
  pending.clear();
  answered.clear();
  top = null;
}
