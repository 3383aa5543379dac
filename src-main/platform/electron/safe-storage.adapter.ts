// Electron's safeStorage behind the vault's SafeStoragePort: Keychain on macOS, DPAPI on Windows, libsecret or
// kwallet on Linux. Must only be called after app 'ready' (safeStorage is not usable before).
import { safeStorage } from 'electron';
import type { SafeStoragePort } from '../secret-backends';

export const electronSafeStorage: SafeStoragePort = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  // getSelectedStorageBackend exists only on Linux; elsewhere the OS store is the only backend.
  selectedBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (blob) => safeStorage.decryptString(Buffer.from(blob)),
};
