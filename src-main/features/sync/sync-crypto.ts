// The sync folder's encryption, bytes in and bytes out: the passphrase stretched by scrypt into one key, split by
// HKDF into a record key, a name key and a digest key; the keyring file that says which KDF and salt (and tells a
// wrong passphrase); opaque file names (an HMAC of the record's kind and id); each record sealed with AES-256-GCM,
// a random nonce per write, its file name and version bound as associated data. Pure: no files, no network.
import type { AppError } from '../../../src-shared/contract';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isAcceptableScrypt } from '../backup/backup-format';
import { deriveKey, STRONG_SCRYPT, type ScryptParams } from '../../vault/passphrase.cipher';
import { compareVersions, type Version } from './hlc';

export const KEYRING_FILE = 'keydesk-sync.key';
export const KEYRING_FORMAT = 'keydesk-sync';
/** The record and keyring formats this build writes and reads; a higher number is a newer Keydesk's. */
export const SYNC_FORMAT = 1;
/** The most a keyring file may hold: a few hundred bytes in practice. */
export const MAX_KEYRING_BYTES = 4096;

const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const CHECK_TEXT = Buffer.from('keydesk-sync:key-check:v1');

export type SyncCryptoProblem = 'wrong_passphrase' | 'tampered' | 'newer_format' | 'not_sync_file';

export class SyncCryptoError extends Error {
  constructor(readonly problem: SyncCryptoProblem) {
    super(`Sync data refused: ${problem}`);
    this.name = 'SyncCryptoError';
  }

  /** What the user is told (errors.ts converts every failure through this). */
  toAppError(): AppError {
    if (this.problem === 'newer_format') return { code: 'validation', reason: 'sync.newer_format' };
    if (this.problem === 'wrong_passphrase') return { code: 'validation', reason: 'sync.wrong_passphrase' };
    return { code: 'validation', reason: 'sync.folder_changed' };
  }
}

/** The keys one passphrase gives a sync folder. Never written anywhere; rebuilt from the passphrase at start. */
export interface SyncKeys {
  readonly record: Buffer;
  readonly name: Buffer;
  readonly digest: Buffer;
}

export const keyringSchema = z.strictObject({
  format: z.literal(KEYRING_FORMAT),
  version: z.number().int().positive(),
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    log2N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    salt: z.base64().max(64),
  }),
  check: z.base64().max(256),
});
export type Keyring = z.infer<typeof keyringSchema>;

function splitKeys(master: Uint8Array): SyncKeys {
  const part = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { record: part('keydesk-sync/record'), name: part('keydesk-sync/name'), digest: part('keydesk-sync/digest') };
}

// What the key check authenticates besides itself: the keyring's every other field, so an edited KDF is refused.
const keyringAad = (keyring: Omit<Keyring, 'check'>): Buffer =>
  Buffer.from(JSON.stringify([keyring.format, keyring.version, keyring.kdf]));

/** A new sync folder's keyring and the keys it gives. */
export async function createKeyring(
  passphrase: string,
  params: ScryptParams = STRONG_SCRYPT,
): Promise<{ keyring: Keyring; keys: SyncKeys }> {
  if (!isAcceptableScrypt(params)) throw new RangeError('scrypt parameters outside what a keyring may use');
  const salt = randomBytes(SALT_BYTES);
  const keys = splitKeys(await deriveKey(passphrase, salt, params));
  const base = {
    format: KEYRING_FORMAT as typeof KEYRING_FORMAT,
    version: SYNC_FORMAT,
    kdf: {
      name: 'scrypt' as const,
      log2N: Math.log2(params.N),
      r: params.r,
      p: params.p,
      salt: salt.toString('base64'),
    },
  };
  const check = sealBytes(keys.record, CHECK_TEXT, keyringAad(base));
  return { keyring: { ...base, check: check.toString('base64') }, keys };
}

export const encodeKeyring = (keyring: Keyring): Uint8Array => Buffer.from(JSON.stringify(keyring));

/** Reads a keyring file (bounded, checked) without the passphrase: what is wrong with it, or what it asks for. */
export function readKeyring(bytes: Uint8Array): Keyring {
  if (bytes.length > MAX_KEYRING_BYTES) throw new SyncCryptoError('not_sync_file');
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new SyncCryptoError('not_sync_file');
  }
  const format = z.object({ format: z.literal(KEYRING_FORMAT), version: z.number() }).safeParse(parsed);
  if (!format.success) throw new SyncCryptoError('not_sync_file');
  if (format.data.version > SYNC_FORMAT) throw new SyncCryptoError('newer_format');
  const keyring = keyringSchema.safeParse(parsed);
  if (!keyring.success) throw new SyncCryptoError('tampered');
  const { log2N, r, p } = keyring.data.kdf;
  // A hostile folder must not make us allocate gigabytes, nor ask for a KDF cheap enough to guess against.
  if (!isAcceptableScrypt({ N: 2 ** log2N, r, p })) throw new SyncCryptoError('tampered');
  return keyring.data;
}

