// Price changes, pure: the group ratios last seen per account against a fresh read of /api/user/self/groups. A
// change is reported only for a group one of the account's keys uses (a key of group '' is billed as the user's
// group), once, naming the old and new ratio and the affected keys. First sight of an account or a group is not a
// change; a group missing from a read (or a read that failed) keeps its last seen ratio.
import { z } from 'zod';
import type { KeyView } from '../../../src-shared/contract';
import { emptyIdRecord, entriesOf, entryOf, idRecord, idRecordOf, type IdRecord } from '../../id-record';

export interface PriceChange {
  readonly accountId: string;
  readonly group: string;
  readonly oldRatio: number;
  readonly newRatio: number;
  readonly keys: readonly { readonly id: number; readonly name: string }[];
}

// Group names come from the site and account ids from the data folder: both are keys of prototype-less records
// (id-record.ts), so a group called `constructor` or `__proto__` is remembered and compared like any other.
export const seenRatiosSchema = z.object({
  /** Account id → group name → the ratio last seen. */
  accounts: idRecord(idRecord(z.number().min(0))).default(emptyIdRecord()),
});
export type SeenRatios = z.infer<typeof seenRatiosSchema>;
export const EMPTY_SEEN_RATIOS: SeenRatios = { accounts: emptyIdRecord() };

/** Keys grouped by the group they are billed in. */
function keysByGroup(keys: readonly KeyView[], userGroup: string | null): Map<string, KeyView[]> {
  const out = new Map<string, KeyView[]>();
  for (const key of keys) {
    const group = key.group === '' ? userGroup : key.group;
    if (group === null) continue;
    out.set(group, [...(out.get(group) ?? []), key]);
  }
  return out;
}

/** The changes since the last sight, and what to remember now. */
export function diffRatios(
  accountId: string,
  seen: IdRecord<number> | undefined,
  current: ReadonlyMap<string, number>,
  keys: readonly KeyView[],
  userGroup: string | null,
): { readonly changes: PriceChange[]; readonly next: IdRecord<number> } {
  const next = idRecordOf([...(seen === undefined ? [] : entriesOf(seen)), ...current]);
  if (seen === undefined) return { changes: [], next };
  const users = keysByGroup(keys, userGroup);
  const changes: PriceChange[] = [];
  for (const [group, newRatio] of current) {
    const oldRatio = entryOf(seen, group);
    if (oldRatio === undefined || oldRatio === newRatio) continue;
    const affected = users.get(group);
    if (!affected || affected.length === 0) continue;
    changes.push({
      accountId,
      group,
      oldRatio,
      newRatio,
      keys: affected.map((k) => ({ id: k.id, name: k.name })).sort((a, b) => a.id - b.id),
    });
  }
  return { changes: changes.sort((a, b) => a.group.localeCompare(b.group)), next };
}
