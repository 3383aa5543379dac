// Session-only cipher: a random key that lives in this process only. Nothing it encrypts survives a restart,
// so the secret store keeps its values in memory and never writes them.
import { open, randomKey, seal } from './aes-gcm';
import { settle, toBytes, type SecretCipher } from './cipher';

export class MemoryCipher implements SecretCipher {
  readonly backend = 'memory';
  readonly isPersistent = false;
  readonly #key = randomKey();

  encrypt(plain: Uint8Array | string): Promise<Uint8Array> {
    return settle(() => seal(this.#key, toBytes(plain)));
  }

  decrypt(blob: Uint8Array): Promise<Uint8Array> {
    return settle(() => open(this.#key, blob));
  }
}
