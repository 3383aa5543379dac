// The runaway rule judges only a fresh read: the same ring that fires when its last read is taken now fires nothing
// when that read is old (a pass that did not happen) or unknown (a failed pass). The property tests cover random
// sequences; this pins the fresh-read check itself, with the firing case beside it as the control.
import { describe, expect, it } from 'vitest';
import { CALM, addRead, stepRunaway, type SpendRing } from '../../../../../src-main/features/spend/spend-rules';

const FIVE_MIN = 5 * 60_000;
const T0 = 1_800_000_000_000;

/** Five usual hours at 5,000 units a pass, then an hour at 20×; the last read at `T0 + n × 5 min`. */
function runawayRing(): { ring: SpendRing; lastAt: number } {
  let ring: SpendRing = [];
  let used = 0;
  let at = T0;
  for (let i = 0; i < 60 + 12; i += 1) {
    used += i < 60 ? 5_000 : 100_000;
    at += FIVE_MIN;
    ring = addRead(ring, { at, usedUnits: used });
  }
  return { ring, lastAt: at };
}

describe('runaway rule on fresh reads only', () => {
  it('fires when the last read is taken now (the control)', () => {
    const { ring, lastAt } = runawayRing();
    expect(stepRunaway(CALM, ring, lastAt, null).fired).toMatchObject({ episode: 1, reason: 'rate' });
  });

  it('fires nothing when the last read is older than now', () => {
    const { ring, lastAt } = runawayRing();
    expect(stepRunaway(CALM, ring, lastAt + 1, null)).toEqual({ state: CALM, fired: null });
    expect(stepRunaway(CALM, ring, lastAt + FIVE_MIN, null)).toEqual({ state: CALM, fired: null });
  });

  it('fires nothing when the read taken now is unknown (a failed pass)', () => {
    const { ring, lastAt } = runawayRing();
    const failed = addRead(ring, { at: lastAt + FIVE_MIN, usedUnits: null });
    expect(stepRunaway(CALM, failed, lastAt + FIVE_MIN, null)).toEqual({ state: CALM, fired: null });
  });

  it('fires nothing from a daily cap on a stale ring either', () => {
    const { ring, lastAt } = runawayRing();
    expect(stepRunaway(CALM, ring, lastAt, 1).fired).toMatchObject({ reason: 'rate' });
    expect(stepRunaway(CALM, ring, lastAt + 1, 1).fired).toBeNull();
  });
});
