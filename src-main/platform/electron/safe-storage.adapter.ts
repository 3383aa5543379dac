// Electron's safeStorage behind the vault's SafeStoragePort: Keychain on macOS, DPAPI on Windows, libsecret or
// kwallet on Linux. Asynchronous calls only; they must only be made after app 'ready'.
import { safeStorage } from 'electron';
import type { SafeStoragePort } from '../secret-backends';

export const electronSafeStorage: SafeStoragePort = {
  isEncryptionAvailable: () => safeStorage.isAsyncEncryptionAvailable(),
  // getSelectedStorageBackend exists only on Linux; elsewhere the OS store is the only backend.
  selectedBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null),
  encryptString: async (plain) => new Uint8Array(await safeStorage.encryptStringAsync(plain)),
  decryptString: async (blob) => {
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(blob));
    return { text: result, shouldReEncrypt };
  },
};
