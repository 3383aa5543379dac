// The cipher port of the vault: turns bytes into an authenticated blob and back, and says which backend it is.
// Where blobs live (file, format, versions) is the secret store's business, never a cipher's.

export const CIPHER_BACKENDS = ['safe-storage', 'keyring', 'passphrase', 'memory'] as const;
export type CipherBackend = (typeof CIPHER_BACKENDS)[number];

export interface SecretCipher {
  readonly backend: CipherBackend;
  /** false for session-only ciphers: what they encrypt cannot be read after a restart, so it is never stored. */
  readonly isPersistent: boolean;
  encrypt(plain: Uint8Array | string): Promise<Uint8Array>;
  /** Rejects with a CipherError('authentication') when the blob was altered or was sealed with another key. */
  decrypt(blob: Uint8Array): Promise<Uint8Array>;
  /** decrypt, also saying whether the backend asks for the value to be sealed again (safeStorage's rotated key). */
  open?(blob: Uint8Array): Promise<OpenedBlob>;
}

export interface OpenedBlob {
  readonly plain: Uint8Array;
  readonly shouldReseal: boolean;
}

export type CipherErrorKind =
  | 'authentication' // tampered blob, wrong key or wrong passphrase
  | 'unavailable' // the backend cannot be used on this machine right now
  | 'format'; // the blob is not one this cipher writes

export class CipherError extends Error {
  override readonly name = 'CipherError';
  constructor(
    readonly kind: CipherErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const toBytes = (plain: Uint8Array | string): Uint8Array =>
  typeof plain === 'string' ? new TextEncoder().encode(plain) : plain;

/** Runs a synchronous step as a promise, so a throw arrives as a rejection like an async backend's would. */
export const settle = <T>(step: () => T): Promise<T> => new Promise((resolve) => resolve(step()));
