// The key table's window arithmetic: where rows sit (the revealed row taller), which row is at the top for a scroll
// position, and which rows are drawn — every row on screen always, the margins once a fresh list has been painted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawnRange,
  HEADER_HEIGHT,
  offsetOf,
  OVERSCAN,
  poolSize,
  ROW_HEIGHT,
  topIndex,
  windowStart,
} from '../../../../../src-renderer/src/components/keys/virtual-window';

const BODY = 10 * ROW_HEIGHT;

describe('virtual window arithmetic', () => {
  it('places rows one height apart, those after the revealed row lower by its extra height', () => {
    expect(offsetOf(0, -1, 0)).toBe(0);
    expect(offsetOf(10, -1, 99)).toBe(10 * ROW_HEIGHT);
    expect(offsetOf(5, 5, 40)).toBe(5 * ROW_HEIGHT);
    expect(offsetOf(6, 5, 40)).toBe(6 * ROW_HEIGHT + 40);
  });

  it('keeps a screenful, the margins on both sides and one partly shown row', () => {
    expect(poolSize(BODY)).toBe(10 + 2 * OVERSCAN + 1);
    expect(poolSize(BODY + 1)).toBe(11 + 2 * OVERSCAN + 1);
  });

  it('finds the top row past the header, inside the revealed row while it fills the top', () => {
    expect(topIndex(0, -1, 0)).toBe(0);
    expect(topIndex(HEADER_HEIGHT - 1, -1, 0)).toBe(0);
    expect(topIndex(HEADER_HEIGHT + 1_000 * ROW_HEIGHT, -1, 0)).toBe(1_000);
    // Row 5 is 40 px taller: 10 px into row 6's usual place is still row 5.
    expect(topIndex(HEADER_HEIGHT + 6 * ROW_HEIGHT + 10, 5, 40)).toBe(5);
    expect(topIndex(HEADER_HEIGHT + 6 * ROW_HEIGHT + 40, 5, 40)).toBe(6);
  });

  it('starts the window a margin above the top row, never before the first row or past the last pool', () => {
    const pool = poolSize(BODY);
    expect(windowStart(0, 5_000, pool)).toBe(0);
    expect(windowStart(1_000, 5_000, pool)).toBe(1_000 - OVERSCAN);
    expect(windowStart(4_995, 5_000, pool)).toBe(5_000 - pool);
    expect(windowStart(2, 5, pool)).toBe(0);
  });

  it('draws the whole pool once painted, only the rows on screen while fresh', () => {
    const pool = poolSize(BODY);
    const start = windowStart(1_000, 5_000, pool);
    expect(drawnRange(start, 1_000, 5_000, BODY, false)).toEqual({ start, end: start + pool });
    expect(drawnRange(start, 1_000, 5_000, BODY, true)).toEqual({ start: 1_000, end: 1_011 });
    expect(drawnRange(0, 0, 5, BODY, true)).toEqual({ start: 0, end: 5 });
    expect(drawnRange(0, 0, 5, BODY, false)).toEqual({ start: 0, end: 5 });
  });

  it('always draws every row the scroll position shows, fresh or not, and never more than the pool', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 1, max: 40 * ROW_HEIGHT }),
        fc.nat({ max: 5_000 * ROW_HEIGHT }),
        fc.boolean(),
        (count, maxHeight, scroll, isFresh) => {
          // The scroller cannot go past the end of the list.
          const scrollTop = Math.min(scroll, Math.max(0, HEADER_HEIGHT + count * ROW_HEIGHT - maxHeight));
          const pool = poolSize(maxHeight);
          const top = topIndex(scrollTop, -1, 0);
          const range = drawnRange(windowStart(top, count, pool), top, count, maxHeight, isFresh);
          const y = Math.max(0, scrollTop - HEADER_HEIGHT);
          const firstShown = Math.floor(y / ROW_HEIGHT);
          const lastShown = Math.min(count - 1, Math.floor((y + maxHeight - 1) / ROW_HEIGHT));
          if (firstShown <= lastShown) {
            expect(range.start).toBeLessThanOrEqual(firstShown);
            expect(range.end).toBeGreaterThan(lastShown);
          }
          expect(range.end - range.start).toBeLessThanOrEqual(pool);
          expect(range.start).toBeGreaterThanOrEqual(0);
          expect(range.end).toBeLessThanOrEqual(count);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
