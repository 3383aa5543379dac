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

/** The subset of Electron's safeStorage the vault uses. */
export interface SafeStoragePort {
  isEncryptionAvailable(): boolean;
  selectedBackend(): SafeStorageBackend | null;
  encryptString(plain: string): Uint8Array;
  decryptString(blob: Uint8Array): string;
}
