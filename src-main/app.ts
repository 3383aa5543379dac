// Composition root shared by the Electron and browser-mode entries: adapters → services → handlers, by plain
// constructor injection. Returns the router and event bus for a transport to carry, and a dispose for quit.
import type { AppMode } from '../src-preload/contract';
import { EventBus } from './bridge/events';
import { Router } from './bridge/router';
import { registerAppHandlers } from './handlers/app.handlers';
import type { Logger } from './log/logger';
import { SettingsService, DEFAULT_SETTINGS, settingsSchema } from './services/settings.service';
import { ConfigStore } from './vault/config.store';

export interface AppOptions {
  readonly mode: AppMode;
  readonly dataDir: string;
  readonly version: string;
  readonly platform: string;
  readonly log: Logger;
}

export interface App {
  readonly router: Router;
  readonly events: EventBus;
  dispose(): Promise<void>;
}

export function createApp(options: AppOptions): App {
  const { log } = options;
  const events = new EventBus();
  const router = new Router(log.child('router'));
  const disposers: (() => Promise<void> | void)[] = [];

  const settingsStore = new ConfigStore({
    dataDir: options.dataDir,
    name: 'settings',
    schema: settingsSchema,
    defaults: DEFAULT_SETTINGS,
    onCorrupt: (keptAt, reason) => {
      log.warn('settings file was unreadable; kept aside and started from defaults', { keptAt, reason });
    },
  });
  const settings = new SettingsService(settingsStore, events);

  registerAppHandlers(
    router,
    { name: 'Keydesk', version: options.version, mode: options.mode, platform: options.platform },
    settings,
  );

  const missing = router.missingChannels();
  if (missing.length > 0) throw new Error(`Channels without a handler: ${missing.join(', ')}`);

  return {
    router,
    events,
    dispose: async () => {
      for (const dispose of disposers.reverse()) await dispose();
    },
  };
}
