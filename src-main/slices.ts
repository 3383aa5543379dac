// Long work in main done in slices: after a few milliseconds of work the event loop gets a turn, so main keeps
// answering the window (and the local channel, and the gateways' answers) during a restore of thousands of
// accounts. A slice boundary is also where a cancel is noticed: the work stops there, before anything is written.
import type { AppError } from '../src-shared/contract';
import { AppErrorException } from './errors';

/** How long main works before it gives the event loop a turn. */
export const SLICE_MS = 8;

const turn = (): Promise<void> =>
  new Promise((resolve) => {
    setImmediate(resolve);
  });

export class Slices {
  #since = performance.now();

  constructor(
    /** Asked at each boundary; true stops the work with `cancelled`. */
    private readonly isCancelled: () => boolean = () => false,
    private readonly cancelled: AppError = { code: 'internal' },
    private readonly budgetMs = SLICE_MS,
  ) {}

  /** A boundary: gives the event loop a turn once the slice's time is spent; throws the cancel when asked. */
  async boundary(): Promise<void> {
    this.#check();
    if (performance.now() - this.#since < this.budgetMs) return;
    await turn();
    this.#since = performance.now();
    this.#check();
  }

  #check(): void {
    if (this.isCancelled()) throw new AppErrorException(this.cancelled);
  }
}
