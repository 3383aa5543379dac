// A keys test app: the real router, handlers and services of the keys feature over a small AccountDirectory that builds real
// gateway clients against the emulator (the accounts service is not needed to test keys).
import { DEFAULT_UNITS, KeyClient, type ManagementClient } from '../../../src-main/gateway';
import { Router } from '../../../src-main/bridge/router';
import { AppErrorException } from '../../../src-main/errors';
import { registerAccountInfoHandlers } from '../../../src-main/features/account/account.handlers';
import { AccountInfoService } from '../../../src-main/features/account/account.service';
import { registerKeysHandlers } from '../../../src-main/features/keys/keys.handlers';
import type { ClipboardPort, SecretFileSinkPort } from '../../../src-main/platform/ports';
import type { AccountDirectory, AccountHandle } from '../../../src-main/features/accounts/account-directory';
import { createKeyFeatures } from '../../../src-main/features/keys';
import type { Gateway } from '../../gateway/index';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { emulatorClock } from '../../support/emulator';
import { ALICE_READONLY, ALICE_TOKEN, BOB_TOKEN, keyValue, makeClients } from '../gateway/setup';
import { routerCalls } from '../../support/router-calls';

export const ACCOUNTS = {
  alice: { token: ALICE_TOKEN, kind: 'access_token' },
  readonly: { token: ALICE_READONLY, kind: 'access_token' },
  bob: { token: BOB_TOKEN, kind: 'access_token' },
  watched: { token: `sk-${keyValue(1)}`, kind: 'api_key' },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

export class EmulatorDirectory implements AccountDirectory {
  readonly #management = new Map<string, ManagementClient>();

  constructor(private readonly gw: Gateway) {}

  list(): AccountHandle[] {
    return (Object.keys(ACCOUNTS) as AccountName[]).map((id) => this.get(id));
  }

  get(accountId: string): AccountHandle {
    const account = ACCOUNTS[accountId as AccountName] as (typeof ACCOUNTS)[AccountName] | undefined;
    if (!account) throw new AppErrorException({ code: 'not_found', reason: 'account.not_found' });
    return {
      id: accountId,
      kind: account.kind,
      label: accountId,
      units: DEFAULT_UNITS,
      isDisabled: false,
      isHidden: false,
      thresholds: { warnUnits: null, criticalUnits: null },
    };
  }

  management(accountId: string): Promise<ManagementClient> {
    const handle = this.get(accountId);
    if (handle.kind === 'api_key') {
      return Promise.reject(new AppErrorException({ code: 'validation', reason: 'account.watched_key_only' }));
    }
    let client = this.#management.get(accountId);
    if (!client) {
      client = makeClients(this.gw, { accessToken: ACCOUNTS[accountId as AccountName].token }).management;
      this.#management.set(accountId, client);
    }
    return Promise.resolve(client);
  }

  keyClient(accountId: string, apiKey?: string): Promise<KeyClient> {
    this.get(accountId);
    const { transport, logger } = makeClients(this.gw);
    return Promise.resolve(
      new KeyClient({
        transport,
        logger,
        apiUrl: this.gw.api_url,
        baseUrl: this.gw.base_url,
        apiKey: apiKey ?? ACCOUNTS.watched.token,
      }),
    );
  }

  activeId(): string | null {
    return 'alice';
  }

  switch(): void {
    // one active account is enough here
  }

  onChange(): () => void {
    return () => undefined;
  }
}

export class FakeClipboard implements ClipboardPort {
  text = '';
  constructor(readonly isAvailable = true) {}
  readText(): Promise<string> {
    return Promise.resolve(this.text);
  }
  writeText(text: string): Promise<void> {
    this.text = text;
    return Promise.resolve();
  }
  clear(): void {
    this.text = '';
  }
}

export class MemoryFiles implements SecretFileSinkPort {
  readonly saved: { name: string; contents: string }[] = [];
  isCancelling = false;
  save(defaultName: string, contents: string): Promise<string | null> {
    if (this.isCancelling) return Promise.resolve(null);
    this.saved.push({ name: defaultName, contents });
    return Promise.resolve(`/exports/${defaultName}`);
  }
}

export function keysApp(gw: Gateway, options: { clipboard?: FakeClipboard; files?: SecretFileSinkPort } = {}) {
  const log = recordingLogger();
  const router = new Router(log);
  const clipboard = options.clipboard ?? new FakeClipboard();
  const files = new MemoryFiles();
  const directory = new EmulatorDirectory(gw);
  const features = createKeyFeatures({
    directory,
    clipboard,
    files: options.files ?? files,
    clock: emulatorClock(gw),
    log,
  });
  registerKeysHandlers(router, features.keys, features.secrets);
  registerAccountInfoHandlers(router, new AccountInfoService({ directory: directory, clock: emulatorClock(gw) }));
  const { call } = routerCalls(router);
  return { router, call, clipboard, files, features, log };
}
