// The stored form of a spend ring: exact both ways, short, and a damaged or hostile string is refused, never read
// as spend.
import { describe, expect, it } from 'vitest';
import { decodeRing, encodeRing, isStoredRing, lastReadAt } from '../../../../../src-main/features/spend/ring-codec';
import { MAX_STORED_VALUE, addRead, type SpendRing } from '../../../../../src-main/features/spend/spend-rules';

const START = 1_700_000_000_000;
const FIVE_MIN = 5 * 60_000;

/** A busy key's day: 300 reads five minutes apart, a few thousand units spent at each. */
function busyDay(): SpendRing {
  let ring: SpendRing = [];
  for (let i = 0; i < 300; i++) ring = addRead(ring, { at: START + i * FIVE_MIN, usedUnits: 1_000_000 + i * 7_000 });
  return ring;
}

describe('ring codec', () => {
  it('keeps reads, gaps, held runs, resets and huge values exactly', () => {
    const ring: SpendRing = [
      [START, 5],
      [START + 1, null],
      [START + 2, MAX_STORED_VALUE],
      [START + 3, 0],
      [START + 4, 0, 1],
      [START + 5, 3],
    ];
    expect(decodeRing(encodeRing(ring))).toEqual(ring);
    expect(lastReadAt(encodeRing(ring))).toBe(START + 5);
    expect(decodeRing('')).toEqual([]);
    expect(lastReadAt('')).toBeNull();
  });

  it('holds a busy key’s day in well under half of what flat numbers took as JSON', () => {
    const ring = busyDay();
    const stored = encodeRing(ring);
    expect(ring).toHaveLength(300);
    expect(isStoredRing(stored, 300)).toBe(true);
    expect(isStoredRing(stored, 299)).toBe(false);
    const flatJson = JSON.stringify(ring.flatMap(([at, used]) => [at, used ?? -1]));
    expect(stored.length).toBeLessThan(flatJson.length / 2);
  });

  it('refuses what it did not write', () => {
    const stored = encodeRing([
      [START, 5],
      [START + 1, 6],
    ]);
    expect(isStoredRing('a+b/', 300)).toBe(false); // not base64url
    expect(isStoredRing(stored.slice(0, -2), 300)).toBe(false); // cut mid-read
    // A held read without a value: time step odd (held), used step 0 (gap).
    expect(isStoredRing(Buffer.from([3, 0]).toString('base64url'), 300)).toBe(false);
    // A varint that never ends, and one past the values kept.
    expect(isStoredRing(Buffer.alloc(40, 0xff).toString('base64url'), 300)).toBe(false);
    expect(decodeRing(Buffer.alloc(40, 0xff).toString('base64url'))).toEqual([]);
  });

  it('never stores a value it could not give back', () => {
    expect(() => encodeRing([[START, 1.5]])).toThrow(RangeError);
    expect(() => encodeRing([[START, 2 ** 60]])).toThrow(RangeError);
    // From a server, such a used quota is a gap, not a read.
    expect(addRead([], { at: START, usedUnits: 2 ** 60 })).toEqual([[START, null]]);
    expect(addRead([], { at: START, usedUnits: 0.5 })).toEqual([[START, null]]);
  });
});
