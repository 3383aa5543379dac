// The key's spend chart: reads inside the last 24 hours become polyline segments scaled to the box, a failed read or
// a gap longer than 15 minutes breaks the line, and nothing read draws nothing (never a flat zero).
import { describe, expect, it } from 'vitest';
import { chartLines } from '../../../../../src-renderer/src/components/keys/spend-chart';

const NOW = 1_800_000_000_000;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('chartLines', () => {
  it('scales the reads of the day into the box, oldest left, most used at the top', () => {
    const lines = chartLines(
      [
        [NOW - DAY, 1_000],
        [NOW - DAY + 5 * MIN, 2_000],
        [NOW - DAY + 10 * MIN, 3_000],
      ],
      NOW,
      240,
      60,
    );
    expect(lines).toEqual({ segments: ['0,60 0.8,30 1.7,0'], minUnits: 1_000, maxUnits: 3_000 });
  });

  it('breaks the line at a failed read and at a gap longer than 15 minutes', () => {
    const lines = chartLines(
      [
        [NOW - 60 * MIN, 0],
        [NOW - 55 * MIN, 10],
        [NOW - 50 * MIN, null],
        [NOW - 45 * MIN, 20],
        [NOW - 40 * MIN, 30],
        [NOW - 10 * MIN, 40],
      ],
      NOW,
      DAY / MIN,
      40,
    );
    expect(lines.segments).toHaveLength(3);
    expect(lines.segments.map((s) => s.split(' ').length)).toEqual([2, 2, 1]);
  });

  it('leaves out reads older than a day and draws nothing when nothing is known', () => {
    expect(chartLines([[NOW - DAY - 1, 5]], NOW, 100, 40)).toEqual({ segments: [], minUnits: null, maxUnits: null });
    expect(chartLines([[NOW - MIN, null]], NOW, 100, 40)).toEqual({ segments: [], minUnits: null, maxUnits: null });
  });

  it('draws a key that spent nothing as a flat line in the middle, not at zero height', () => {
    const lines = chartLines(
      [
        [NOW - 10 * MIN, 7],
        [NOW - 5 * MIN, 7],
      ],
      NOW,
      288,
      40,
    );
    expect(lines.segments).toEqual(['286,20 287,20']);
  });

  it('joins a run of equal reads however long, from the window’s edge where it started before the day', () => {
    const lines = chartLines(
      [
        [NOW - 2 * DAY, 500],
        [NOW - DAY / 2, 500, 1],
        [NOW - DAY / 2 + 5 * MIN, 1_500],
        [NOW, 1_500, 1],
      ],
      NOW,
      240,
      60,
    );
    expect(lines).toEqual({ segments: ['0,60 120,60 120.8,0 240,0'], minUnits: 500, maxUnits: 1_500 });
  });
});
