// When sync runs by itself: a few seconds after a local change (changes close together make one run), on a timer,
// and after a failure again with a growing wait (30 s doubling to 15 min) so a server that is away is not hammered.
// Runs never overlap; a change during a run makes one more run after it. Timers come from the clock port.
import type { Clock, TimerHandle } from '../../platform/ports';

export interface ScheduleOptions {
  /** Wait after a local change before running; default 3 s. */
  readonly debounceMs?: number;
  /** Between regular runs; default 10 min. */
  readonly intervalMs?: number;
  readonly firstRetryMs?: number;
  readonly maxRetryMs?: number;
}

export class SyncSchedule {
  #timer: { readonly handle: TimerHandle } | null = null;
  #dueAt: number | null = null;
  #running: Promise<void> | null = null;
  #isRerunAsked = false;
  /** Whether the planned run was asked for by a local change (it may turn out to have nothing to send). */
  #isForChangeOnly = false;
  /** The regular or retry run a change's run was brought in front of: planned again after it. */
  #displacedAt: number | null = null;
  #failures = 0;
  #isStopped = false;

  constructor(
    private readonly clock: Pick<Clock, 'now' | 'setTimer' | 'clearTimer'>,
    /** One run (`change`: started by a local change alone, which may turn out to be nothing to send); true when it went well. */
    private readonly task: (reason: 'change' | 'other') => Promise<boolean>,
    private readonly options: ScheduleOptions = {},
  ) {}

  get nextRunAt(): number | null {
    return this.#dueAt;
  }

  /** A local change: run soon (a pending later run is brought forward, an earlier one kept). */
  changed(): void {
    if (this.#running !== null) {
      this.#isRerunAsked = true;
      return;
    }
    this.#plan(this.options.debounceMs ?? 3_000, true, true);
  }

  /** Runs now (or after the run in progress) and resolves when that run is over. */
  async now(): Promise<void> {
    if (this.#running !== null) await this.#running;
    await this.#start();
  }

  /** Starts the regular timer (after setup, or at start). */
  start(delayMs = 0): void {
    this.#isStopped = false;
    this.#plan(delayMs, false);
  }

  stop(): void {
    this.#isStopped = true;
    this.#clear();
  }

  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  #plan(ms: number, isSoonerOnly: boolean, isForChange = false): void {
    if (this.#isStopped) return;
    const at = this.clock.now() + ms;
    if (isSoonerOnly && this.#dueAt !== null && this.#dueAt <= at) return;
    const displaced = isForChange && !this.#isForChangeOnly ? this.#dueAt : this.#displacedAt;
    this.#clear();
    this.#isForChangeOnly = isForChange;
    this.#displacedAt = isForChange ? displaced : null;
    this.#dueAt = at;
    this.#timer = {
      handle: this.clock.setTimer(ms, () => {
        this.#timer = null;
        this.#dueAt = null;
        void this.#start(this.#isForChangeOnly ? 'change' : 'other');
      }),
    };
  }

  #clear(): void {
    if (this.#timer !== null) this.clock.clearTimer(this.#timer.handle);
    this.#timer = null;
    this.#dueAt = null;
    this.#isForChangeOnly = false;
  }

  #start(reason: 'change' | 'other' = 'other'): Promise<void> {
    this.#clear();
    this.#isRerunAsked = false;
    const run = (async () => {
      let isOk = false;
      try {
        isOk = await this.task(reason);
      } catch {
        isOk = false;
      }
      this.#running = null;
      this.#failures = isOk ? 0 : this.#failures + 1;
      const displaced = this.#displacedAt;
      this.#displacedAt = null;
      if (this.#isRerunAsked) {
        this.#plan(this.options.debounceMs ?? 3_000, true, true);
      } else if (isOk && reason === 'change' && displaced !== null) {
        // The regular run keeps its time: a change's run may not have looked at the server at all.
        this.#plan(Math.max(0, displaced - this.clock.now()), false);
      } else if (isOk) {
        this.#plan(this.options.intervalMs ?? 10 * 60_000, false);
      } else {
        const first = this.options.firstRetryMs ?? 30_000;
        const wait = Math.min(first * 2 ** (this.#failures - 1), this.options.maxRetryMs ?? 15 * 60_000);
        this.#plan(wait, false);
      }
    })();
    this.#running = run;
    return run;
  }
}