/** The keys of an existing folder; a wrong passphrase (or an edited keyring) is refused. */
export async function openKeyring(keyring: Keyring, passphrase: string): Promise<SyncKeys> {
  const { kdf } = keyring;
  const params: ScryptParams = { N: 2 ** kdf.log2N, r: kdf.r, p: kdf.p };
  const keys = splitKeys(await deriveKey(passphrase, Buffer.from(kdf.salt, 'base64'), params));
  try {
    const { check: _check, ...base } = keyring;
    const plain = openBytes(keys.record, Buffer.from(keyring.check, 'base64'), keyringAad(base));
    if (!timingSafeEqual(plain, CHECK_TEXT)) throw new SyncCryptoError('wrong_passphrase');
  } catch {
    throw new SyncCryptoError('wrong_passphrase');
  }
  return keys;
}

// -- names and digests -----------------------------------------------------------------------------------------------

/** The file name of a record: the server learns neither its kind nor its id, only that it is a record. */
export function recordFileName(keys: SyncKeys, kind: string, id: string): string {
  const mac = createHmac('sha256', keys.name).update(`${kind}\u0000${id}`).digest('hex');
  return `r-${mac.slice(0, 40)}.kds`;
}

/** A device's file name (its entry in the device list). */
export const deviceFileName = (keys: SyncKeys, deviceId: string): string => recordFileName(keys, 'device', deviceId);

/**
 * What a record's content was when last synced, so a change is seen without keeping the content: keyed, so the
 * local state file (not encrypted) tells nothing about the secrets inside.
 */
export const contentDigest = (keys: SyncKeys, canonical: string): string =>
  createHmac('sha256', keys.digest).update(canonical).digest('base64url').slice(0, 32);

// -- records ---------------------------------------------------------------------------------------------------------

/**
 * Layout (big-endian): 0 4 magic "KDSR" | 4 1 format | 5 12 nonce | 17 8 version wall (ms) | 25 4 version counter |
 * 29 16 version device | 45 … ciphertext, 16-byte tag. The first 45 bytes and the file name are the associated data:
 * a record moved to another name, or given another version, no longer authenticates.
 */
const MAGIC = Buffer.from('KDSR', 'latin1');
const HEADER_BYTES = 45;

function header(version: Version, nonce: Buffer): Buffer {
  const head = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(head, 0);
  head.writeUInt8(SYNC_FORMAT, 4);
  nonce.copy(head, 5);
  head.writeBigUInt64BE(BigInt(version.wall), 17);
  head.writeUInt32BE(version.counter, 25);
  Buffer.from(version.device.replaceAll('-', ''), 'hex').copy(head, 29);
  return head;
}

const deviceText = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Seals a record's plain JSON under its file name and version. */
export function sealRecord(keys: SyncKeys, name: string, version: Version, plain: Uint8Array): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES);
  const head = header(version, nonce);
  const cipher = createCipheriv('aes-256-gcm', keys.record, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.concat([head, Buffer.from(name)]));
  return Buffer.concat([head, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

/** The version a record file claims, read before any key is used (still to be authenticated by openRecord). */
export function peekVersion(file: Uint8Array): Version {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.length < HEADER_BYTES + TAG_BYTES || !bytes.subarray(0, 4).equals(MAGIC)) {
    throw new SyncCryptoError(bytes.length >= 4 && bytes.subarray(0, 4).equals(MAGIC) ? 'tampered' : 'not_sync_file');
  }
  if (bytes.readUInt8(4) > SYNC_FORMAT) throw new SyncCryptoError('newer_format');
  if (bytes.readUInt8(4) !== SYNC_FORMAT) throw new SyncCryptoError('tampered');
  return {
    wall: Number(bytes.readBigUInt64BE(17)),
    counter: bytes.readUInt32BE(25),
    device: deviceText(bytes.subarray(29, 45)),
  };
}

/** Opens a record file fetched under `name`: its version and plain JSON, or why it is refused. */
export function openRecord(keys: SyncKeys, name: string, file: Uint8Array): { version: Version; plain: Uint8Array } {
  const version = peekVersion(file);
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const head = bytes.subarray(0, HEADER_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keys.record, bytes.subarray(5, 17), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.concat([head, Buffer.from(name)]));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return { version, plain: new Uint8Array(plain) };
  } catch {
    throw new SyncCryptoError('tampered');
  }
}

/** Whether `incoming` is older than what this device already saw of the record: a replayed copy. */
export const isRolledBack = (incoming: Version, highestSeen: Version | null): boolean =>
  highestSeen !== null && compareVersions(incoming, highestSeen) < 0;

function sealBytes(key: Buffer, plain: Buffer, aad: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  return Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function openBytes(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new SyncCryptoError('tampered');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}
