// The exports feature: every file Keydesk writes with full keys in it (key exports, hand-off snippets) goes through
// its recording sinks, so Settings can list and delete them; the setting's days are swept at start and then hourly.
import type { Core } from '../../core';
import type { SecretFileSinkPort } from '../../platform/ports';
import type { Feature } from '../feature';
import { registerExportsHandlers } from './exports.handlers';
import { EMPTY_EXPORTS, ExportsService, exportsDocumentSchema } from './exports.service';

const SWEEP_EVERY_MS = 60 * 60_000;
/** The first sweep waits for start-up's own work. */
const FIRST_SWEEP_MS = 60_000;

export interface ExportsFeature extends Feature {
  readonly service: ExportsService;
  /** The platform's secret-file sink, recording each file written: for key exports and for saved snippets. */
  readonly sinks: { readonly keys: SecretFileSinkPort; readonly snippets: SecretFileSinkPort };
}

export function createExportsFeature(core: Core): ExportsFeature {
  const { platform, log } = core;
  const service = new ExportsService({
    store: core.store('exports', exportsDocumentSchema, EMPTY_EXPORTS, {
      reportAs: 'cache',
      corruptNote: 'the list of files with full keys was unreadable; kept aside, the list starts empty',
    }),
    now: () => platform.clock.now(),
    log: log.child('exports'),
    keepDays: () => core.settings.get().deleteExportsAfterDays,
  });
  const sweep = (): void => {
    void service.sweep();
  };
  const first = platform.clock.setTimer(FIRST_SWEEP_MS, sweep);
  const stopEvery = platform.clock.every(SWEEP_EVERY_MS, sweep);
  // A shorter keeping time takes effect at once, not at the next hour.
  const stopSettings = core.events.on('settings:changed', () => {
    sweep();
  });
  return {
    service,
    sinks: {
      keys: service.recording(platform.secretFiles, 'keys'),
      snippets: service.recording(platform.secretFiles, 'snippet'),
    },
    register: (router) => {
      registerExportsHandlers(router, service);
    },
    dispose: () => {
      platform.clock.clearTimer(first);
      stopEvery();
      stopSettings();
    },
  };
}
