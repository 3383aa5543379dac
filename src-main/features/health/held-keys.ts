// The keys Keydesk already holds this session, and the last record of each key a read brought. A health check uses
// only these: it never reveals a key to check it. Whole keys come from a reveal, copy, export or hand-off the user
// made, or from lists of the eras that carry whole keys (early new-api, one-api). Memory only: nothing here is written
// anywhere, and it is gone when Keydesk quits or the account is removed.
import type { KeyView } from '../../../src-shared/contract';
import { stripSkPrefix, type KeyRecord, type SearchKeyRecord } from '../../gateway';
import { registerSecret } from '../../log/redact';
import type { KeySink } from '../keys';
import { toKeyView } from '../keys/key-view';

/** More keys than any account has: the oldest entries go first beyond it, so the map stays bounded. */
export const MAX_HELD = 50_000;

const slot = (accountId: string, id: number) => `${accountId}\u0000${String(id)}`;

export class HeldKeys implements KeySink {
  readonly #keys = new Map<string, string>();
  readonly #records = new Map<string, KeyView>();

  constructor(private readonly nowSec: () => number) {}

  records(accountId: string, records: readonly (KeyRecord | SearchKeyRecord)[]): void {
    const now = this.nowSec();
    for (const record of records) {
      const at = slot(accountId, record.id);
      // Newest last: a key seen again moves to the end, so the bound drops the longest unseen.
      this.#records.delete(at);
      this.#records.set(at, toKeyView(accountId, record, now));
      if (!record.isMasked) this.fullKey(accountId, record.id, record.key);
    }
    trim(this.#records);
  }

  fullKey(accountId: string, id: number, key: string): void {
    registerSecret(stripSkPrefix(key));
    const at = slot(accountId, id);
    this.#keys.delete(at);
    this.#keys.set(at, key);
    trim(this.#keys);
  }

  /** The whole key, when Keydesk holds it this session. */
  keyOf(accountId: string, id: number): string | undefined {
    return this.#keys.get(slot(accountId, id));
  }

  /** The key as its last read showed it (state, expiry, limits), for wording a refusal the site did not explain. */
  recordOf(accountId: string, id: number): KeyView | undefined {
    return this.#records.get(slot(accountId, id));
  }

  /** Forgets every key of accounts not in `accountIds` (removed accounts, or credentials replaced). */
  keepAccounts(accountIds: ReadonlySet<string>): void {
    for (const map of [this.#keys, this.#records]) {
      for (const at of map.keys()) {
        const accountId = at.slice(0, at.indexOf('\u0000'));
        if (!accountIds.has(accountId)) map.delete(at);
      }
    }
  }

  /** Forgets one key (deleted on the site). */
  forget(accountId: string, id: number): void {
    this.#keys.delete(slot(accountId, id));
    this.#records.delete(slot(accountId, id));
  }

  get heldCount(): number {
    return this.#keys.size;
  }
}

function trim(map: Map<string, unknown>): void {
  for (const at of map.keys()) {
    if (map.size <= MAX_HELD) return;
    map.delete(at);
  }
}
