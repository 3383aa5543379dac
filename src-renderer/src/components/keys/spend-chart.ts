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

type Read = readonly [number, number | null] | readonly [number, number, 1];

export function chartLines(reads: readonly Read[], now: number, width: number, height: number): ChartLines {
  const from = now - DAY_MS;
  // A run that started before the window enters it at its held value: drawn from the window's left edge.
  const points: (readonly [number, number | null, boolean])[] = [];
  let before: Read | undefined;
  for (const read of reads) {
    const [at, used] = read;
    const isHeld = read.length === 3;
    if (at > now) break;
    if (at >= from) {
      if (isHeld && before !== undefined && before[0] < from) points.push([from, used, false]);
      points.push([at, used, isHeld]);
    }
    before = read;
  }
  const values = points.flatMap(([, used]) => (used === null ? [] : [used]));
  if (values.length === 0) return { segments: [], minUnits: null, maxUnits: null };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const x = (at: number) => Math.round(((at - from) / DAY_MS) * width * 10) / 10;
  const y = (used: number) =>
    max === min ? height / 2 : Math.round((1 - (used - min) / (max - min)) * height * 10) / 10;
  const segments: string[] = [];
  let current: string[] = [];
  let previousAt: number | null = null;
  for (const [at, used, isHeld] of points) {
    const isJoined = previousAt !== null && (isHeld || at - previousAt <= JOIN_GAP_MS);
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
