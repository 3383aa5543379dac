// A cap per key per day is judged on what fresh reads saw spent: a key tracked for minutes is already past a cap it
// has spent past, while a gap, a reset or a stale read adds nothing to the day.
import { describe, expect, it } from 'vitest';
import { CALM, addRead, stepRunaway, type SpendRing } from '../../../../../src-main/features/spend/spend-rules';

const FIVE_MIN = 5 * 60_000;
const T0 = 1_800_000_000_000;
const CAP = 500_000;

function ringOf(reads: readonly (number | null)[]): { ring: SpendRing; lastAt: number } {
  let ring: SpendRing = [];
  let at = T0;
  for (const used of reads) {
    at += FIVE_MIN;
    ring = addRead(ring, { at, usedUnits: used });
  }
  return { ring, lastAt: at };
}

describe('daily cap', () => {
  it('fires on the second read when fresh reads saw the cap spent (no baseline, a day far from covered)', () => {
    const { ring, lastAt } = ringOf([1_000, 1_000 + CAP]);
    expect(stepRunaway(CALM, ring, lastAt, CAP).fired).toMatchObject({
      episode: 1,
      reason: 'daily_cap',
      daySpendUnits: CAP,
    });
  });

  it('does not fire just under the cap, nor without one', () => {
    const { ring, lastAt } = ringOf([1_000, CAP]);
    expect(stepRunaway(CALM, ring, lastAt, CAP).fired).toBeNull();
    const over = ringOf([1_000, 1_000 + CAP]);
    expect(stepRunaway(CALM, over.ring, over.lastAt, null).fired).toBeNull();
  });

  it('counts nothing across a failed read or a reset', () => {
    // The used quota jumped across a gap (unknown when), then went down (a refill): neither is spend seen.
    const { ring, lastAt } = ringOf([1_000, null, 1_000 + 2 * CAP, 10, 20]);
    expect(stepRunaway(CALM, ring, lastAt, CAP).fired).toBeNull();
  });

  it('ends the episode once a known hour is calm and the day under a raised cap; a later overrun is a second one', () => {
    const first = ringOf([0, CAP]);
    const fired = stepRunaway(CALM, first.ring, first.lastAt, CAP);
    expect(fired.fired?.episode).toBe(1);
    // An hour of reads with nothing spent: until it is covered, the unknown hour keeps the episode open.
    let ring = first.ring;
    let state = fired.state;
    let at = first.lastAt;
    for (let i = 0; i < 13; i += 1) {
      at += FIVE_MIN;
      ring = addRead(ring, { at, usedUnits: CAP });
      state = stepRunaway(state, ring, at, 10 * CAP).state;
      if (i < 7) expect(state.episodeStart).not.toBeNull(); // 45 minutes of the hour are covered at i = 7
    }
    expect(state.episodeStart).toBeNull();
    at += FIVE_MIN;
    ring = addRead(ring, { at, usedUnits: 11 * CAP });
    expect(stepRunaway(state, ring, at, 10 * CAP).fired?.episode).toBe(2);
  });
});
