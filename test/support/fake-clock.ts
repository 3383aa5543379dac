// The one fake clock of the tests: virtual time that moves only when a test moves it, the whole of the platform's
// Clock (each part of main takes its slice of it). Sleeps, timers and repeating timers share one queue, fired in due
// order by fireNext, advance or advanceTo.
import type { Clock } from '../../src-main/platform/ports';

interface Timer {
  readonly at: number;
  readonly seq: number;
  readonly fire: () => void;
}

/** Lets every queued promise callback run (no timers, no wall clock involved). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A seeded PRNG (mulberry32) so property runs and benchmarks replay exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface FakeClockOptions {
  /** Milliseconds since the epoch at the start; 0 unless the test needs a real-looking date. */
  readonly start?: number;
  /** Where random() draws from; without it, `randoms` in turn. */
  readonly random?: () => number;
  /** Awaited after each timer advanceTo fires (default: one turn of the event loop). */
  readonly settle?: () => Promise<void>;
}

export class FakeClock implements Clock {
  /** The virtual time (epoch ms); a test may set it directly: moving it fires nothing. */
  time: number;
  /** Values random() returns in turn, the last one repeating (when no generator was given). */
  randoms: number[] = [0.5];
  /** Every sleep asked for, in order (deadlines included). */
  readonly sleeps: number[] = [];
  #seq = 0;
  readonly #timers = new Map<number, Timer>();
  readonly #random: (() => number) | undefined;
  readonly #settle: () => Promise<void>;

  constructor(options: FakeClockOptions = {}) {
    this.time = options.start ?? 0;
    this.#random = options.random;
    this.#settle = options.settle ?? flush;
  }

  now(): number {
    return this.time;
  }

  random(): number {
    if (this.#random) return this.#random();
    return this.randoms.length > 1 ? (this.randoms.shift() ?? 0) : (this.randoms[0] ?? 0);
  }

  setTimer(ms: number, callback: () => void): unknown {
    return this.#add(ms, callback);
  }

  clearTimer(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** A repeating timer on the same queue: each firing schedules the next, until stopped. */
  every(ms: number, callback: () => void): () => void {
    let handle: unknown = null;
    let isStopped = false;
    const tick = (): void => {
      if (isStopped) return;
      handle = this.#add(ms, tick);
      callback();
    };
    handle = this.#add(ms, tick);
    return () => {
      isStopped = true;
      this.clearTimer(handle);
    };
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason as Error);
        return;
      }
      const seq = this.#add(ms, resolve);
      signal?.addEventListener(
        'abort',
        () => {
          this.#timers.delete(seq);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  }

  /** Timers and sleeps not fired yet. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Fires the earliest pending timer or sleep, moving time to it; false when there is none. */
  fireNext(): boolean {
    const next = this.#earliest(Infinity);
    if (!next) return false;
    this.#fire(next);
    return true;
  }

  /** Runs every timer due up to `target` in order, settling after each, then sets the time to `target`. */
  async advanceTo(target: number, maxFirings = 1_000_000): Promise<void> {
    await this.#settle();
    for (let fired = 0; fired < maxFirings; fired += 1) {
      const next = this.#earliest(target);
      if (!next) break;
      this.#fire(next);
      await this.#settle();
    }
    this.time = Math.max(this.time, target);
    await this.#settle();
  }

  advance(ms: number): Promise<void> {
    return this.advanceTo(this.time + ms);
  }

  /** The machine is suspended: time jumps, nothing fires until the next advance (then every overdue timer does). */
  suspend(ms: number): void {
    this.time += ms;
  }

  #add(ms: number, fire: () => void): number {
    const seq = ++this.#seq;
    this.#timers.set(seq, { at: this.time + Math.max(0, ms), seq, fire });
    return seq;
  }

  #earliest(until: number): Timer | undefined {
    let next: Timer | undefined;
    for (const timer of this.#timers.values()) {
      if (timer.at <= until && (!next || timer.at < next.at || (timer.at === next.at && timer.seq < next.seq))) {
        next = timer;
      }
    }
    return next;
  }

  #fire(timer: Timer): void {
    this.#timers.delete(timer.seq);
    this.time = Math.max(this.time, timer.at);
    timer.fire();
  }
}
