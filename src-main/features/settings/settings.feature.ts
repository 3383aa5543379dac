// The settings feature (the settings: channels): the user's settings, read and changed through the Core's one
// SettingsService, which every feature reads and follows by its settings:changed event.
import type { Core } from '../../core';
import type { Feature } from '../feature';
import { registerSettingsHandlers } from './settings.handlers';

export function createSettingsFeature(core: Core): Feature {
  return {
    register: (router) => {
      registerSettingsHandlers(router, core.settings);
    },
    dispose: () => undefined,
  };
}
