// A deterministic clock for the quota scheduler: timers run only when a test advances time, in due order, with
// pending promise callbacks flushed after each; `sleep` jumps time without firing, like a suspended machine.
import type { SchedulerClock } from '../../../../src-main/features/quota/scheduler';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly fn: () => void;
}

/** Lets every queued promise callback run (no timers, no wall clock involved). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class FakeClock implements SchedulerClock {
  t: number;
  #seq = 0;
  readonly #timers = new Map<number, Timer>();

  constructor(
    start = 1_780_000_000_000,
    private readonly rand: () => number = () => 0.5,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }
  random(): number {
    return this.rand();
  }
  setTimer(ms: number, fn: () => void): unknown {
    const seq = ++this.#seq;
    this.#timers.set(seq, { at: this.t + Math.max(0, ms), seq, fn });
    return seq;
  }
  clearTimer(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  get pending(): number {
    return this.#timers.size;
  }

  /** Runs every timer due up to `target` in order, then sets the time to `target`. */
  async advanceTo(target: number): Promise<void> {
    await flush();
    for (;;) {
      let next: Timer | undefined;
      for (const timer of this.#timers.values()) {
        if (timer.at <= target && (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq))) {
          next = timer;
        }
      }
      if (!next) break;
      this.#timers.delete(next.seq);
      this.t = Math.max(this.t, next.at);
      next.fn();
      await flush();
    }
    this.t = Math.max(this.t, target);
    await flush();
  }

  advance(ms: number): Promise<void> {
    return this.advanceTo(this.t + ms);
  }

  /** The machine sleeps: time jumps, nothing fires until the next advance (then every overdue timer fires). */
  sleep(ms: number): void {
    this.t += ms;
  }
}

/** A seeded PRNG (mulberry32) so property runs replay exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
