// A hybrid logical clock: each record version is (wall time in ms, a counter, the writing device). Versions are
// totally ordered, stay close to real time, and still move forward when a device's clock is behind the others'.
// Pure.

export interface Version {
  /** Milliseconds since the epoch, as the writing device's clock (and every version it had seen) put it. */
  readonly wall: number;
  readonly counter: number;
  /** The writing device's id (a UUID): breaks ties, and names who wrote it. */
  readonly device: string;
}

/** The largest counter a version may carry (four bytes in a record's header). */
const MAX_COUNTER = 0xffff_ffff;

export function compareVersions(a: Version, b: Version): number {
  if (a.wall !== b.wall) return a.wall < b.wall ? -1 : 1;
  if (a.counter !== b.counter) return a.counter < b.counter ? -1 : 1;
  return a.device === b.device ? 0 : a.device < b.device ? -1 : 1;
}

export const isSameVersion = (a: Version | null, b: Version | null): boolean =>
  a === null || b === null ? a === b : compareVersions(a, b) === 0;

export const newestOf = (a: Version, b: Version): Version => (compareVersions(a, b) >= 0 ? a : b);

export const versionText = (v: Version): string => `${v.wall}.${v.counter}.${v.device}`;

export function parseVersion(text: string): Version | null {
  const match = /^(\d{1,16})\.(\d{1,10})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) return null;
  const wall = Number(match[1]);
  const counter = Number(match[2]);
  if (!Number.isSafeInteger(wall) || counter > MAX_COUNTER) return null;
  return { wall, counter, device: match[3] as string };
}

/**
 * The next version this device writes: later than every version it has seen (`latest`) and than its clock. A clock
 * far ahead on another device moves ours forward through the counter, never backwards.
 */
export function nextVersion(latest: Version | null, now: number, device: string): Version {
  if (latest === null || now > latest.wall) return { wall: now, counter: 0, device };
  if (latest.counter >= MAX_COUNTER) return { wall: latest.wall + 1, counter: 0, device };
  return { wall: latest.wall, counter: latest.counter + 1, device };
}
