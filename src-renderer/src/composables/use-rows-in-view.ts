// A list's rows built as they come into view: the rows a window can show first, more a page at a time as a spacer
// standing in for the rest nears the scrolled box's edge, and all of them once focus enters the list (a keyboard
// user tabs through every row, seen or not). Rows never scrolled to are never built.
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue';

/** Where the sidebar's account list starts, at most: brand, the three section links, the heading and the total. */
export const SIDEBAR_ROWS_TOP_PX = 200;
/** An account row's height, at least: the label line, the balance meter and their padding. */
export const SIDEBAR_ROW_MIN_PX = 56;

/** The rows a window `viewportHeight` px high can show below `topPx`, counted generously; at least one. */
export function rowsInView(viewportHeight: number, topPx: number, rowMinPx: number): number {
  if (!Number.isFinite(viewportHeight) || viewportHeight <= topPx) return 1;
  return Math.ceil((viewportHeight - topPx) / rowMinPx);
}

export interface RowsInView {
  /** How many rows to build (the rest are stood in for by the spacer). */
  readonly built: Ref<number>;
  /** Builds every row: focus entered the list. */
  readonly buildAll: () => void;
}

/**
 * `root` is the scrolled box, `spacer` the element after the built rows standing in for the rest. Where the browser
 * has no IntersectionObserver every row is built at once.
 */
export function useRowsInView(options: {
  readonly first: number;
  readonly page: number;
  readonly root: Ref<HTMLElement | null>;
  readonly spacer: Ref<HTMLElement | null>;
}): RowsInView {
  const built = ref(options.first);
  const buildAll = (): void => {
    built.value = Number.POSITIVE_INFINITY;
  };
  let observer: IntersectionObserver | null = null;
  const watchSpacer = (): void => {
    observer?.disconnect();
    // Observing afresh reports the spacer's state now: still in view after a page was built means build another.
    if (options.spacer.value !== null && built.value !== Number.POSITIVE_INFINITY)
      observer?.observe(options.spacer.value);
  };
  onMounted(() => {
    if (typeof IntersectionObserver !== 'function') {
      buildAll();
      return;
    }
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) built.value += options.page;
      },
      // A row's height early, so a row is there by the time it scrolls in.
      { root: options.root.value, rootMargin: '0px 0px 128px 0px' },
    );
    watchSpacer();
  });
  watch([built, options.spacer], watchSpacer, { flush: 'post' });
  onBeforeUnmount(() => {
    observer?.disconnect();
    observer = null;
  });
  return { built, buildAll };
}
