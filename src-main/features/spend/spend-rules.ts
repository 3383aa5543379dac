// Per-key spend, pure: a bounded ring of each key's used_quota reads (a failed or missing read is a gap, never
// zero), spend between fresh consecutive reads only (used_quota going down is a reset, not negative spend), rates
// over the last hour and day, and the runaway rule (one episode at a time, a false alarm raises the baseline).
//
// A key that spends nothing reads the same value pass after pass: such a run is kept as its first read and its
// latest, the latest marked as held since the one before it (every pass between read that same value, none more
// than MAX_READ_GAP_MS apart). An idle key so costs two entries however long it is tracked, not 300.

/** Quota units and epoch milliseconds beyond this are nonsense from a server (or a clock), never stored. */
export const MAX_STORED_VALUE = 2 ** 50;
/** A value the ring keeps exactly (and its codec writes): a safe integer of modest size. */
export const isStorable = (n: number): boolean => Number.isSafeInteger(n) && Math.abs(n) <= MAX_STORED_VALUE;

/** One read of a key's used_quota: null when the read failed or the key was missing from the list (a gap). */
export interface SpendRead {
  /** Epoch ms of the read. */
  readonly at: number;
  readonly usedUnits: number | null;
}

/** `1`: the read closes a run — every pass since the entry before it read this same value. */
export type HeldMark = 1;

/** Compact, as persisted: [at, used] pairs, used null for a gap; [at, used, 1] closes a run of equal reads. */
export type SpendEntry = readonly [number, number | null] | readonly [number, number, HeldMark];
export type SpendRing = readonly SpendEntry[];

/** 25 hours of reads at one list pass per 5 minutes: enough for the day window and the baseline. */
export const MAX_READS = 300;
/** Two reads further apart than this are not consecutive: what happened between them is unknown. */
export const MAX_READ_GAP_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** What the ring keeps: the day window and the day before the hour being judged. */
export const KEEP_MS = DAY_MS + HOUR_MS;

const isHeld = (entry: SpendEntry): boolean => entry.length === 3;

export function addRead(ring: SpendRing, given: SpendRead, isCompacting = true): SpendRing {
  // A used quota past what any server counts is not a read of it: a gap.
  const read = given.usedUnits === null || isStorable(given.usedUnits) ? given : { ...given, usedUnits: null };
  const last = ring.at(-1);
  if (!isStorable(read.at)) return ring;
  // Reads arrive in time order; one from the past (a clock step back) is not trusted.
  if (last && read.at <= last[0]) return ring;
  const isSameAsLast =
    isCompacting &&
    last !== undefined &&
    read.usedUnits !== null &&
    last[1] === read.usedUnits &&
    read.at - last[0] <= MAX_READ_GAP_MS;
  let next: SpendEntry[];
  if (isSameAsLast && isHeld(last)) next = [...ring.slice(0, -1), [read.at, read.usedUnits, 1]];
  else if (isSameAsLast) next = [...ring, [read.at, read.usedUnits, 1]];
  else next = [...ring, [read.at, read.usedUnits]];
  // Older than the window: dropped, except the entry a run kept in the window starts from.
  let first = 0;
  while (first < next.length - 1 && (next[first + 1]?.[0] ?? read.at) < read.at - KEEP_MS) first++;
  if (next.length - first > MAX_READS) first = next.length - MAX_READS;
  return first === 0 ? next : next.slice(first);
}

/** Spend in [from, to] and how much of that span fresh consecutive reads cover. */
export interface WindowSpend {
  readonly units: number;
  readonly coveredMs: number;
}

export function spendBetween(ring: SpendRing, from: number, to: number): WindowSpend {
  let units = 0;
  let coveredMs = 0;
  let previous: SpendEntry | undefined;
  for (const read of ring) {
    const before = previous;
    previous = read;
    if (before === undefined) continue;
    const [prevAt, prevUsed] = before;
    const [at, used] = read;
    if (isHeld(read)) {
      // A run of equal reads: nothing spent, and read throughout, so the part inside the window is covered.
      coveredMs += Math.max(0, Math.min(at, to) - Math.max(prevAt, from));
      continue;
    }
    if (prevAt < from || at > to) continue;
    if (prevUsed === null || used === null || at - prevAt > MAX_READ_GAP_MS) continue;
    coveredMs += at - prevAt;
    // Going down is a reset (the key was refilled or recreated): that interval's spend is unknown, not negative.
    if (used >= prevUsed) units += used - prevUsed;
  }
  return { units, coveredMs };
}

/** A window's spend, or null (unknown) when fresh reads cover less than `minCoverage` of it. */
function knownSpend(ring: SpendRing, from: number, to: number, minCoverage: number): number | null {
  const spend = spendBetween(ring, from, to);
  return spend.coveredMs >= (to - from) * minCoverage ? spend.units : null;
}

export interface SpendRates {
  /** Units spent in the last hour; null when unknown. */
  readonly lastHourUnits: number | null;
  readonly lastDayUnits: number | null;
}

export function spendRates(ring: SpendRing, now: number): SpendRates {
  return {
    lastHourUnits: knownSpend(ring, now - HOUR_MS, now, 0.75),
    // A day is known once half of it is covered (a new key, a machine asleep overnight).
    lastDayUnits: knownSpend(ring, now - DAY_MS, now, 0.5),
  };
}

