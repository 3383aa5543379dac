// A spend ring as stored and held between passes: one short string per key. Each read is two unsigned varints,
// base64url: its time as a step from the read before (zigzag, times two, plus one where the read closes a held
// run), then its used quota as a step from the last known value (zigzag plus one; zero is a gap). A busy key's day
// of 300 reads, five minutes and a few thousand units apart, is some 2 KB of text where 600 numbers held 4.8 KB
// and parsed from 9 KB of JSON; an idle key's is a dozen characters. The string is all a key costs in main's heap
// and in the file, and loading a day of 10,000 keys parses no number at all.
import { isStorable, type SpendEntry, type SpendRing } from './spend-rules';

export type StoredRing = string;

/** At most this many bytes per read: two varints of values under 2^53. */
const MAX_BYTES_PER_READ = 16;

const zigzag = (n: number): number => (n >= 0 ? 2 * n : -2 * n - 1);
const unzigzag = (z: number): number => (z % 2 === 0 ? z / 2 : -(z + 1) / 2);

export function encodeRing(ring: SpendRing): StoredRing {
  const bytes = new Uint8Array(ring.length * MAX_BYTES_PER_READ);
  let length = 0;
  // Arithmetic, not bit operations: the values pass 2^32.
  const put = (value: number): void => {
    let rest = value;
    while (rest >= 128) {
      bytes[length++] = (rest % 128) + 128;
      rest = Math.floor(rest / 128);
    }
    bytes[length++] = rest;
  };
  let previousAt = 0;
  let previousUsed = 0;
  for (const entry of ring) {
    const [at, used] = entry;
    if (!isStorable(at) || (used !== null && !isStorable(used))) throw new RangeError('a spend read out of range');
    put(2 * zigzag(at - previousAt) + (entry.length === 3 ? 1 : 0));
    put(used === null ? 0 : zigzag(used - previousUsed) + 1);
    previousAt = at;
    if (used !== null) previousUsed = used;
  }
  return Buffer.from(bytes.buffer, 0, length).toString('base64url');
}

/** Walks a stored ring read by read; false (and no further reads) when it is not a well-formed ring. */
function walk(stored: StoredRing, onRead: (at: number, used: number | null, isHeld: boolean) => void): boolean {
  if (!/^[A-Za-z0-9_-]*$/.test(stored)) return false;
  const bytes = Buffer.from(stored, 'base64url');
  let offset = 0;
  const take = (): number | null => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[offset++];
      if (byte === undefined || scale > 2 ** 56) return null;
      value += (byte % 128) * scale;
      if (byte < 128) return value;
      scale *= 128;
    }
  };
  let at = 0;
  let used = 0;
  while (offset < bytes.length) {
    const timeStep = take();
    const usedStep = take();
    if (timeStep === null || usedStep === null) return false;
    const isHeld = timeStep % 2 === 1;
    at += unzigzag(Math.floor(timeStep / 2));
    if (usedStep === 0 && isHeld) return false; // a held run has a value
    if (usedStep !== 0) used += unzigzag(usedStep - 1);
    if (!isStorable(at) || !isStorable(used)) return false;
    onRead(at, usedStep === 0 ? null : used, isHeld);
  }
  return true;
}

/** A stored ring's reads; empty for a malformed one (the store's schema refuses those on load). */
export function decodeRing(stored: StoredRing): SpendRing {
  const ring: SpendEntry[] = [];
  const isWellFormed = walk(stored, (at, used, isHeld) => {
    ring.push(isHeld && used !== null ? [at, used, 1] : [at, used]);
  });
  return isWellFormed ? ring : [];
}

/** Whether a string is a ring this codec wrote, of at most `maxReads` reads; nothing is kept while checking. */
export function isStoredRing(stored: StoredRing, maxReads: number): boolean {
  let reads = 0;
  const isWellFormed = walk(stored, () => {
    reads += 1;
  });
  return isWellFormed && reads <= maxReads;
}

/** The time of a stored ring's latest read, without building the ring; null when it has none. */
export function lastReadAt(stored: StoredRing): number | null {
  let last: number | null = null;
  walk(stored, (at) => {
    last = at;
  });
  return last;
}
