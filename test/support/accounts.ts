// The one way tests open Keydesk's real accounts service: over a data folder (the accounts document in the config
// store, secrets in the vault with the cipher sources the test gives), with real HTTP unless a transport is given,
// and every `accounts:changed` payload recorded. Reopening the same folder is a restart.
import { systemClock } from '../../src-main/platform/system-clock';
import type { AccountsSnapshot } from '../../src-shared/contract';
import { EventBus } from '../../src-main/event-bus';
import { HttpTransport, type ClockPort } from '../../src-main/gateway';
import {
  ACCOUNTS_VERSION,
  EMPTY_ACCOUNTS,
  accountsDocumentSchema,
} from '../../src-main/features/accounts/account-records';
import { AccountsService } from '../../src-main/features/accounts/accounts.service';
import type { SiteMoneyLookup } from '../../src-main/features/site/account-money';
import type { Logger } from '../../src-main/log/logger';
import type { CipherSources } from '../../src-main/vault/cipher-selection';
import { ConfigStore } from '../../src-main/vault/config.store';
import { SecretStore } from '../../src-main/vault/secret.store';
import { memoryLogger } from './memory-logger';
import { atomicFileEngine } from '../../src-main/platform/atomic-file.engine';

export interface OpenAccountsOptions {
  readonly dir: string;
  /** Where the vault's cipher comes from (a memory keyring, or none for the file fallback). */
  readonly sources: CipherSources;
  /** The service's clock, and the default transport's; default the system clock. */
  readonly clock?: ClockPort;
  /** Default: real fetch with a 1 ms retry backoff on `clock`. */
  readonly transport?: HttpTransport;
  readonly siteMoney?: SiteMoneyLookup;
  readonly events?: EventBus;
  readonly log?: Logger;
}

export interface OpenedAccounts {
  readonly service: AccountsService;
  /** Every accounts:changed payload, in order. */
  readonly snapshots: AccountsSnapshot[];
}

/** Opens (or reopens, as after a restart) the accounts of a data folder. */
export async function openAccounts(options: OpenAccountsOptions): Promise<OpenedAccounts> {
  const log = options.log ?? memoryLogger().log;
  const clock = options.clock ?? systemClock;
  const events = options.events ?? new EventBus();
  const snapshots: AccountsSnapshot[] = [];
  events.subscribe((event, payload) => {
    if (event === 'accounts:changed') snapshots.push(payload as AccountsSnapshot);
  });
  const vault = await SecretStore.open({
    now: Date.now,
    engine: atomicFileEngine(),
    dataDir: options.dir,
    sources: options.sources,
    log,
  });
  const service = new AccountsService({
    store: new ConfigStore({
      now: Date.now,
      engine: atomicFileEngine(),
      dataDir: options.dir,
      name: 'accounts',
      schema: accountsDocumentSchema,
      defaults: EMPTY_ACCOUNTS,
      version: ACCOUNTS_VERSION,
    }),
    vault,
    transport:
      options.transport ??
      new HttpTransport({ fetch: (url, init) => fetch(url, init), logger: log, backoffBaseMs: 1, clock }),
    events,
    log,
    clock,
    ...(options.siteMoney === undefined ? {} : { siteMoney: options.siteMoney }),
  });
  await service.init();
  return { service, snapshots };
}
