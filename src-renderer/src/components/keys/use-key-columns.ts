// The key table's columns as they stand: the box's width (watched), the account column's width (measured from the
// labels of the accounts listed), the layout that leaves the name its room, and the columns and grid of that layout.
// The rule is key-columns.ts; this holds the state it reads.
import { computed, onBeforeUnmount, onMounted, ref, type Ref } from 'vue';
import type { KeyView } from '../../../../src-shared/contract';
import type { KeyCells } from './key-cells';
import {
  accountColumnWidth,
  gridTemplate,
  keyColumns,
  stateColumnWidth,
  tableLayout,
  type ColumnTitles,
} from './key-columns';
import { textWidth } from './key-row';

/** The last width a key table had: the next one starts from it (the window rarely changed in between). */
let lastBoxWidth = Number.POSITIVE_INFINITY;

export interface KeyColumnsOptions {
  readonly box: Readonly<Ref<HTMLElement | null>>;
  readonly items: () => readonly KeyView[];
  readonly showAccount: () => boolean;
  readonly accountLabel: (id: string) => string;
  readonly hasHealthMarks: () => boolean;
  readonly titles: () => ColumnTitles;
  readonly cells: KeyCells;
  /** Called whenever the box is resized (a revealed key may wrap to another height). */
  readonly onResize: () => void;
}

export function useKeyColumns(options: KeyColumnsOptions) {
  const { box } = options;
  // The width the ResizeObserver reports before the first paint; until then the width a table had last time (read at
  // once, it would force a layout in the middle of the keystroke that brought the rows).
  const boxWidth = ref(lastBoxWidth);
  let observer: ResizeObserver | null = null;
  onMounted(() => {
    if (!box.value) return;
    observer = new ResizeObserver(([entry]) => {
      // Hidden while a search matches nothing, the box reports no width: the width it will show at is the last one.
      if (entry && entry.contentRect.width > 0) boxWidth.value = lastBoxWidth = entry.contentRect.width;
      options.onResize();
    });
    observer.observe(box.value);
  });
  onBeforeUnmount(() => observer?.disconnect());

  /** The accounts the rows belong to: a few ids, however many rows (a search's new rows usually leave them as they are). */
  const rowAccounts = computed<readonly string[]>((before) => {
    const ids = new Set<string>();
    for (const k of options.items()) ids.add(k.accountId);
    // The same accounts as before keep the same array, so the column is not measured again.
    return before?.length === ids.size && before.every((id) => ids.has(id)) ? before : [...ids];
  });
  const accountWidth = computed(() => {
    if (!options.showAccount()) return 0;
    let widest = 0;
    for (const label of new Set(rowAccounts.value.map((id) => options.accountLabel(id))))
      widest = Math.max(widest, textWidth(label, box.value));
    return accountColumnWidth(widest);
  });
  const stateWidth = computed(() => stateColumnWidth(options.hasHealthMarks()));
  const layout = computed(() => tableLayout(boxWidth.value, stateWidth.value, accountWidth.value));

  const columns = computed(() =>
    keyColumns(
      {
        layout: layout.value,
        showAccount: options.showAccount(),
        accountWidth: accountWidth.value,
        stateWidth: stateWidth.value,
        titles: options.titles(),
      },
      options.cells,
    ),
  );
  const grid = computed(() => gridTemplate(columns.value));

  return { layout, columns, grid };
}
