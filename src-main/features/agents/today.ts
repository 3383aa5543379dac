// "Today" for an agent's question about spend: from local midnight, in the machine's own time zone (where the user is).

/** Epoch ms of the local midnight that begins the day `now` falls in. */
export function localMidnight(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}
