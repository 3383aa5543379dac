// The key table's window of rows on screen: the scroll position, the revealed row's measured extra height, and the
// rows drawn, each on a slot of a fixed pool so a row that scrolls out takes the next key that scrolls in (its DOM
// stays, only text and attributes change). The arithmetic is virtual-window.ts; this holds the state it reads.
import { computed, onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';
import { afterPaint } from '../../composables/after-paint';
import { drawnRange, offsetOf, poolSize, ROW_HEIGHT, topIndex, windowStart } from './virtual-window';

export interface WindowRow<T> {
  /** The row component's place in the pool: it keeps its component and DOM for the next key. */
  readonly slot: number;
  readonly index: number;
  readonly item: T;
}

export interface VirtualWindowOptions<T> {
  readonly items: () => readonly T[];
  /** The rows' visible height (without the header). */
  readonly maxHeight: () => number;
  /** The revealed key's row, -1 for none. */
  readonly revealedIndex: Readonly<Ref<number>>;
  /** The revealed key's text: a new one may wrap to another height, measured again. */
  readonly revealedText: () => string | undefined;
  /** The class the table gives the revealed row, to find it among the rows drawn. */
  readonly revealedClass: string;
}

export function useVirtualWindow<T>(options: VirtualWindowOptions<T>) {
  const { items, maxHeight, revealedIndex } = options;
  const scroller = ref<HTMLElement | null>(null);
  const scrollTop = ref(0);
  const onScroll = () => {
    scrollTop.value = scroller.value?.scrollTop ?? 0;
  };
  /** How much taller than the others the revealed key's wrapped row is (measured). */
  const revealedExtra = ref(0);
  const offset = (index: number) => offsetOf(index, revealedIndex.value, revealedExtra.value);
  const pool = computed(() => poolSize(maxHeight()));
  const top = computed(() => topIndex(scrollTop.value, revealedIndex.value, revealedExtra.value));
  const start = computed(() => windowStart(top.value, items().length, pool.value));

  /**
   * A new list (a search's answer, a load) is drawn in two steps: the frame after it shows the rows on screen, and the
   * rows kept beyond the edges follow once that frame is painted. The keystroke that brought the answer is painted
   * sooner, and scrolling, which keeps the list, keeps its margin.
   */
  const isFresh = ref(true);
  const settle = afterPaint();
  const settleAfterPaint = () => {
    settle.request(() => (isFresh.value = false));
  };
  watch(items, () => {
    isFresh.value = true;
    settleAfterPaint();
  });
  onMounted(settleAfterPaint);
  onBeforeUnmount(settle.cancel);

  /**
   * The rows drawn, each keyed by its slot in the pool. Rows the list does not need are unmounted, not kept hidden: a
   * hidden copy of a key's name or state would still be found by whoever searches the page for it.
   */
  const rows = computed(() => {
    const list = items();
    const size = pool.value;
    const range = drawnRange(start.value, top.value, list.length, maxHeight(), isFresh.value);
    const out: WindowRow<T>[] = [];
    for (let index = range.start; index < range.end; index++) {
      const item = list[index];
      if (item !== undefined) out.push({ slot: index % size, index, item });
    }
    return out;
  });
  const totalHeight = computed(() => offset(items().length));

  function measureRevealed(): void {
    if (revealedIndex.value < 0) {
      revealedExtra.value = 0;
      return;
    }
    const row = scroller.value?.querySelector<HTMLElement>(`.${options.revealedClass}`);
    if (row) revealedExtra.value = Math.max(0, row.offsetHeight - ROW_HEIGHT);
  }
  watch([revealedIndex, start, options.revealedText], measureRevealed, { flush: 'post' });

  return { scroller, onScroll, rows, totalHeight, offset, start, measureRevealed };
}
