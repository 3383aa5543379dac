// What every feature folder's `<name>.feature.ts` factory returns: its handlers' registration and its clean-up
// on quit (timers, listeners, a key still on the clipboard). app.ts registers a list of these.
import type { Router } from '../bridge/router';

export interface Feature {
  /** Registers the feature's handlers, each channel once (the router refuses a second registration). */
  register(router: Router): void;
  /** Stops what the feature started; called once on quit, in the reverse order of the list. */
  dispose(): Promise<void> | void;
}
