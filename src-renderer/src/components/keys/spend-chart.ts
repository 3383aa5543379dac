// The key's spend chart as numbers: its used quota over the last 24 hours as polyline segments in a box, broken
// wherever a read failed or two reads are too far apart to be joined (a gap is drawn as a gap, never as a line).

/** Two reads further apart than this are not joined (the spend rules' own limit). */
export const JOIN_GAP_MS = 15 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface ChartLines {
  /** Each segment's `points` attribute for an SVG polyline ("x,y x,y …"); a lone read is a segment of one point. */
  readonly segments: readonly string[];
  /** The lowest and highest used quota drawn, in units; null when nothing was read. */
  readonly minUnits: number | null;
  readonly maxUnits: number | null;
}

export function chartLines(
  reads: readonly (readonly [number, number | null])[],
  now: number,
  width: number,
  height: number,
): ChartLines {
  const from = now - DAY_MS;
  const known = reads.filter((r): r is readonly [number, number] => r[1] !== null && r[0] >= from && r[0] <= now);
  if (known.length === 0) return { segments: [], minUnits: null, maxUnits: null };
  const values = known.map(([, used]) => used);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const x = (at: number) => Math.round(((at - from) / DAY_MS) * width * 10) / 10;
  const y = (used: number) =>
    max === min ? height / 2 : Math.round((1 - (used - min) / (max - min)) * height * 10) / 10;
  const segments: string[] = [];
  let current: string[] = [];
  let previousAt: number | null = null;
  for (const [at, used] of reads) {
    if (at < from || at > now) continue;
    const isJoined = previousAt !== null && at - previousAt <= JOIN_GAP_MS;
    if (used === null || !isJoined) {
      if (current.length > 0) segments.push(current.join(' '));
      current = [];
    }
    if (used !== null) current.push(`${String(x(at))},${String(y(used))}`);
    previousAt = used === null ? null : at;
  }
  if (current.length > 0) segments.push(current.join(' '));
  return { segments, minUnits: min, maxUnits: max };
}
