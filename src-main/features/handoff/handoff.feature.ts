// The "Use this key in…" feature: its service on the sources (accounts, keys, key secrets) and sinks (clipboard
// guard, secret-file sink, link opener) it is given; register(router) wires its channels, dispose() forgets the keys
// it read (the clipboard guard belongs to the keys feature, which clears it on quit).
import type { Router } from '../../bridge/router';
import type { Logger } from '../../log/logger';
import { registerHandoffHandlers } from './handoff.handlers';
import { HandoffService, type HandoffSinks, type HandoffSources } from './handoff.service';

export interface HandoffFeatureOptions {
  readonly sources: HandoffSources;
  readonly sinks: HandoffSinks;
  readonly log?: Logger;
}

export function createHandoffFeature(options: HandoffFeatureOptions) {
  const service = new HandoffService(options.sources, options.sinks, options.log);
  return {
    service,
    register(router: Router): void {
      registerHandoffHandlers(router, service);
    },
    dispose(): void {
      service.dispose();
    },
  };
}
