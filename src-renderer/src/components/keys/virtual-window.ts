// The key table's virtual window as plain arithmetic: which rows of a long list are drawn for a scroll position, where
// the window sits, how tall the whole list is. Rows are one height; only the revealed key's row, its key wrapping, is
// taller by an amount the table measures. use-virtual-window.ts holds the state that feeds it.

/** Every row's height (the two-line quota meter needs it); only a revealed key, wrapping, makes its row taller. */
export const ROW_HEIGHT = 57;
export const HEADER_HEIGHT = 40;
/** Rows kept beyond each edge of the window, so a fast scroll does not show blank space for a frame. */
export const OVERSCAN = 3;

/** Where a row starts in the list: rows after the revealed one move down by how much taller it is. */
export const offsetOf = (index: number, revealedIndex: number, revealedExtra: number): number =>
  index * ROW_HEIGHT + (revealedIndex >= 0 && index > revealedIndex ? revealedExtra : 0);

/** How many row components the window keeps: a screenful, the margins, and one partly shown row. */
export const poolSize = (maxHeight: number): number => Math.ceil(maxHeight / ROW_HEIGHT) + 2 * OVERSCAN + 1;

/** The row at the top of the visible list for a scroll position (the header scrolls with the rows' box). */
export function topIndex(scrollTop: number, revealedIndex: number, revealedExtra: number): number {
  const y = Math.max(0, scrollTop - HEADER_HEIGHT);
  const index = Math.floor(y / ROW_HEIGHT);
  return revealedIndex >= 0 && index > revealedIndex
    ? Math.max(revealedIndex, Math.floor((y - revealedExtra) / ROW_HEIGHT))
    : index;
}

/** The first row the window holds: the margin above the top row, never past the end of the list. */
export const windowStart = (top: number, count: number, pool: number): number =>
  Math.max(0, Math.min(top - OVERSCAN, count - pool));

/**
 * The rows drawn, [start, end). A fresh list (a search's answer, a load) draws only the rows on screen in its first
 * frame, so the keystroke that brought it is painted sooner; the margins follow once that frame is painted.
 */
export function drawnRange(
  start: number,
  top: number,
  count: number,
  maxHeight: number,
  isFresh: boolean,
): { readonly start: number; readonly end: number } {
  const end = Math.min(count, start + poolSize(maxHeight));
  if (!isFresh) return { start, end };
  const onScreen = Math.ceil(maxHeight / ROW_HEIGHT) + 1;
  const first = Math.max(start, Math.min(top, count - onScreen));
  return { start: first, end: Math.min(end, first + onScreen) };
}
