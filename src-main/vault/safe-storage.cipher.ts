// Electron safeStorage cipher (Keychain / DPAPI / libsecret / kwallet), usable only when its backend really
// protects data: never Linux basic_text, whose "encryption" uses a fixed key anyone can read.
import { createHash, timingSafeEqual } from 'node:crypto';
import { CipherError, toBytes, type OpenedBlob, type SecretCipher } from './cipher';
import type { SafeStoragePort } from '../platform/secret-backends';

/** Why safeStorage cannot protect data here, or null when it can. */
export async function safeStorageUnusableReason(
  port: SafeStoragePort,
): Promise<'safe_storage_unavailable' | 'safe_storage_basic_text' | 'safe_storage_unknown_backend' | null> {
  let isAvailable: boolean;
  try {
    isAvailable = await port.isEncryptionAvailable();
  } catch {
    isAvailable = false;
  }
  if (!isAvailable) return 'safe_storage_unavailable';
  const backend = port.selectedBackend();
  if (backend === 'basic_text') return 'safe_storage_basic_text'; // does not protect data (no keyring found)
  if (backend === 'unknown') return 'safe_storage_unknown_backend';
  return null;
}

export class SafeStorageCipher implements SecretCipher {
  readonly backend = 'safe-storage';
  readonly isPersistent = true;

  private constructor(private readonly port: SafeStoragePort) {}

  /** Rejects with CipherError('unavailable') when safeStorage cannot protect data here. */
  static async open(port: SafeStoragePort): Promise<SafeStorageCipher> {
    const reason = await safeStorageUnusableReason(port);
    if (reason !== null) throw new CipherError('unavailable', reason);
    return new SafeStorageCipher(port);
  }

  // safeStorage takes strings: bytes go through base64 so any byte sequence survives (UTF-8 would not).
  // On macOS and Linux Chromium seals with AES-CBC and no MAC, so a SHA-256 of the plaintext rides inside: a
  // changed byte then fails here instead of yielding garbage. The text format is the one the synchronous calls
  // of earlier builds wrote, so their vaults open unchanged.
  async encrypt(plain: Uint8Array | string): Promise<Uint8Array> {
    const bytes = toBytes(plain);
    const text = `${digest(bytes).toString('base64')}.${Buffer.from(bytes).toString('base64')}`;
    return new Uint8Array(await this.port.encryptString(text));
  }

  async decrypt(blob: Uint8Array): Promise<Uint8Array> {
    return (await this.open(blob)).plain;
  }

  async open(blob: Uint8Array): Promise<OpenedBlob> {
    let opened: Awaited<ReturnType<SafeStoragePort['decryptString']>>;
    try {
      opened = await this.port.decryptString(blob);
    } catch (error) {
      throw new CipherError('authentication', 'safeStorage could not decrypt the value', { cause: error });
    }
    return { plain: checked(opened.text), shouldReseal: opened.shouldReEncrypt };
  }
}

/** The bytes inside safeStorage's text, after their SHA-256 is checked. */
function checked(text: string): Uint8Array {
  // Node's base64 decoder skips characters it does not know, so a changed '=' would decode to the same bytes:
  // both parts must be exactly the canonical base64 of what they decode to.
  const parts = text.split('.');
  const [sum = '', body = ''] = parts;
  const bytes = Buffer.from(body, 'base64');
  const expected = Buffer.from(sum, 'base64');
  const actual = digest(bytes);
  const canonical = parts.length === 2 && bytes.toString('base64') === body && expected.toString('base64') === sum;
  if (!canonical || expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    throw new CipherError('authentication', 'safeStorage value failed its integrity check');
  }
  return new Uint8Array(bytes);
}

const digest = (bytes: Uint8Array): Buffer => createHash('sha256').update(bytes).digest();
