// Passphrase cipher: scrypt turns the user's passphrase into an AES-256-GCM key. The salt, the scrypt parameters
// and a verifier (a known text sealed with the key) go in the vault header, so a wrong passphrase fails cleanly.
import { randomBytes, scrypt as scryptCallback, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import { KEY_BYTES, open, seal } from './aes-gcm';
import { CipherError, settle, toBytes, type SecretCipher } from './cipher';

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** 2^17 × 8 × 128 B = 128 MiB and about half a second per derivation: costly to guess, bearable to unlock. */
export const STRONG_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

// Bounds on what a header may ask for, so an edited vault file cannot make unlock allocate gigabytes.
const MAX_N = 2 ** 20;
const isPowerOfTwo = (n: number): boolean => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

export const kdfHeaderSchema = z.strictObject({
  name: z.literal('scrypt'),
  N: z
    .number()
    .int()
    .refine(isPowerOfTwo, 'N must be a power of two')
    .refine((n) => n <= MAX_N),
  r: z.number().int().min(1).max(32),
  p: z.number().int().min(1).max(16),
  salt: z.base64(),
  verifier: z.base64(),
});
export type KdfHeader = z.infer<typeof kdfHeaderSchema>;

const SALT_BYTES = 16;
const VERIFIER_TEXT = new TextEncoder().encode('keydesk:passphrase-verifier:v1');

/**
 * scrypt of the NFC passphrase. Shared with the backup file format (features/backup), which asks for more than one
 * key's worth of bytes. The caller bounds the parameters (maxmem follows them).
 */
export function deriveKey(
  passphrase: string,
  salt: Uint8Array,
  params: ScryptParams,
  length: number = KEY_BYTES,
): Promise<Uint8Array> {
  // NFC: the same passphrase typed on macOS and Windows may arrive in different Unicode forms.
  const secret = passphrase.normalize('NFC');
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 2 ** 20 };
  return new Promise((resolve, reject) => {
    scryptCallback(secret, salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(new Uint8Array(key));
    });
  });
}

export class PassphraseCipher implements SecretCipher {
  readonly backend = 'passphrase';
  readonly isPersistent = true;
  readonly #key: Uint8Array;

  private constructor(key: Uint8Array) {
    this.#key = key;
  }

  /** Derives a key from a new passphrase with a fresh salt; the header must be stored for unlock. */
  static async create(
    passphrase: string,
    params: ScryptParams = STRONG_SCRYPT,
  ): Promise<{ cipher: PassphraseCipher; kdf: KdfHeader }> {
    if (passphrase.length === 0) throw new CipherError('format', 'The passphrase is empty');
    const salt = new Uint8Array(randomBytes(SALT_BYTES));
    const key = await deriveKey(passphrase, salt, params);
    const kdf = kdfHeaderSchema.parse({
      name: 'scrypt',
      ...params,
      salt: Buffer.from(salt).toString('base64'),
      verifier: Buffer.from(seal(key, VERIFIER_TEXT)).toString('base64'),
    });
    return { cipher: new PassphraseCipher(key), kdf };
  }

  /** Rejects with CipherError('authentication') when the passphrase is not the one the header was made with. */
  static async unlock(kdf: KdfHeader, passphrase: string): Promise<PassphraseCipher> {
    const header = kdfHeaderSchema.parse(kdf);
    const key = await deriveKey(passphrase, Buffer.from(header.salt, 'base64'), header);
    try {
      open(key, Buffer.from(header.verifier, 'base64'));
    } catch (error) {
      throw new CipherError('authentication', 'Wrong passphrase', { cause: error });
    }
    return new PassphraseCipher(key);
  }

  encrypt(plain: Uint8Array | string): Promise<Uint8Array> {
    return settle(() => seal(this.#key, toBytes(plain)));
  }

  decrypt(blob: Uint8Array): Promise<Uint8Array> {
    return settle(() => open(this.#key, blob));
  }
}
