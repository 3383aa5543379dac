// Semantic version parsing and precedence (semver 2.0.0, build metadata ignored): decides whether the feed's
// version is newer than the running one. Pure, so it is unit-tested.

export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Dot-separated pre-release identifiers; empty for a release. */
  readonly prerelease: readonly string[];
}

const PATTERN =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?$/;

/** null when `text` is not a semantic version (a leading `v` is accepted, as release tags carry one). */
export function parseVersion(text: string): SemVer | null {
  if (text.length > 256) return null;
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, major = '', minor = '', patch = '', pre] = match;
  const numbers = [Number(major), Number(minor), Number(patch)];
  if (!numbers.every(Number.isSafeInteger)) return null;
  return {
    major: numbers[0] ?? 0,
    minor: numbers[1] ?? 0,
    patch: numbers[2] ?? 0,
    prerelease: pre ? pre.split('.') : [],
  };
}

const isNumeric = (identifier: string): boolean => /^\d+$/.test(identifier);

function compareIdentifiers(a: string, b: string): number {
  const aNumeric = isNumeric(a);
  const bNumeric = isNumeric(b);
  if (aNumeric && bNumeric) return Math.sign(Number(a) - Number(b));
  if (aNumeric) return -1; // numeric identifiers sort before alphanumeric ones
  if (bNumeric) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative when a < b, zero when equal in precedence, positive when a > b. */
export function compareVersions(a: SemVer, b: SemVer): number {
  const core = Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) || Math.sign(a.patch - b.patch);
  if (core !== 0) return core;
  // A release is newer than any of its pre-releases.
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return Math.sign(b.prerelease.length - a.prerelease.length);
  }
  const length = Math.max(a.prerelease.length, b.prerelease.length);
  for (let index = 0; index < length; index += 1) {
    const left = a.prerelease[index];
    const right = b.prerelease[index];
    if (left === undefined) return -1;
    if (right === undefined) return 1;
    const order = compareIdentifiers(left, right);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Whether `offered` should be offered to a user running `current`: strictly newer, and a pre-release only to
 * someone already running a pre-release (a stable user is never moved onto a beta by the feed).
 */
export function isNewerOffer(current: SemVer, offered: SemVer): boolean {
  if (offered.prerelease.length > 0 && current.prerelease.length === 0) return false;
  return compareVersions(offered, current) > 0;
}
