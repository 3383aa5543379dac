// Composition root shared by the Electron and browser-mode entries: adapters → services → handlers, by plain
// constructor injection. Returns the router and event bus for a transport to carry, and a dispose for quit.
import type { AppMode } from '../src-shared/contract';
import { EventBus } from './bridge/events';
import { Router } from './bridge/router';
import { registerAccountInfoHandlers } from './features/account-info/account-info.handlers';
import { registerAppHandlers } from './features/app/app.handlers';
import { registerKeysHandlers } from './features/keys/keys.handlers';
import { registerQuotaHandlers } from './features/quota/quota.handlers';
import { registerSiteHandlers } from './features/money/site.handlers';
import { HttpTransport, systemClock, type FetchPort } from './gateway';
import { registerAccountsHandlers } from './features/accounts/accounts.handlers';
import type { Logger } from './log/logger';
import { exportsFolderSink, noClipboard } from './platform/node/clipboard.adapter';
import type { ClipboardPort, SecretFileSinkPort } from './platform/ports';
import type { KeyringPort, SafeStoragePort } from './platform/secret-backends';
import { ACCOUNTS_VERSION, EMPTY_ACCOUNTS, accountsDocumentSchema } from './features/accounts/account-records';
import { AccountsService } from './features/accounts/accounts.service';
import { createKeyFeatures } from './features/keys';
import { EMPTY_SITE_MONEY, SiteMoneyService, siteMoneyDocumentSchema } from './features/money/site-money.service';
import { createQuotaFeature, type QuotaFeature, type QuotaShell } from './features/quota/quota.feature';
import { SettingsService, DEFAULT_SETTINGS, settingsSchema } from './features/app/settings.service';
import { registerStoreStatusHandlers } from './features/app/store-status.handlers';
import { StoreStatus } from './features/app/store-status.service';
import { createUpdatesFeature, type UpdatesPlatform } from './features/updates/updates.feature';
import { browserModeUpdates } from './platform/node/updater.adapter';
import { ConfigStore } from './vault/config.store';
import { SecretStore, VAULT_FILE } from './vault/secret.store';

export interface AppOptions {
  readonly mode: AppMode;
  readonly dataDir: string;
  readonly version: string;
  readonly platform: string;
  readonly log: Logger;
  /** Electron's net.fetch (system proxy and certificates) or Node's fetch. */
  readonly fetch: FetchPort;
  /** The vault's OS backends: Electron's safeStorage (absent in browser mode) and the OS keyring. */
  readonly safeStorage?: SafeStoragePort | null;
  readonly keyring?: KeyringPort | null;
  /** Electron's clipboard; browser mode has none in main (keys:copy then answers `unavailable`). */
  readonly clipboard?: ClipboardPort;
  /** Electron's save dialog; browser mode writes exports into <dataDir>/exports/. */
  readonly secretFiles?: SecretFileSinkPort;
  /** Electron's tray, native notifications and power events; browser mode: in-app alerts only. */
  readonly shell?: QuotaShell;
  /** Electron: the updater of this install (issue 15); browser mode: none (updates come with the desktop app). */
  readonly updates?: UpdatesPlatform;
}

export interface App {
  readonly router: Router;
  readonly events: EventBus;
  readonly settings: SettingsService;
  readonly accounts: AccountsService;
  /** The quota monitor (focus and resume triggers from the shell). */
  readonly quota: QuotaFeature;
  dispose(): Promise<void>;
}

