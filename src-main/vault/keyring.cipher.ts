// OS keyring cipher: the keyring holds one random 256-bit data key (service "Keydesk", account
// "vault-data-key"); values are sealed with it by AES-256-GCM here, so the keyring stores one item, not one per secret.
import { CipherError, settle, toBytes, type SecretCipher } from './cipher';
import { KEY_BYTES, open, randomKey, seal } from './aes-gcm';
import type { KeyringPort } from '../platform/secret-backends';

export const KEYRING_SERVICE = 'Keydesk';
export const KEYRING_ACCOUNT = 'vault-data-key';

export class KeyringCipher implements SecretCipher {
  readonly backend = 'keyring';
  readonly isPersistent = true;
  readonly #key: Uint8Array;

  private constructor(key: Uint8Array) {
    this.#key = key;
  }

  /**
   * Reads the data key, creating it on first use. Rejects with CipherError('unavailable') when the keyring
   * cannot be reached, and with 'format' when the item holds something that is not a key (never overwritten).
   */
  static async open(keyring: KeyringPort): Promise<KeyringCipher> {
    let stored: string | null;
    try {
      stored = await keyring.get();
      if (stored === null) {
        await keyring.set(Buffer.from(randomKey()).toString('base64'));
        // Read back: a keyring that accepts writes but returns nothing would lose every secret on restart.
        stored = await keyring.get();
        if (stored === null) throw new Error('the keyring did not keep the data key');
      }
    } catch (error) {
      throw new CipherError('unavailable', `OS keyring unavailable: ${describe(error)}`, { cause: error });
    }
    const key = Buffer.from(stored, 'base64');
    if (key.length !== KEY_BYTES) {
      throw new CipherError('format', 'The keyring item for the vault data key does not hold a 256-bit key');
    }
    return new KeyringCipher(new Uint8Array(key));
  }

  encrypt(plain: Uint8Array | string): Promise<Uint8Array> {
    return settle(() => seal(this.#key, toBytes(plain)));
  }

  decrypt(blob: Uint8Array): Promise<Uint8Array> {
    return settle(() => open(this.#key, blob));
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
