// The Keydesk backup file, bytes in and bytes out: a fixed binary header (magic, version, scrypt parameters, salt,
// nonce, a passphrase check, the body's length and a digest of all that), then the AES-256-GCM body with the whole
// header as its additional data. Pure: no files, no app state; what the body holds is backup-payload.ts's business.
import type { AppError } from '../../../src-shared/contract';
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey, STRONG_SCRYPT, type ScryptParams } from '../../vault/passphrase.cipher';

/**
 * Layout of version 1 (big-endian, offsets in bytes):
 *   0  8  magic "KEYDESK\x1a"          8  1  version (1)          9  1  KDF (1 = scrypt)
 *  10  1  log2(N)  11 1 r  12 1 p      13 16 salt                 29 12 nonce
 *  41 16  passphrase check (scrypt output bytes 32..47: tells a wrong passphrase from a damaged body)
 *  57  4  body length (ciphertext, without the tag)
 *  61 32  SHA-256 of bytes 0..60 (tells a damaged header from a wrong passphrase; not a secret, not a MAC)
 *  93  …  ciphertext, then the 16-byte GCM tag. Nothing may follow.
 */
export const BACKUP_MAGIC = Buffer.from('KEYDESK\x1a', 'latin1');
export const BACKUP_VERSION = 1;
const KDF_SCRYPT = 1;
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const DIGEST_BYTES = 32;
const FIXED_BYTES = 61;
export const HEADER_BYTES = FIXED_BYTES + DIGEST_BYTES;

/** The largest backup accepted: far above any real one, and under the loopback bridge's 1 MiB body once in base64. */
export const MAX_BACKUP_BYTES = 512 * 1024;

// What a file may ask of the KDF. scrypt needs 128·N·r bytes: a hostile header must not make us allocate
// gigabytes, nor may it ask for so little work that a guessed passphrase is cheap to try.
const MIN_LOG2_N = 14;
const MAX_LOG2_N = 18;
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;
const R_RANGE = [8, 16] as const;
const P_RANGE = [1, 4] as const;

export type BackupFormatProblem = 'not_backup' | 'unsupported_version' | 'damaged' | 'wrong_passphrase' | 'too_large';

export class BackupFormatError extends Error {
  constructor(readonly problem: BackupFormatProblem) {
    super(`Backup refused: ${problem}`);
    this.name = 'BackupFormatError';
  }

  /** What the user is told (errors.ts converts every failure through this). */
  toAppError(): AppError {
    if (this.problem === 'too_large') {
      return { code: 'validation', reason: 'backup.too_large', params: { kilobytes: MAX_BACKUP_BYTES / 1024 } };
    }
    return { code: 'validation', reason: `backup.${this.problem}` };
  }
}

/** Whether a file may ask for these scrypt parameters (also what the writer checks its own against). */
export function isAcceptableScrypt(params: ScryptParams): boolean {
  const log2N = Math.log2(params.N);
  return (
    Number.isInteger(log2N) &&
    log2N >= MIN_LOG2_N &&
    log2N <= MAX_LOG2_N &&
    Number.isInteger(params.r) &&
    params.r >= R_RANGE[0] &&
    params.r <= R_RANGE[1] &&
    Number.isInteger(params.p) &&
    params.p >= P_RANGE[0] &&
    params.p <= P_RANGE[1] &&
    128 * params.N * params.r <= MAX_SCRYPT_MEMORY
  );
}

async function keys(passphrase: string, salt: Uint8Array, params: ScryptParams) {
  // 64 bytes are two independent PBKDF2 blocks: the first is the AES key, part of the second the stored check.
  const derived = await deriveKey(passphrase, salt, params, KEY_BYTES * 2);
  return { key: derived.subarray(0, KEY_BYTES), check: derived.subarray(KEY_BYTES, KEY_BYTES + CHECK_BYTES) };
}

