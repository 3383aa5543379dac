// A staged rollout: the release workflow sets `stagingPercentage` in the signed feed, and each install takes part
// or not by a random number of its own drawn once (kept in updates.json), the way electron-updater decides with its
// `.updaterId`: an install in 10 % stays in as the rollout widens, and never flips between checks.
import { randomBytes } from 'node:crypto';

/** 16 random bytes in hex: this install's place in every rollout. */
export function newRolloutId(): string {
  return randomBytes(16).toString('hex');
}

export const ROLLOUT_ID = /^[0-9a-f]{32}$/;

/** Whether this install is offered a release rolled out to `percentage` % (null: to everyone). */
export function isInRollout(rolloutId: string, percentage: number | null): boolean {
  if (percentage === null || percentage >= 100) return true;
  if (percentage <= 0) return false;
  // The last 4 bytes as a fraction of 2^32 - 1, as electron-updater reads its id.
  const draw = Number.parseInt(rolloutId.slice(-8), 16) / 0xffffffff;
  return draw < percentage / 100;
}
