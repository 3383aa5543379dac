// Times cross two units in Keydesk: the gateways speak Unix seconds (expired_time, plan ends, created_time), while
// JavaScript dates and the alerts main keeps speak epoch milliseconds. Seconds become milliseconds here and nowhere
// else, so no caller has to remember which one a number is.

/** Epoch milliseconds of a Unix time in seconds. */
export function msFromUnixSeconds(unixSec: number): number {
  return unixSec * 1000;
}

/**
 * An end time that may have been stored in either unit (alerts written before the units were kept apart held
 * seconds): anything below this is read as seconds. As milliseconds it would be a moment in January 1973.
 */
const LATEST_SECONDS = 100_000_000_000;

/** Epoch milliseconds of a stored time that may be seconds (see LATEST_SECONDS). */
export function msFromStoredTime(value: number): number {
  return Math.abs(value) < LATEST_SECONDS ? msFromUnixSeconds(value) : value;
}
