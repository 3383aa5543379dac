// Copies secrets to the system clipboard and takes them back: after a delay, and on quit, the clipboard is cleared
// if (and only if) it still holds what we put there, so a user's later copy is never wiped.
import { AppErrorException } from '../../errors';
import type { ClipboardPort } from '../../platform/ports';

/** Runs fn once after ms and answers its cancel; built on the platform Clock (whose timers never hold the process). */
export type Schedule = (fn: () => void, ms: number) => () => void;

export const CLIPBOARD_CLEAR_MS = 30_000;

export class ClipboardGuard {
  #held: string | null = null;
  #cancel: (() => void) | null = null;
  /** The write in flight: a clear waits for it, or the key would land after the clear had looked. */
  #writing: Promise<unknown> = Promise.resolve();
  /** Set on quit: nothing is copied after the last clear. */
  #isClosed = false;

  constructor(
    private readonly port: ClipboardPort,
    private readonly now: () => number,
    private readonly delayMs: number,
    private readonly schedule: Schedule,
  ) {}

  get isAvailable(): boolean {
    return this.port.isAvailable;
  }

  /** Writes the text; answers when (epoch ms) it will be cleared if still there. */
  async copy(text: string): Promise<number> {
    if (this.#isClosed) throw new AppErrorException({ code: 'unavailable', reason: 'bridge.quitting' });
    this.#cancel?.();
    // Held before the write settles, so a quit that comes meanwhile still takes it back.
    this.#held = text;
    const writing = this.port.writeText(text);
    this.#writing = writing.catch(() => undefined);
    await writing;
    this.#cancel = this.schedule(() => {
      this.clearIfOurs().catch(() => undefined);
    }, this.delayMs);
    return this.now() + this.delayMs;
  }

  /** Clears the clipboard if it still holds our text; forgets the text either way. */
  async clearIfOurs(): Promise<void> {
    this.#cancel?.();
    this.#cancel = null;
    const held = this.#held;
    this.#held = null;
    if (held === null || !this.port.isAvailable) return;
    await this.#writing;
    if ((await this.port.readText()) === held) this.port.clear();
  }

  /** On quit: the first step of the shutdown, awaited; no copy is taken after it. */
  dispose(): Promise<void> {
    this.#isClosed = true;
    return this.clearIfOurs();
  }
}