export async function createApp(options: AppOptions): Promise<App> {
  const { log } = options;
  const events = new EventBus();
  const router = new Router(log.child('router'));
  const disposers: (() => Promise<void> | void)[] = [];
  // Every data file's problems at start, in one status the renderer shows as a banner.
  const storeStatus = new StoreStatus(log.child('stores'));
  registerStoreStatusHandlers(router, storeStatus);

  const settingsStore = new ConfigStore({
    dataDir: options.dataDir,
    name: 'settings',
    schema: settingsSchema,
    defaults: DEFAULT_SETTINGS,
    onCorrupt: (keptAt, reason) => {
      log.warn('settings file was unreadable; kept aside and started from defaults', { keptAt, reason });
    },
    onReport: storeStatus.reporter('settings', 'settings.json'),
  });
  const settings = new SettingsService(settingsStore, events);

  registerAppHandlers(
    router,
    { name: 'Keydesk', version: options.version, mode: options.mode, platform: options.platform },
    settings,
  );

  // Accounts and the vault (issue 5): secrets sealed by the best cipher available, the rest in the config store.
  const vault = await SecretStore.open({
    dataDir: options.dataDir,
    sources: { safeStorage: options.safeStorage ?? null, keyring: options.keyring ?? null },
    log: log.child('vault'),
    onFileReport: storeStatus.reporter('vault', `${VAULT_FILE}.json`),
  });
  const transport = new HttpTransport({ fetch: options.fetch, logger: log.child('http') });
  // How each site shows money, from disk at once; re-read in the background (below), never awaited at start.
  const siteMoney = new SiteMoneyService({
    store: new ConfigStore({
      dataDir: options.dataDir,
      name: 'site-money',
      schema: siteMoneyDocumentSchema,
      defaults: EMPTY_SITE_MONEY,
      onCorrupt: (keptAt, reason) => {
        log.warn('site money cache was unreadable; kept aside, sites are read again', { keptAt, reason });
      },
    }),
    transport,
    log: log.child('site-money'),
    clock: systemClock,
  });
  const accounts = new AccountsService({
    store: new ConfigStore({
      dataDir: options.dataDir,
      name: 'accounts',
      schema: accountsDocumentSchema,
      defaults: EMPTY_ACCOUNTS,
      version: ACCOUNTS_VERSION,
      onCorrupt: (keptAt, reason) => {
        log.warn('accounts file was unreadable; kept aside', { keptAt, reason });
      },
      onReport: storeStatus.reporter('accounts', 'accounts.json'),
    }),
    vault,
    transport,
    events,
    log: log.child('accounts'),
    clock: systemClock,
    siteMoney,
  });
  await accounts.init();
  registerAccountsHandlers(router, accounts, vault, events, siteMoney);
  registerSiteHandlers(router, accounts, siteMoney);
  const refreshSites = (): void => {
    void siteMoney.refreshStale(accounts.snapshot().accounts.map((account) => account.baseUrl));
  };
  // A new or re-pointed account reads its site at once; every site is checked hourly and re-read once a day.
  const stopSiteWatch = accounts.onChange(refreshSites);
  const siteTimer = setInterval(refreshSites, 60 * 60 * 1000);
  siteTimer.unref();
  refreshSites();
  disposers.push(() => {
    stopSiteWatch();
    clearInterval(siteTimer);
  });
  const accountDirectory = accounts;

  // Keys, account info (issue 6), through the accounts service.
  const keyFeatures = createKeyFeatures({
    directory: accountDirectory,
    clipboard: options.clipboard ?? noClipboard,
    files: options.secretFiles ?? exportsFolderSink(options.dataDir),
    clock: { now: () => Date.now() },
    log: log.child('keys'),
  });
  registerKeysHandlers(router, keyFeatures.keys, keyFeatures.secrets);
  registerAccountInfoHandlers(router, keyFeatures.info);
  disposers.push(() => {
    keyFeatures.clipboard.dispose();
  });

  // Quota monitor, alerts, tray (issue 7): follows the same directory as the keys.
  const quota = createQuotaFeature({
    dataDir: options.dataDir,
    events,
    log,
    accounts: accountDirectory,
    settings: () => settings.get(),
    onStoreReport: (name) => storeStatus.reporter('cache', `${name}.json`),
    ...(options.shell ? { shell: options.shell } : {}),
  });
  registerQuotaHandlers(router, quota.monitor, quota.alerts);
  disposers.push(() => {
    quota.dispose();
  });

  // Updates (issue 15): the first check is scheduled a while after start, never awaited here.
  const updates = createUpdatesFeature({
    dataDir: options.dataDir,
    version: options.version,
    events,
    log,
    platform: options.updates ?? browserModeUpdates(options.fetch),
  });
  updates.register(router);
  updates.start();
  disposers.push(() => {
    updates.dispose();
  });

  const missing = router.missingChannels();
  if (missing.length > 0) throw new Error(`Channels without a handler: ${missing.join(', ')}`);

  return {
    router,
    events,
    settings,
    accounts,
    quota,
    dispose: async () => {
      for (const dispose of disposers.reverse()) await dispose();
    },
  };
}
