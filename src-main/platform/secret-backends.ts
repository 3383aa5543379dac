// Ports for the OS secret facilities the vault's ciphers build on. Adapters live in platform/node (OS keyring)
// and platform/electron (safeStorage); the vault only sees these interfaces, so it never imports electron.

/** One OS keyring item (Keychain, Credential Manager, Secret Service) holding a single string. */
export interface KeyringPort {
  /** The stored value, or null when there is none. Rejects when the keyring cannot be reached. */
  get(): Promise<string | null>;
  set(value: string): Promise<void>;
  /** true when an item was deleted, false when there was none. */
  delete(): Promise<boolean>;
}

/** Linux backends Electron's safeStorage can select; null on macOS and Windows, where there is one backend. */
export type SafeStorageBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown';

/** What Electron's asynchronous decrypt answers: the text, and whether its key asks for the value to be sealed again. */
export interface SafeStorageOpened {
  readonly text: string;
  /** The OS key was rotated or a better one is available: seal the value again to move it onto that key. */
  readonly shouldReEncrypt: boolean;
}

/**
 * The subset of Electron's safeStorage the vault uses: the asynchronous calls only (the synchronous ones are
 * deprecated in Electron 45 and removed in 46; the asynchronous decrypt reads what the synchronous encrypt wrote).
 */
export interface SafeStoragePort {
  /** Resolves once Electron's asynchronous encryptor has started (it starts lazily, after app 'ready'). */
  isEncryptionAvailable(): Promise<boolean>;
  selectedBackend(): SafeStorageBackend | null;
  encryptString(plain: string): Promise<Uint8Array>;
  decryptString(blob: Uint8Array): Promise<SafeStorageOpened>;
}
