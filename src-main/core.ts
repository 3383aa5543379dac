// The Core every feature is built on: the platform's ports, the log, the event bus and router a transport carries,
// the settings, the vault, the gateway HTTP transport and the store status — shared things, no feature logic.
import type { AppMode } from '../src-shared/contract';
import { EventBus } from './bridge/events';
import { Router } from './bridge/router';
import { SettingsService, DEFAULT_SETTINGS, settingsSchema } from './features/app/settings.service';
import { StoreStatus } from './features/app/store-status.service';
import { CriticalBudget, HttpTransport } from './gateway';
import { openBudgetStore } from './features/app/budget.store';
import type { Logger } from './log/logger';
import type { Platform } from './platform/ports';
import { ConfigStore } from './vault/config.store';
import { SecretStore, VAULT_FILE } from './vault/secret.store';

export interface CoreOptions {
  readonly mode: AppMode;
  readonly dataDir: string;
  readonly version: string;
  readonly log: Logger;
  readonly platform: Platform;
}

export interface Core extends CoreOptions {
  readonly events: EventBus;
  readonly router: Router;
  /** Every data file's problems at start, in one status the renderer shows as a banner. */
  readonly storeStatus: StoreStatus;
  readonly settings: SettingsService;
  readonly vault: SecretStore;
  readonly transport: HttpTransport;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { log, dataDir, platform } = options;
  const events = new EventBus();
  const storeStatus = new StoreStatus(log.child('stores'));
  const settingsStore = new ConfigStore({
    engine: platform.storeEngine,
    dataDir,
    name: 'settings',
    schema: settingsSchema,
    defaults: DEFAULT_SETTINGS,
    onCorrupt: (keptAt, reason) => {
      log.warn('settings file was unreadable; kept aside and started from defaults', { keptAt, reason });
    },
    onReport: storeStatus.reporter('settings', 'settings.json'),
  });
  // Secrets sealed by the best cipher the platform offers (issue 5); the rest lives in config stores.
  const vault = await SecretStore.open({
    engine: platform.storeEngine,
    dataDir,
    sources: { safeStorage: platform.safeStorage, keyring: platform.keyring },
    log: log.child('vault'),
    onFileReport: storeStatus.reporter('vault', `${VAULT_FILE}.json`),
  });
  return {
    mode: options.mode,
    dataDir,
    version: options.version,
    log,
    platform,
    events,
    router: new Router(log.child('router')),
    storeStatus,
    settings: new SettingsService(settingsStore, events),
    vault,
    transport: new HttpTransport({
      fetch: platform.fetch,
      clock: platform.clock,
      logger: log.child('http'),
      criticalBudget: new CriticalBudget({
        clock: platform.clock,
        store: openBudgetStore({ engine: platform.storeEngine, dataDir, log: log.child('budget') }),
        // Said in the window where the user is, before their next clicks would spend the site's whole bucket.
        onLow: (origin, low) => {
          events.emit('quota:budgetLow', { host: new URL(origin).host, ...low });
        },
      }),
    }),
  };
}
