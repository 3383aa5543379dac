// Injectable clock of the emulator: Unix seconds that tests can freeze, set and advance.
// Real timers (latency, hangs) do not use it; only gateway time (expiry, propagation, logs) does.

export interface ClockOptions {
  /** Start time in Unix seconds; default: the real time at start. */
  now?: number;
  /** A frozen clock only moves when set or advanced; default: frozen when `now` is given. */
  frozen?: boolean;
}

export class Clock {
  private base: number;
  private ref: number;
  private isFrozen: boolean;

  constructor(options: ClockOptions = {}) {
    this.base = options.now ?? Date.now() / 1000;
    this.ref = performance.now();
    this.isFrozen = options.frozen ?? options.now !== undefined;
  }

  /** Current time in whole Unix seconds. */
  now(): number {
    return Math.floor(this.exact());
  }

  set(seconds: number, frozen?: boolean): void {
    this.base = seconds;
    this.ref = performance.now();
    if (frozen !== undefined) this.isFrozen = frozen;
  }

  advance(seconds: number): void {
    this.set(this.exact() + seconds);
  }

  get frozen(): boolean {
    return this.isFrozen;
  }

  private exact(): number {
    return this.isFrozen ? this.base : this.base + (performance.now() - this.ref) / 1000;
  }
}
