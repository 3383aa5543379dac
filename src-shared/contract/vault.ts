// The contract for the vault holding the credentials: its types, channels and events.

/** A new vault passphrase's length in characters: main's schema refuses outside it, the vault card says so first. */
export const MIN_VAULT_PASSPHRASE = 8;
export const MAX_VAULT_PASSPHRASE = 1024;

export type VaultBackend = 'safe-storage' | 'keyring' | 'passphrase' | 'memory';

/** Why a backend was chosen or passed over, named; the renderer words it (`vaultNotes.<note>`). */
export const VAULT_NOTES = [
  'safe_storage_desktop_only',
  'safe_storage_macos',
  'safe_storage_windows',
  'safe_storage_linux',
  'safe_storage_unavailable',
  'safe_storage_basic_text',
  'safe_storage_unknown_backend',
  'keyring_macos',
  'keyring_windows',
  'keyring_linux',
  'keyring_not_configured',
  'keyring_no_secret_service',
  'keyring_unavailable',
  'keyring_format',
  'passphrase_set',
  'passphrase_none',
  'memory_session_only',
  'written_with',
] as const;
export type VaultNoteCode = (typeof VAULT_NOTES)[number];

/** One reason about the vault's backend; `detail` is the system's own words (a D-Bus error), shown quoted. */
export interface VaultNote {
  readonly note: VaultNoteCode;
  readonly detail?: string;
}

export interface VaultStatus {
  readonly backend: VaultBackend;
  readonly isPersistent: boolean;
  readonly isLocked: boolean;
  readonly hasPassphrase: boolean;
  /** Why this backend was chosen (and, for the session-only one, why each better one was passed over). */
  readonly reasons: readonly VaultNote[];
  /** Only weak or no persistent storage exists: offer a passphrase. */
  readonly isPassphraseSuggested: boolean;
  /**
   * file_kept / file_restored: detail is the path of the damaged copy kept aside / of the backup restored from;
   * locked_account: detail is the account id. The renderer words each.
   */
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
