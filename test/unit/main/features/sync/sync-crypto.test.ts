// The sync folder's crypto: a keyring opens with its passphrase only and refuses an edited KDF; records authenticate
// under their own name and version only; names and digests tell nothing; newer formats are told from damage.
import { describe, expect, it } from 'vitest';
import {
  contentDigest,
  createKeyring,
  encodeKeyring,
  openKeyring,
  openRecord,
  peekVersion,
  readKeyring,
  recordFileName,
  sealRecord,
  SyncCryptoError,
} from '../../../../../src-main/features/sync/sync-crypto';

const CHEAP = { N: 2 ** 14, r: 8, p: 1 };
const DEVICE = '0b8e7f4c-3a2d-4e1f-9c8b-7a6d5e4f3a2b';
const v = (wall: number, counter = 0) => ({ wall, counter, device: DEVICE });
const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof SyncCryptoError ? error.problem : 'other';
  }
  return 'none';
};
const asyncProblem = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error instanceof SyncCryptoError ? error.problem : 'other';
  }
  return 'none';
};

describe('sync crypto', async () => {
  const { keyring, keys } = await createKeyring('fake sync passphrase 1', CHEAP);

  it('opens the keyring with its passphrase only, and refuses an edited one', async () => {
    const read = readKeyring(encodeKeyring(keyring));
    expect((await openKeyring(read, 'fake sync passphrase 1')).record.equals(keys.record)).toBe(true);
    expect(await asyncProblem(() => openKeyring(read, 'fake sync passphrase 2'))).toBe('wrong_passphrase');
    const cheaper = { ...read, kdf: { ...read.kdf, log2N: 15 } };
    expect(await asyncProblem(() => openKeyring(cheaper, 'fake sync passphrase 1'))).toBe('wrong_passphrase');
  });

  it('refuses a keyring that asks for too much or too little work, a newer one, and a stranger file', () => {
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    expect(problem(() => readKeyring(bytes({ ...keyring, kdf: { ...keyring.kdf, log2N: 30 } })))).toBe('tampered');
    expect(problem(() => readKeyring(bytes({ ...keyring, kdf: { ...keyring.kdf, log2N: 10 } })))).toBe('tampered');
    expect(problem(() => readKeyring(bytes({ ...keyring, version: 2 })))).toBe('newer_format');
    expect(problem(() => readKeyring(bytes({ hello: 1 })))).toBe('not_sync_file');
    expect(problem(() => readKeyring(new Uint8Array(5000)))).toBe('not_sync_file');
  });

  it('seals a record under its name and version: another name, version or byte does not open', () => {
    const name = recordFileName(keys, 'account', 'a');
    const other = recordFileName(keys, 'account', 'b');
    const plain = new TextEncoder().encode('{"secret":"fake-token"}');
    const sealed = sealRecord(keys, name, v(1_780_000_000_000, 3), plain);
    expect(Buffer.from(sealed).includes(Buffer.from('fake-token'))).toBe(false);
    expect(peekVersion(sealed)).toEqual(v(1_780_000_000_000, 3));
    expect(Buffer.from(openRecord(keys, name, sealed).plain).toString()).toBe('{"secret":"fake-token"}');
    expect(problem(() => openRecord(keys, other, sealed))).toBe('tampered');
    const older = Buffer.from(sealed);
    older.writeUInt32BE(2, 25); // the counter of the version, in the header
    expect(problem(() => openRecord(keys, name, older))).toBe('tampered');
    expect(problem(() => openRecord(keys, name, sealed.subarray(0, sealed.length - 1)))).toBe('tampered');
    const newer = Buffer.from(sealed);
    newer[4] = 2;
    expect(problem(() => openRecord(keys, name, newer))).toBe('newer_format');
    expect(problem(() => openRecord(keys, name, new TextEncoder().encode('<html>')))).toBe('not_sync_file');
  });

  it('names and digests are keyed: the same id has another name under another passphrase', async () => {
    const second = await createKeyring('fake sync passphrase 1', CHEAP);
    expect(recordFileName(keys, 'account', 'a')).toMatch(/^r-[0-9a-f]{40}\.kds$/);
    expect(recordFileName(second.keys, 'account', 'a')).not.toBe(recordFileName(keys, 'account', 'a'));
    expect(contentDigest(second.keys, 'x')).not.toBe(contentDigest(keys, 'x'));
  });
});
