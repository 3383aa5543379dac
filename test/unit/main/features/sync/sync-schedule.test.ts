// When sync runs by itself: changes close together make one run, a change during a run makes one more after it,
// failures wait longer each time (30 s doubling, at most 15 min), and success returns to the regular interval.
import { describe, expect, it } from 'vitest';
import { SyncSchedule } from '../../../../../src-main/features/sync/sync-schedule';
import { FakeClock, flush } from '../../../../support/fake-clock';

function setup(results: boolean[]) {
  const clock = new FakeClock({ start: 0 });
  const runs: number[] = [];
  const reasons: string[] = [];
  let release: (() => void) | null = null;
  const schedule = new SyncSchedule(
    clock,
    async (reason) => {
      runs.push(clock.now());
      reasons.push(reason);
      if (results.length === 0) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return true;
      }
      return results.shift() ?? true;
    },
    { debounceMs: 3_000, intervalMs: 600_000, firstRetryMs: 30_000, maxRetryMs: 900_000 },
  );
  return { clock, runs, reasons, schedule, release: () => release?.() };
}

describe('SyncSchedule', () => {
  it('makes one run of changes close together, and keeps the regular run at its time', async () => {
    const { clock, runs, schedule } = setup([true, true]);
    schedule.start(600_000);
    schedule.changed();
    await clock.advance(1_000);
    schedule.changed();
    await clock.advance(10_000);
    expect(runs).toEqual([3_000]);
    expect(schedule.nextRunAt).toBe(600_000);
  });

  it('tells a run started by local changes alone from one the timer or a click started', async () => {
    const { clock, reasons, schedule } = setup([true, true, true]);
    schedule.start(600_000);
    schedule.changed();
    await clock.advance(3_000); // the change alone: the interval run is still planned after it
    await clock.advance(600_000); // the interval
    await schedule.now();
    expect(reasons).toEqual(['change', 'other', 'other']);
  });

  it('backs off after failures and returns to the interval after a success', async () => {
    const { clock, runs, schedule } = setup([false, false, false, true, true]);
    schedule.start(0);
    await clock.advance(0);
    await clock.advance(30_000);
    await clock.advance(60_000);
    await clock.advance(120_000);
    expect(runs).toEqual([0, 30_000, 90_000, 210_000]);
    expect(schedule.nextRunAt).toBe(810_000);
  });

  it('a change during a run makes one more run after it, never two at once', async () => {
    const { clock, runs, schedule, release } = setup([]);
    const first = schedule.now();
    await flush();
    schedule.changed();
    schedule.changed();
    expect(runs).toHaveLength(1);
    release();
    await first;
    expect(schedule.nextRunAt).toBe(3_000);
    await clock.advance(3_000);
    expect(runs).toEqual([0, 3_000]);
    schedule.stop();
  });
});
