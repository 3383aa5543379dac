// new-api-rc41's password encryption at login (common/password_crypto.go): one RSA-2048 key pair with a random key id,
// the public half handed out as PEM SubjectPublicKeyInfo, passwords sent as RSA-OAEP (SHA-256) ciphertext in standard
// base64 and refused when the key id is not the current one. Made on first use; the control plane rotates it.
import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { randomAlnum } from './random';

export interface PublicPasswordKey {
  readonly kid: string;
  /** PEM, "-----BEGIN PUBLIC KEY-----". */
  readonly publicKey: string;
}

export class PasswordKey {
  #current: { kid: string; publicKey: string; privateKey: KeyObject } | undefined;

  /** The key handed out now, made on first use (a 2048-bit key takes a moment to generate). */
  current(): PublicPasswordKey {
    this.#current ??= this.#generate();
    return { kid: this.#current.kid, publicKey: this.#current.publicKey };
  }

  /** A new key pair and key id: ciphertexts made with the old key are refused from now on. */
  rotate(): PublicPasswordKey {
    this.#current = this.#generate();
    return this.current();
  }

  /** The password, or undefined for a stale key id, bad base64 or a ciphertext that does not decrypt. */
  decrypt(ciphertextBase64: string, kid: string): string | undefined {
    const key = this.#current;
    if (key === undefined || kid === '' || kid !== key.kid) return undefined;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertextBase64)) return undefined;
    try {
      const plain = privateDecrypt(
        { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertextBase64, 'base64'),
      ).toString('utf8');
      return plain === '' ? undefined : plain;
    } catch {
      return undefined;
    }
  }

  #generate() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    // GenerateRandomCharsKey(12) in the source: twelve random letters and digits.
    return {
      kid: randomAlnum(12),
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKey,
    };
  }
}
