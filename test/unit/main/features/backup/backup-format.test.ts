// The backup file format: a round trip gives the bytes back; a wrong passphrase, any flipped bit, a truncation, a
// trailing byte, an unknown version and KDF parameters outside the bounds are each refused with their own problem,
// most before any key is derived. scrypt runs at the smallest cost a file may ask (2^14), to keep the suite quick.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BackupFormatError,
  decodeBackup,
  encodeBackup,
  HEADER_BYTES,
  isAcceptableScrypt,
  MAX_BACKUP_BYTES,
  readHeader,
} from '../../../../../src-main/features/backup/backup-format';

const CHEAP = { N: 2 ** 14, r: 8, p: 1 };
const PASSPHRASE = 'correct horse battery staple';

async function problemOf(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    if (error instanceof BackupFormatError) return error.problem;
    throw error;
  }
  return 'accepted';
}

/** A header edited as a writer of another version would: the digest recomputed, so only the edit is wrong. */
function withHeaderEdit(file: Uint8Array, edit: (fixed: Buffer) => void): Uint8Array {
  const copy = Buffer.from(file);
  const fixed = copy.subarray(0, HEADER_BYTES - 32);
  edit(fixed);
  createHash('sha256')
    .update(fixed)
    .digest()
    .copy(copy, HEADER_BYTES - 32);
  return new Uint8Array(copy);
}

describe('backup file format', () => {
  it('gives back exactly what was sealed, and each file is different (fresh salt and nonce)', async () => {
    const plain = new TextEncoder().encode('{"format":"keydesk-backup"}');
    const first = await encodeBackup(plain, PASSPHRASE, CHEAP);
    const second = await encodeBackup(plain, PASSPHRASE, CHEAP);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(false);
    expect(await decodeBackup(first, PASSPHRASE)).toEqual(plain);
    expect(Buffer.from(first).includes(Buffer.from('keydesk-backup'))).toBe(false);
  });

  it('round-trips any body under any passphrase', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (plain, passphrase) => {
          expect(await decodeBackup(await encodeBackup(plain, passphrase, CHEAP), passphrase)).toEqual(plain);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('says "wrong passphrase" for another passphrase, also one differing by a character', async () => {
    const file = await encodeBackup(new Uint8Array([1, 2, 3]), PASSPHRASE, CHEAP);
    expect(await problemOf(decodeBackup(file, `${PASSPHRASE}!`))).toBe('wrong_passphrase');
    expect(await problemOf(decodeBackup(file, PASSPHRASE.toUpperCase()))).toBe('wrong_passphrase');
  });

  it('refuses the file with any single bit flipped, wherever it is', async () => {
    const plain = new TextEncoder().encode('accounts and credentials');
    const file = await encodeBackup(plain, PASSPHRASE, CHEAP);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: file.length * 8 - 1 }), async (bit) => {
        const flipped = Uint8Array.from(file);
        flipped[bit >> 3] = (flipped[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        const problem = await problemOf(decodeBackup(flipped, PASSPHRASE));
        // The header's digest covers the passphrase check too: damage is never taken for a wrong passphrase.
        expect(problem).toBe(bit >> 3 < 8 ? 'not_backup' : 'damaged');
      }),
      { numRuns: 40 },
    );
    // Every byte of the body and tag, not only a sample.
    for (let at = HEADER_BYTES; at < file.length; at++) {
      const flipped = Uint8Array.from(file);
      flipped[at] = (flipped[at] ?? 0) ^ 0x01;
      expect(await problemOf(decodeBackup(flipped, PASSPHRASE))).toBe('damaged');
    }
  });

  it('refuses a truncated file and one with bytes after the tag, before deriving a key', async () => {
    const file = await encodeBackup(new Uint8Array(100).fill(7), PASSPHRASE, CHEAP);
    for (const length of [0, 4, 8, 60, HEADER_BYTES, file.length - 1]) {
      expect(() => readHeader(file.subarray(0, length))).toThrow(BackupFormatError);
    }
    expect(await problemOf(decodeBackup(file.subarray(0, file.length - 1), PASSPHRASE))).toBe('damaged');
    expect(await problemOf(decodeBackup(Buffer.concat([file, Buffer.from([0])]), PASSPHRASE))).toBe('damaged');
    expect(await problemOf(decodeBackup(new Uint8Array(), PASSPHRASE))).toBe('not_backup');
    expect(await problemOf(decodeBackup(new TextEncoder().encode('{"accounts":[]}'), PASSPHRASE))).toBe('not_backup');
  });

  it('refuses an unknown version or KDF, even with an intact header', async () => {
    const file = await encodeBackup(new Uint8Array([1]), PASSPHRASE, CHEAP);
    const v2 = withHeaderEdit(file, (fixed) => fixed.writeUInt8(2, 8));
    expect(await problemOf(decodeBackup(v2, PASSPHRASE))).toBe('unsupported_version');
    const otherKdf = withHeaderEdit(file, (fixed) => fixed.writeUInt8(2, 9));
    expect(await problemOf(decodeBackup(otherKdf, PASSPHRASE))).toBe('unsupported_version');
  });

  it('refuses KDF parameters that would allocate too much (or cost too little), without running scrypt', async () => {
    const file = await encodeBackup(new Uint8Array([1]), PASSPHRASE, CHEAP);
    const hostile = [
      (fixed: Buffer) => fixed.writeUInt8(30, 10), // N = 2^30: 1 TiB at r = 8
      (fixed: Buffer) => fixed.writeUInt8(18, 10), // N = 2^18 at r = 8: 256 MiB is the ceiling, fine…
      (fixed: Buffer) => {
        fixed.writeUInt8(18, 10); // …but not with r = 16 (512 MiB)
        fixed.writeUInt8(16, 11);
      },
      (fixed: Buffer) => fixed.writeUInt8(255, 11), // r = 255
      (fixed: Buffer) => fixed.writeUInt8(200, 12), // p = 200
      (fixed: Buffer) => fixed.writeUInt8(4, 10), // N = 16: too cheap to guard anything
    ];
    const problems = hostile.map((edit) => {
      try {
        readHeader(withHeaderEdit(file, edit));
        return 'accepted';
      } catch (error) {
        return (error as BackupFormatError).problem;
      }
    });
    expect(problems).toEqual([
      'unsupported_version',
      'accepted',
      'unsupported_version',
      'unsupported_version',
      'unsupported_version',
      'unsupported_version',
    ]);
    expect(isAcceptableScrypt({ N: 2 ** 17, r: 8, p: 1 })).toBe(true);
    await expect(encodeBackup(new Uint8Array(), PASSPHRASE, { N: 2 ** 20, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });

  it('refuses a file over the size limit before reading it', async () => {
    expect(await problemOf(decodeBackup(new Uint8Array(MAX_BACKUP_BYTES + 1), PASSPHRASE))).toBe('too_large');
    expect(await problemOf(encodeBackup(new Uint8Array(MAX_BACKUP_BYTES), PASSPHRASE, CHEAP))).toBe('too_large');
  });
});
