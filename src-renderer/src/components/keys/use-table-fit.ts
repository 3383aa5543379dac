// The key table's size on screen: its body reaches down to the pager (no empty band below it), and one account's
// page holds the rows that fit that body (no 20 rows scrolling inside a 12-row box), until the user picks a page
// size of their own. Measured on mount, on resize and each time a page of rows is on screen.
import { computed, nextTick, onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';
import { afterPaint } from '../../composables/after-paint';
import { PAGE_SIZES, useKeysStore } from '../../stores/keys.store';

/** Above the table: top bar, toolbar, hint line and header; below: the pager and the padding. Refined on mount. */
const CHROME_GUESS = 250;
const PAGER_SPACE = 48;
const ROW_GUESS = 57;

export function useTableFit(isAll: Ref<boolean>) {
  const store = useKeysStore();
  const tableHeight = ref(Math.max(240, window.innerHeight - CHROME_GUESS));
  const isSizePicked = ref(false);
  const fitSize = ref(Math.max(5, Math.floor((window.innerHeight - CHROME_GUESS - PAGER_SPACE) / ROW_GUESS)));
  store.size = fitSize.value;
  const pageSizes = computed(() => [...new Set([fitSize.value, ...PAGE_SIZES])].sort((a, b) => a - b));
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;

  const measure = () => {
    const table = document.querySelector<HTMLElement>('[data-testid="key-table"]');
    const reserve = isAll.value ? 12 : PAGER_SPACE;
    if (!table) {
      tableHeight.value = Math.max(240, window.innerHeight - CHROME_GUESS);
      return;
    }
    // The table stays mounted, hidden, while a search matches nothing: its place is measured once it shows again.
    if (table.offsetParent === null) return;
    const header = table.querySelector<HTMLElement>('.key-table__head')?.offsetHeight ?? 40;
    const body = Math.max(200, Math.floor(window.innerHeight - table.getBoundingClientRect().top - header - reserve));
    tableHeight.value = body;
    const row = table.querySelector<HTMLElement>('[data-testid="key-row"]')?.offsetHeight || ROW_GUESS;
    const fit = Math.max(5, Math.floor(body / row));
    if (fit === fitSize.value) return;
    fitSize.value = fit;
    if (isSizePicked.value || isAll.value) return;
    store.size = fit;
    clearTimeout(resizeTimer);
    const pageThen = store.page;
    resizeTimer = setTimeout(() => {
      // The user picked a size or another page meanwhile: theirs stands (a reload to page 1 would undo the click).
      if (isSizePicked.value || store.page !== pageThen) return;
      store.page = 1;
      void store.load();
    }, 300);
  };
  /** The user picked a page size: it stays, whatever the window does. */
  const onPageSize = () => {
    isSizePicked.value = true;
    clearTimeout(resizeTimer);
    store.page = 1;
    void store.load();
  };
  // Rows tell the real row height (it depends on the width's layout): measured each time a page is on screen. A
  // changed fit reloads once; the next page measures the same and stops there. Measured once the frame showing the
  // rows is painted: read then, the layout is already done, where reading it at once forced it before the paint of
  // every keystroke's results.
  const measuring = afterPaint();

  watch(
    () => store.items,
    () => {
      if (store.items.length > 0) measuring.request(measure);
    },
    { flush: 'post' },
  );
  onMounted(() => {
    void nextTick(measure);
    window.addEventListener('resize', measure);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('resize', measure);
    clearTimeout(resizeTimer);
    measuring.cancel();
  });

  return { tableHeight, pageSizes, onPageSize };
}
