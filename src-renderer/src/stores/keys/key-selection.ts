// The keys store's selection: the rows chosen for a batch (by row key, across accounts in All keys), grouped by
// account for the batch channels, and the row of the key just created, highlighted.
import { computed, ref } from 'vue';
import type { KeyView } from '../../../../src-shared/contract';

/** A row's key across accounts: ids are only unique within an account. */
export const rowKey = (k: Pick<KeyView, 'accountId' | 'id'>): string => `${k.accountId}:${k.id}`;

/** The account of a row key: everything before its last colon (an account id may hold one itself). */
const accountOf = (key: string): string => key.slice(0, key.lastIndexOf(':'));

export function useKeySelection() {
  const selected = ref<readonly string[]>([]);
  const highlighted = ref<string | null>(null);

  /** Selected rows grouped by account (batch channels take one account). */
  const selectionByAccount = computed(() => {
    const map = new Map<string, number[]>();
    for (const key of selected.value) {
      const account = accountOf(key);
      map.set(account, [...(map.get(account) ?? []), Number(key.slice(account.length + 1))]);
    }
    return map;
  });

  const clearSelection = (): void => {
    selected.value = [];
  };
  /** Only the selected rows of these accounts stay selected (the others left the list). */
  const keepSelectedOf = (accounts: ReadonlySet<string>): void => {
    selected.value = selected.value.filter((key) => accounts.has(accountOf(key)));
  };

  return { selected, highlighted, selectionByAccount, clearSelection, keepSelectedOf };
}
