// The vault service: the passphrase actions (set, unlock, change, lock) and the vault's status in the contract's
// words, with what follows every action — vault:changed, then each account's state read again, since entries a
// passphrase sealed become readable (or not) with it. Knows nothing of the bridge; the handlers turn its errors.
import type {
  AccountsSnapshot,
  AppError,
  EventMap,
  VaultStatus as VaultStatusView,
} from '../../../src-shared/contract';
import { CipherError } from '../../vault/cipher';
import type { SecretStore, VaultStatus } from '../../vault/secret.store';

/** The vault as the service uses it (the SecretStore). */
export type VaultPort = Pick<SecretStore, 'status' | 'setPassphrase' | 'unlock' | 'changePassphrase' | 'lock'>;

/** What the service needs of the accounts: their state read again, and the snapshot to announce. */
export interface VaultAccounts {
  init(): Promise<void>;
  snapshot(): AccountsSnapshot;
}

export interface VaultEvents {
  emit<E extends keyof EventMap>(event: E, payload: EventMap[E]): void;
}

/** The vault refused an action: a wrong passphrase (the user's to correct) or anything else (its words stay in main). */
export class VaultRefusedError extends Error {
  override readonly name = 'VaultRefusedError';
  readonly code = 'vault.locked';

  constructor(readonly reason: 'vault.wrong_passphrase' | 'vault.refused') {
    super(reason);
  }

  /** Crosses the bridge as vault.locked with the vault's reason (errors.ts converts through this). */
  toAppError(): AppError {
    return { code: this.code, reason: this.reason };
  }
}

/** The vault's own status, in the contract's words for the renderer. */
export function vaultStatusView(status: VaultStatus): VaultStatusView {
  return {
    backend: status.backend,
    isPersistent: status.isPersistent,
    isLocked: status.isLocked,
    hasPassphrase: status.hasPassphrase,
    reasons: status.reasons,
    isPassphraseSuggested: status.canSetPassphrase,
    problems: [
      ...status.fileNotices.map((notice) => ({ kind: notice.kind, detail: notice.path })),
      ...status.lockedAccounts.map((account) => ({ kind: 'locked_account', detail: account })),
    ],
  };
}

export interface VaultServiceOptions {
  readonly vault: VaultPort;
  readonly accounts: VaultAccounts;
  readonly events: VaultEvents;
}

export class VaultService {
  readonly #vault: VaultPort;
  readonly #accounts: VaultAccounts;
  readonly #events: VaultEvents;

  constructor(options: VaultServiceOptions) {
    this.#vault = options.vault;
    this.#accounts = options.accounts;
    this.#events = options.events;
  }

  status(): VaultStatusView {
    return vaultStatusView(this.#vault.status());
  }

  /** The first passphrase (offered when only memory storage exists): session secrets move into the file. */
  setPassphrase(passphrase: string): Promise<VaultStatusView> {
    return this.#act(() => this.#vault.setPassphrase(passphrase));
  }

  unlock(passphrase: string): Promise<VaultStatusView> {
    return this.#act(() => this.#vault.unlock(passphrase));
  }

  changePassphrase(current: string, next: string): Promise<VaultStatusView> {
    return this.#act(() => this.#vault.changePassphrase(current, next));
  }

  lock(): Promise<VaultStatusView> {
    return this.#act(() => {
      this.#vault.lock();
    });
  }

  /** Runs one action; a refusal changes nothing and announces nothing. */
  async #act(action: () => Promise<void> | void): Promise<VaultStatusView> {
    try {
      await action();
    } catch (error) {
      throw new VaultRefusedError(
        error instanceof CipherError && error.kind === 'authentication' ? 'vault.wrong_passphrase' : 'vault.refused',
      );
    }
    const status = this.status();
    this.#events.emit('vault:changed', status);
    await this.#accounts.init();
    this.#events.emit('accounts:changed', this.#accounts.snapshot());
    return status;
  }
}
