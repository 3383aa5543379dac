// The contract for the vault holding the credentials: its types, channels and events.

export type VaultBackend = 'safe-storage' | 'keyring' | 'passphrase' | 'memory';

export interface VaultStatus {
  readonly backend: VaultBackend;
  readonly isPersistent: boolean;
  readonly isLocked: boolean;
  readonly hasPassphrase: boolean;
  /** Why this backend was chosen, in plain words. */
  readonly reason: string;
  /** Only weak or no persistent storage exists: offer a passphrase. */
  readonly isPassphraseSuggested: boolean;
  readonly problems: readonly { readonly kind: string; readonly detail: string; readonly keptAt?: string }[];
}

/** Invoke channels of the vault holding the credentials. */
export interface VaultInvokeMap {
  'vault:status': { args: undefined; result: VaultStatus };
  'vault:setPassphrase': { args: { readonly passphrase: string }; result: VaultStatus };
  'vault:unlock': { args: { readonly passphrase: string }; result: VaultStatus };
  'vault:changePassphrase': { args: { readonly current: string; readonly next: string }; result: VaultStatus };
  'vault:lock': { args: undefined; result: VaultStatus };
}

export const VAULT_CHANNELS: { readonly [C in keyof VaultInvokeMap]: true } = {
  'vault:status': true,
  'vault:setPassphrase': true,
  'vault:unlock': true,
  'vault:changePassphrase': true,
  'vault:lock': true,
};

export interface VaultEventMap {
  'vault:changed': VaultStatus;
}
export const VAULT_EVENTS: { readonly [E in keyof VaultEventMap]: true } = {
  'vault:changed': true,
};
