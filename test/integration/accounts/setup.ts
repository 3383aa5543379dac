// Shared set-up of the accounts integration tests: the real AccountsService over a data folder, a memory keyring and
// real HTTP to the emulator, with the clock the test chooses for the service and for Keydesk's rate budget.
import type { AccountsSnapshot } from '../../../src-shared/contract';
import { EventBus } from '../../../src-main/bridge/events';
import { HttpTransport, systemClock, type ClockPort } from '../../../src-main/gateway';
import {
  ACCOUNTS_VERSION,
  EMPTY_ACCOUNTS,
  accountsDocumentSchema,
} from '../../../src-main/features/accounts/account-records';
import { AccountsService } from '../../../src-main/features/accounts/accounts.service';
import { ConfigStore } from '../../../src-main/vault/config.store';
import { SecretStore } from '../../../src-main/vault/secret.store';
import { memoryLogger } from '../../support/memory-logger';
import type { memoryKeyring } from '../../unit/main/vault/fakes';
import { confStoreEngine } from '../../../src-main/platform/node/conf.engine';

export interface OpenedAccounts {
  readonly service: AccountsService;
  /** Every accounts:changed payload, in order. */
  readonly snapshots: AccountsSnapshot[];
}

/** Opens (or reopens, as after a restart) the accounts of a data folder. */
export async function openAccounts(options: {
  readonly dir: string;
  readonly keyring: ReturnType<typeof memoryKeyring>;
  readonly clock?: ClockPort;
}): Promise<OpenedAccounts> {
  const { log } = memoryLogger();
  const clock = options.clock ?? systemClock;
  const events = new EventBus();
  const snapshots: AccountsSnapshot[] = [];
  events.subscribe((event, payload) => {
    if (event === 'accounts:changed') snapshots.push(payload as AccountsSnapshot);
  });
  const vault = await SecretStore.open({
    engine: confStoreEngine(),
    dataDir: options.dir,
    sources: { keyring: options.keyring },
    log,
  });
  const service = new AccountsService({
    store: new ConfigStore({
      engine: confStoreEngine(),
      dataDir: options.dir,
      name: 'accounts',
      schema: accountsDocumentSchema,
      defaults: EMPTY_ACCOUNTS,
      version: ACCOUNTS_VERSION,
    }),
    vault,
    transport: new HttpTransport({ fetch: (url, init) => fetch(url, init), logger: log, backoffBaseMs: 1, clock }),
    events,
    log,
    clock,
  });
  await service.init();
  return { service, snapshots };
}
