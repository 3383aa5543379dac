// What every feature folder's `<domain>.feature.ts` factory returns, and how a feature is built (read this before
// adding one).
//
// How to build a feature:
// - Name it after its channels' domain: channels `foo:list`, `foo:save` live in `src-shared/contract/foo.ts` and
//   `src-main/features/foo/` (foo.feature.ts, foo.handlers.ts, foo.schema.ts, foo.service.ts, pure modules).
// - The factory is `createFooFeature(core: Core, deps: FooDeps): FooFeature`. Core gives what every feature may use:
//   the clock (never Date.now or a default clock), the log, the user's language, the typed event bus
//   (`core.events.on('accounts:changed', ...)`), `core.store(name, schema, defaults)` for a data file, the settings,
//   the vault, the HTTP transport and the platform's ports. `deps` names the other features' services it uses, as
//   narrow types (`Pick<KeysService, 'listAll'>`); tests build the factory on `testCore` with fakes for those.
// - Expected failures are values (`Result`); a feature's own error class converts itself in `src-main/errors.ts`'s
//   one converter. Words the user reads are the renderer's: send a code or a reason, never English.
// - `register(router)` adds its handlers (zod-checked input); `dispose()` stops every timer and listener it started.
// - Add it to the list in `src-main/app.ts`; the app refuses to start while a contract channel has no handler.
import type { Router } from '../bridge/router';

export interface Feature {
  /** Registers the feature's handlers, each channel once (the router refuses a second registration). */
  register(router: Router): void;
  /** Stops what the feature started; called once on quit, after the app's calls in flight have finished. */
  dispose(): Promise<void> | void;
}
