// The Core every feature is built on: the platform's ports and its one clock, the log, the user's language, the
// event bus and router a transport carries, a store helper for a feature's data files, the settings, the vault, the
// gateway HTTP transport and the store status — shared things, no feature logic.
import type { ZodType } from 'zod';
import type { AppMode, Language, StoreKind } from '../src-shared/contract';
import { EventBus } from './event-bus';
import { Router } from './bridge/router';
import { settingsSchema } from './features/settings/settings.schema';
import { SettingsService, DEFAULT_SETTINGS } from './features/settings/settings.service';
import { StoreStatus } from './features/app/store-status.service';
import { CriticalBudget, HttpTransport } from './gateway';
import { openBudgetStore } from './features/app/budget.store';
import type { Logger } from './log/logger';
import type { Clock, Platform } from './platform/ports';
import { ConfigStore, type Migrations } from './vault/config.store';
import { SecretStore, VAULT_FILE } from './vault/secret.store';

export interface CoreOptions {
  readonly mode: AppMode;
  readonly dataDir: string;
  readonly version: string;
  readonly log: Logger;
  readonly platform: Platform;
}

/** How a feature's data file is kept, beyond its name, schema and defaults. */
export interface CoreStoreOptions {
  /** The format version this build writes, and the migrations up to it (see ConfigStore). */
  readonly version?: number;
  readonly migrations?: Migrations;
  /** The store-status line the file's problems show under (the banner); none for a cache nobody misses. */
  readonly reportAs?: StoreKind;
  /** A large document written often (see ConfigStore). */
  readonly isLarge?: boolean;
  /** Said in the log when the file was unreadable and kept aside (the default names the file). */
  readonly corruptNote?: string;
}

export interface Core extends CoreOptions {
  /** The platform's one clock: every timer, timestamp and schedule in main reads it. */
  readonly clock: Clock;
  readonly events: EventBus;
  readonly router: Router;
  /** Every data file's problems at start, in one status the renderer shows as a banner. */
  readonly storeStatus: StoreStatus;
  readonly settings: SettingsService;
  readonly vault: SecretStore;
  readonly transport: HttpTransport;
  /** The language the user sees: their choice, else the system's. For words main writes itself (tray, dialogs). */
  language(): Language;
  /** One data file of a feature: `<name>.json` in the data folder, validated, versioned, kept aside when damaged. */
  store<T extends object>(name: string, schema: ZodType<T>, defaults: T, options?: CoreStoreOptions): ConfigStore<T>;
}

/** The UI language when the user has not picked one: the system's, by the same rule as the renderer. */
export function systemLanguage(): Language {
  const tag = Intl.DateTimeFormat().resolvedOptions().locale;
  return tag.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { log, dataDir, platform } = options;
  const { clock } = platform;
  const events = new EventBus();
  const storeStatus = new StoreStatus(log.child('stores'));
  const store = <T extends object>(
    name: string,
    schema: ZodType<T>,
    defaults: T,
    more: CoreStoreOptions = {},
  ): ConfigStore<T> =>
    new ConfigStore<T>({
      engine: platform.storeEngine,
      dataDir,
      name,
      schema,
      defaults,
      ...(more.version === undefined ? {} : { version: more.version }),
      ...(more.migrations ? { migrations: more.migrations } : {}),
      ...(more.isLarge ? { isLarge: true } : {}),
      onCorrupt: (keptAt, reason) => {
        log.warn(more.corruptNote ?? `${name} file was unreadable; kept aside and started from defaults`, {
          keptAt,
          reason,
        });
      },
      ...(more.reportAs ? { onReport: storeStatus.reporter(more.reportAs, `${name}.json`) } : {}),
      now: () => clock.now(),
    });
  const settingsStore = store('settings', settingsSchema, DEFAULT_SETTINGS, {
    reportAs: 'settings',
    corruptNote: 'settings file was unreadable; kept aside and started from defaults',
  });
  // Secrets sealed by the best cipher the platform offers (the OS keychain where there is one, a passphrase otherwise); the rest lives in config stores.
  const vault = await SecretStore.open({
    engine: platform.storeEngine,
    dataDir,
    sources: { safeStorage: platform.safeStorage, keyring: platform.keyring },
    log: log.child('vault'),
    now: () => clock.now(),
    onFileReport: storeStatus.reporter('vault', `${VAULT_FILE}.json`),
  });
  const settings = new SettingsService(settingsStore, events);
  return {
    mode: options.mode,
    dataDir,
    version: options.version,
    log,
    platform,
    clock,
    events,
    router: new Router(log.child('router')),
    storeStatus,
    settings,
    vault,
    language: () => settings.get().language ?? systemLanguage(),
    store,
    transport: new HttpTransport({
      fetch: platform.fetch,
      clock,
      logger: log.child('http'),
      criticalBudget: new CriticalBudget({
        clock,
        store: openBudgetStore({
          engine: platform.storeEngine,
          dataDir,
          log: log.child('budget'),
          now: () => clock.now(),
        }),
        // Said in the window where the user is, before their next clicks would spend the site's whole bucket.
        onLow: (origin, low) => {
          events.emit('quota:budgetLow', { host: new URL(origin).host, ...low });
        },
      }),
    }),
  };
}
