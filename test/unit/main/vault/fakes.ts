// Test doubles for the vault's OS backends: an in-memory keyring item, a keyring that cannot be reached, and a
// safeStorage that seals like Chromium on macOS/Linux (AES-128-CBC, fixed key, no MAC).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyringPort, SafeStorageBackend, SafeStoragePort } from '../../../../src-main/platform/secret-backends';

export function memoryKeyring(initial: string | null = null): KeyringPort & {
  value: string | null;
  reads: number;
} {
  const item = {
    value: initial,
    reads: 0,
    get: () => {
      item.reads++;
      return Promise.resolve(item.value);
    },
    set: (value: string) => {
      item.value = value;
      return Promise.resolve();
    },
    delete: () => {
      const had = item.value !== null;
      item.value = null;
      return Promise.resolve(had);
    },
  };
  return item;
}

export const unreachableKeyring = (message: string): KeyringPort => ({
  get: () => Promise.reject(new Error(message)),
  set: () => Promise.reject(new Error(message)),
  delete: () => Promise.reject(new Error(message)),
});

export function fakeSafeStorage(
  options: { available?: boolean; backend?: SafeStorageBackend | null; shouldReEncrypt?: () => boolean } = {},
): SafeStoragePort {
  const key = randomBytes(16);
  const iv = Buffer.alloc(16, 7); // Chromium uses a constant IV too
  return {
    isEncryptionAvailable: () => Promise.resolve(options.available ?? true),
    selectedBackend: () => (options.backend === undefined ? 'gnome_libsecret' : options.backend),
    encryptString: (plain) =>
      new Promise((resolve) => {
        const cipher = createCipheriv('aes-128-cbc', key, iv);
        resolve(new Uint8Array(Buffer.concat([Buffer.from('v11'), cipher.update(plain, 'utf8'), cipher.final()])));
      }),
    decryptString: (blob) =>
      new Promise((resolve) => {
        const bytes = Buffer.from(blob);
        if (bytes.subarray(0, 3).toString() !== 'v11') throw new Error('Error while decrypting the ciphertext');
        const decipher = createDecipheriv('aes-128-cbc', key, iv);
        const text = Buffer.concat([decipher.update(bytes.subarray(3)), decipher.final()]).toString('utf8');
        resolve({ text, shouldReEncrypt: options.shouldReEncrypt?.() ?? false });
      }),
  };
}

/** Flips one bit of a copy. */
export function flipBit(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = new Uint8Array(bytes);
  const index = Math.floor(bit / 8) % copy.length;
  copy[index] = (copy[index] ?? 0) ^ (1 << (bit % 8));
  return copy;
}

/** Cheap scrypt for tests: the production cost (N = 2^17) would take seconds per property run. */
export const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const;
