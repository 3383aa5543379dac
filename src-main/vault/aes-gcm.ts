// AES-256-GCM sealing shared by the keyring, passphrase and memory ciphers, on Node's crypto.
// Blob layout: [format 0x01][96-bit random IV][ciphertext][128-bit tag]; the format byte is authenticated too.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { CipherError } from './cipher';

const FORMAT = 0x01;
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export function seal(key: Uint8Array, plain: Uint8Array, aad?: Uint8Array): Uint8Array {
  const header = Buffer.from([FORMAT]);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad ? Buffer.concat([header, aad]) : header);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([header, iv, body, cipher.getAuthTag()]));
}

export function open(key: Uint8Array, blob: Uint8Array, aad?: Uint8Array): Uint8Array {
  if (blob.length < 1 + IV_BYTES + TAG_BYTES) throw new CipherError('format', 'Encrypted value is too short');
  if (blob[0] !== FORMAT) throw new CipherError('format', `Unknown encrypted value format ${String(blob[0])}`);
  const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(bytes.length - TAG_BYTES);
  const body = bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const header = bytes.subarray(0, 1);
  decipher.setAAD(aad ? Buffer.concat([header, aad]) : header);
  decipher.setAuthTag(tag);
  try {
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch (error) {
    // GCM says only "unable to authenticate": a changed byte, another key, or a wrong passphrase.
    throw new CipherError('authentication', 'Encrypted value failed authentication', { cause: error });
  }
}

export const randomKey = (): Uint8Array => new Uint8Array(randomBytes(KEY_BYTES));
