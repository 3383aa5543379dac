// The keys store's selection on its own: rows grouped by account for the batch channels (an account id may hold a
// colon), cleared, and narrowed to the accounts still listed.
import { effectScope } from 'vue';
import { describe, expect, it } from 'vitest';
import { rowKey, useKeySelection } from '../../../../../src-renderer/src/stores/keys/key-selection';

const inScope = () => effectScope().run(useKeySelection) as ReturnType<typeof useKeySelection>;

describe('key selection', () => {
  it('groups the selected rows by account, ids as numbers, in the order chosen', () => {
    const s = inScope();
    s.selected.value = [
      rowKey({ accountId: 'a', id: 3 }),
      rowKey({ accountId: 'site:8080', id: 12 }),
      rowKey({ accountId: 'a', id: 1 }),
    ];
    expect([...s.selectionByAccount.value]).toEqual([
      ['a', [3, 1]],
      ['site:8080', [12]],
    ]);
  });

  it('keeps only the rows of the accounts still listed, and clears', () => {
    const s = inScope();
    s.selected.value = ['a:1', 'b:2', 'site:8080:3'];
    s.keepSelectedOf(new Set(['a', 'site:8080']));
    expect(s.selected.value).toEqual(['a:1', 'site:8080:3']);
    s.clearSelection();
    expect(s.selected.value).toEqual([]);
    expect(s.selectionByAccount.value.size).toBe(0);
  });
});
