// A fake SchedulerClock for the quota monitor: virtual time that only moves when the benchmark advances it, and a
// seeded PRNG, so a simulated hour runs in seconds while the gateway requests themselves stay real (loopback HTTP).
import type { SchedulerClock } from '../../../src-main/features/quota/scheduler';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly callback: () => void;
}

/** mulberry32: small, fast, repeatable. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export class FakeClock implements SchedulerClock {
  #now: number;
  #seq = 0;
  readonly #timers = new Map<number, Timer>();
  readonly random: () => number;

  constructor(
    start: number,
    seed: number,
    /** Waits until the real work a timer started (HTTP requests) has settled. */
    private readonly settle: () => Promise<void>,
  ) {
    this.#now = start;
    this.random = prng(seed);
  }

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, callback: () => void): unknown {
    const seq = ++this.#seq;
    this.#timers.set(seq, { at: this.#now + Math.max(0, ms), seq, callback });
    return seq;
  }

  clearTimer(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  /** Moves time to `until`, firing due timers in order and letting their requests finish before moving on. */
  async advanceTo(until: number, maxFirings = 1_000_000): Promise<void> {
    for (let fired = 0; fired < maxFirings; fired += 1) {
      let next: Timer | undefined;
      for (const timer of this.#timers.values()) {
        if (
          timer.at <= until &&
          (next === undefined || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq))
        )
          next = timer;
      }
      if (next === undefined) break;
      this.#timers.delete(next.seq);
      this.#now = Math.max(this.#now, next.at);
      next.callback();
      await this.settle();
    }
    this.#now = Math.max(this.#now, until);
    await this.settle();
  }
}