/** Encrypts `plain` under the passphrase into a version 1 backup file. */
export async function encodeBackup(
  plain: Uint8Array,
  passphrase: string,
  params: ScryptParams = STRONG_SCRYPT,
): Promise<Uint8Array> {
  if (!isAcceptableScrypt(params)) throw new RangeError('scrypt parameters outside what a backup may use');
  if (passphrase.length === 0) throw new RangeError('empty passphrase');
  if (HEADER_BYTES + plain.length + TAG_BYTES > MAX_BACKUP_BYTES) throw new BackupFormatError('too_large');
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const { key, check } = await keys(passphrase, salt, params);
  const fixed = Buffer.alloc(FIXED_BYTES);
  BACKUP_MAGIC.copy(fixed, 0);
  fixed.writeUInt8(BACKUP_VERSION, 8);
  fixed.writeUInt8(KDF_SCRYPT, 9);
  fixed.writeUInt8(Math.log2(params.N), 10);
  fixed.writeUInt8(params.r, 11);
  fixed.writeUInt8(params.p, 12);
  salt.copy(fixed, 13);
  nonce.copy(fixed, 29);
  Buffer.from(check).copy(fixed, 41);
  fixed.writeUInt32BE(plain.length, 57);
  const header = Buffer.concat([fixed, createHash('sha256').update(fixed).digest()]);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([header, body, cipher.getAuthTag()]));
}

interface Header {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly nonce: Buffer;
  readonly check: Buffer;
  readonly header: Buffer;
  readonly body: Buffer;
  readonly tag: Buffer;
}

/** Checks everything that needs no passphrase; throws BackupFormatError with what is wrong. */
export function readHeader(file: Uint8Array): Header {
  if (file.length > MAX_BACKUP_BYTES) throw new BackupFormatError('too_large');
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length < BACKUP_MAGIC.length || !bytes.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)) {
    // A file cut inside the magic is still recognisably ours.
    const isOurPrefix = bytes.length < BACKUP_MAGIC.length && BACKUP_MAGIC.subarray(0, bytes.length).equals(bytes);
    throw new BackupFormatError(isOurPrefix && bytes.length > 0 ? 'damaged' : 'not_backup');
  }
  if (bytes.length < HEADER_BYTES) throw new BackupFormatError('damaged');
  const fixed = bytes.subarray(0, FIXED_BYTES);
  const digest = bytes.subarray(FIXED_BYTES, HEADER_BYTES);
  if (!timingSafeEqual(createHash('sha256').update(fixed).digest(), digest)) throw new BackupFormatError('damaged');
  // The header is intact from here on: what it says is what the writer wrote.
  if (fixed.readUInt8(8) !== BACKUP_VERSION || fixed.readUInt8(9) !== KDF_SCRYPT) {
    throw new BackupFormatError('unsupported_version');
  }
  const params: ScryptParams = { N: 2 ** fixed.readUInt8(10), r: fixed.readUInt8(11), p: fixed.readUInt8(12) };
  if (!isAcceptableScrypt(params)) throw new BackupFormatError('unsupported_version');
  const length = fixed.readUInt32BE(57);
  // Truncated or with bytes after the tag: refused before any key is derived.
  if (bytes.length !== HEADER_BYTES + length + TAG_BYTES) throw new BackupFormatError('damaged');
  return {
    params,
    salt: fixed.subarray(13, 29),
    nonce: fixed.subarray(29, 41),
    check: fixed.subarray(41, 57),
    header: bytes.subarray(0, HEADER_BYTES),
    body: bytes.subarray(HEADER_BYTES, HEADER_BYTES + length),
    tag: bytes.subarray(HEADER_BYTES + length),
  };
}

/** Decrypts a backup file; throws BackupFormatError saying why it cannot. */
export async function decodeBackup(file: Uint8Array, passphrase: string): Promise<Uint8Array> {
  const parsed = readHeader(file);
  const { key, check } = await keys(passphrase, parsed.salt, parsed.params);
  if (!timingSafeEqual(Buffer.from(check), parsed.check)) throw new BackupFormatError('wrong_passphrase');
  const decipher = createDecipheriv('aes-256-gcm', key, parsed.nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(parsed.header);
  decipher.setAuthTag(parsed.tag);
  try {
    return new Uint8Array(Buffer.concat([decipher.update(parsed.body), decipher.final()]));
  } catch {
    throw new BackupFormatError('damaged');
  }
}
