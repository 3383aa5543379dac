// A document store that holds writes for a moment and then writes the last one: for caches that change on every
// poll (balances, their history), where each write to disk is a whole file, its .bak and four fsyncs.
import type { Clock, TimerHandle } from '../platform/ports';
import type { DocumentStore } from './config.store';

export interface WriteBehindOptions {
  readonly clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  /** How long a write may wait for later ones: what a crash (not a quit) can lose of the file. */
  readonly delayMs: number;
  /** A write that failed on the timer (disk full, the folder gone): nobody is waiting for it to throw. */
  readonly onError: (error: unknown) => void;
}

export class WriteBehindStore<T> implements DocumentStore<T> {
  #pending: { readonly value: T } | null = null;
  /** The armed timer, if any (a handle may be any value, so it is boxed). */
  #timer: { readonly handle: TimerHandle } | null = null;

  constructor(
    private readonly inner: DocumentStore<T>,
    private readonly options: WriteBehindOptions,
  ) {}

  /** What was last written, on disk or not yet. */
  read(): T {
    return this.#pending === null ? this.inner.read() : this.#pending.value;
  }

  /** Kept in memory; the first write of a quiet spell arms the one timer, later ones ride on it. */
  write(value: T): void {
    this.#pending = { value };
    this.#timer ??= {
      handle: this.options.clock.setTimer(this.options.delayMs, () => {
        this.#timer = null;
        this.#flushReporting();
      }),
    };
  }

  /** Writes what waits, now (on quit, or when a change must not be lost to a crash). Throws as the inner store does. */
  flush(): void {
    if (this.#timer !== null) this.options.clock.clearTimer(this.#timer.handle);
    this.#timer = null;
    const pending = this.#pending;
    if (pending === null) return;
    this.inner.write(pending.value);
    this.#pending = null;
  }

  /** The file as it is after what waits is written, so putting it back cannot resurrect an older value. */
  checkpoint(): () => void {
    this.flush();
    return this.inner.checkpoint?.() ?? (() => undefined);
  }

  /** Flushes; a failure is reported, and the value stays pending for the next write or flush to try again. */
  dispose(): void {
    this.#flushReporting();
  }

  #flushReporting(): void {
    try {
      this.flush();
    } catch (error) {
      this.options.onError(error);
    }
  }
}