/**
 * The key's usual hourly spend: the median of its known hours (each ≥ 75% covered by fresh reads) in the day before
 * `until`, so a runaway hour, this episode's or an earlier one's, does not raise its own baseline. Null with fewer
 * than 3 known hours.
 */
export function baselineHourly(ring: SpendRing, until: number): number | null {
  const hours: number[] = [];
  for (let end = until; end > until - DAY_MS; end -= HOUR_MS) {
    const hour = knownSpend(ring, end - HOUR_MS, end, 0.75);
    if (hour !== null) hours.push(hour);
  }
  if (hours.length < 3) return null;
  hours.sort((a, b) => a - b);
  const mid = Math.floor(hours.length / 2);
  const upper = hours[mid] ?? 0;
  return hours.length % 2 === 1 ? upper : ((hours[mid - 1] ?? upper) + upper) / 2;
}

/** ≥ 10× the usual rate … */
export const RUNAWAY_FACTOR = 10;
/** … and at least ¥1 in the hour (500,000 units per yuan), so a key spending pennies never alerts. */
export const MIN_RUNAWAY_HOUR_UNITS = 500_000;

/** Per key, persisted beside its ring. */
export interface RunawayState {
  /** Start of the current episode (epoch ms), null when none. */
  readonly episodeStart: number | null;
  /** Counts episodes: the alert's episodeKey carries it, so a second episode raises a second alert. */
  readonly episodes: number;
  /** A dismissed false alarm's floor under the baseline, units per hour. */
  readonly baselineFloor: number;
  /** The usual rate when the episode started (the line it is judged against until it ends). */
  readonly episodeUsual: number | null;
  /** The highest known hour of the current episode (a dismissal lifts the baseline above it). */
  readonly episodePeak: number;
}

export const CALM: RunawayState = {
  episodeStart: null,
  episodes: 0,
  baselineFloor: 0,
  episodeUsual: null,
  episodePeak: 0,
};

export interface RunawayFiring {
  readonly episode: number;
  readonly reason: 'rate' | 'daily_cap';
  readonly hourSpendUnits: number;
  readonly usualHourUnits: number | null;
  readonly daySpendUnits: number | null;
}

export interface RunawayStep {
  readonly state: RunawayState;
  readonly fired: RunawayFiring | null;
}

/**
 * One step after a list pass. Nothing changes unless the key's latest read is fresh (read at `now`, a value):
 * a failed pass, a missing key or an old ring never starts or ends an episode. An episode starts when the last
 * hour is ≥ 10× the baseline (and ≥ the minimum) or the day's known spend is past the user's cap, and ends when the
 * hour is back under half that line and the day under the cap.
 */
export function stepRunaway(
  state: RunawayState,
  ring: SpendRing,
  now: number,
  dailyCapUnits: number | null,
): RunawayStep {
  const last = ring.at(-1);
  if (!last || last[0] !== now || last[1] === null) return { state, fired: null };
  const { lastHourUnits, lastDayUnits } = spendRates(ring, now);
  // Against a cap, what fresh reads saw spent is a floor under the day's spend, however little of the day they cover:
  // past the cap on that floor is past it for certain (a key tracked for an hour can already be over its day).
  const dayFloorUnits = spendBetween(ring, now - DAY_MS, now).units;
  const isCap = dailyCapUnits !== null && dayFloorUnits >= dailyCapUnits;
  const above = (usual: number | null, factor: number): boolean =>
    lastHourUnits !== null &&
    usual !== null &&
    lastHourUnits >= MIN_RUNAWAY_HOUR_UNITS &&
    lastHourUnits >= factor * Math.max(usual, state.baselineFloor);
  if (state.episodeStart !== null) {
    // In an episode, judged against the rate it started from, with hysteresis (it ends under half the line); an
    // unknown hour keeps it open, never ends it.
    const peak = Math.max(state.episodePeak, lastHourUnits ?? 0);
    if (lastHourUnits !== null && !isCap && !above(state.episodeUsual, RUNAWAY_FACTOR / 2)) {
      return { state: { ...state, episodeStart: null, episodeUsual: null, episodePeak: 0 }, fired: null };
    }
    return { state: { ...state, episodePeak: peak }, fired: null };
  }
  // The baseline: the hours before this one, so the hour being judged is never part of its own baseline.
  const measured = baselineHourly(ring, now - HOUR_MS);
  const usual = measured === null && state.baselineFloor === 0 ? null : Math.max(measured ?? 0, state.baselineFloor);
  const isRate = above(usual, RUNAWAY_FACTOR);
  if (!isRate && !isCap) return { state, fired: null };
  const episode = state.episodes + 1;
  return {
    state: {
      ...state,
      episodeStart: now,
      episodes: episode,
      episodeUsual: usual,
      episodePeak: lastHourUnits ?? 0,
    },
    fired: {
      episode,
      reason: isRate ? 'rate' : 'daily_cap',
      hourSpendUnits: lastHourUnits ?? 0,
      usualHourUnits: usual,
      daySpendUnits: isCap ? Math.max(lastDayUnits ?? 0, dayFloorUnits) : lastDayUnits,
    },
  };
}

/** A false alarm: the baseline rises so that the same hourly spend stays under the line (with room to spare). */
export function dismissFalseAlarm(state: RunawayState, hourSpendUnits: number): RunawayState {
  const highest = Math.max(hourSpendUnits, state.episodePeak);
  return { ...state, baselineFloor: Math.max(state.baselineFloor, (highest * 1.5) / RUNAWAY_FACTOR) };
}
