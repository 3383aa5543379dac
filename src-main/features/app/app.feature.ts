// The app feature: what Keydesk is (app:info) and the data files' problems found at start.
import type { Core } from '../../core';
import type { Feature } from '../feature';
import { registerAppHandlers } from './app.handlers';
import { registerStoreStatusHandlers } from './store-status.handlers';

export function createAppFeature(core: Core): Feature {
  return {
    register: (router) => {
      registerStoreStatusHandlers(router, core.storeStatus);
      registerAppHandlers(router, {
        name: 'Keydesk',
        version: core.version,
        mode: core.mode,
        platform: core.platform.os,
      });
    },
    dispose: () => undefined,
  };
}
