// Copies secrets to the system clipboard and takes them back: after a delay, and on quit, the clipboard is cleared
// if (and only if) it still holds what we put there, so a user's later copy is never wiped.
import type { ClipboardPort } from '../../platform/ports';

/** Runs fn once after ms and answers its cancel; built on the platform Clock (whose timers never hold the process). */
export type Schedule = (fn: () => void, ms: number) => () => void;

export const CLIPBOARD_CLEAR_MS = 30_000;

export class ClipboardGuard {
  #held: string | null = null;
  #cancel: (() => void) | null = null;

  constructor(
    private readonly port: ClipboardPort,
    private readonly now: () => number,
    private readonly delayMs: number,
    private readonly schedule: Schedule,
  ) {}

  get isAvailable(): boolean {
    return this.port.isAvailable;
  }

  /** Writes the text; returns when (epoch ms) it will be cleared if still there. */
  copy(text: string): number {
    this.#cancel?.();
    this.port.writeText(text);
    this.#held = text;
    this.#cancel = this.schedule(() => {
      this.clearIfOurs();
    }, this.delayMs);
    return this.now() + this.delayMs;
  }

  /** Clears the clipboard if it still holds our text; forgets the text either way. */
  clearIfOurs(): void {
    this.#cancel?.();
    this.#cancel = null;
    const held = this.#held;
    this.#held = null;
    if (held === null || !this.port.isAvailable) return;
    if (this.port.readText() === held) this.port.clear();
  }

  /** On quit. */
  dispose(): void {
    this.clearIfOurs();
  }
}
