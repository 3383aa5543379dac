// Every cipher: round trips on random bytes and strings, a flipped bit anywhere fails authentication, a wrong
// passphrase fails, and the keyring/safeStorage rules (key created once, never overwritten, basic_text refused).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CipherError, type SecretCipher } from '../../../../src-main/vault/cipher';
import { KeyringCipher } from '../../../../src-main/vault/keyring.cipher';
import { MemoryCipher } from '../../../../src-main/vault/memory.cipher';
import { PassphraseCipher, STRONG_SCRYPT } from '../../../../src-main/vault/passphrase.cipher';
import { SafeStorageCipher, safeStorageUnusableReason } from '../../../../src-main/vault/safe-storage.cipher';
import { CHEAP_SCRYPT, fakeSafeStorage, flipBit, memoryKeyring, unreachableKeyring } from './fakes';

const makers: Record<string, () => Promise<SecretCipher>> = {
  memory: () => Promise.resolve(new MemoryCipher()),
  keyring: () => KeyringCipher.open(memoryKeyring()),
  passphrase: async () => (await PassphraseCipher.create('correct horse', CHEAP_SCRYPT)).cipher,
  'safe-storage': () => SafeStorageCipher.open(fakeSafeStorage()),
};

const plainArb = fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ unit: 'grapheme', maxLength: 300 }));
const bytesOf = (plain: Uint8Array | string): Uint8Array =>
  typeof plain === 'string' ? new TextEncoder().encode(plain) : plain;

describe.each(Object.keys(makers))('%s cipher', (name) => {
  const make = makers[name] as () => Promise<SecretCipher>;

  // Chromium's safeStorage uses a constant IV, so only the AES-GCM ciphers promise a fresh ciphertext.
  const fresh = name !== 'safe-storage';
  it('round-trips any bytes and any unicode string (fresh ciphertext each time where the backend allows)', async () => {
    const cipher = await make();
    expect(cipher.backend).toBe(name);
    await fc.assert(
      fc.asyncProperty(plainArb, async (plain) => {
        const blob = await cipher.encrypt(plain);
        expect(await cipher.decrypt(blob)).toEqual(bytesOf(plain));
        if (fresh) expect(Buffer.from(await cipher.encrypt(plain)).equals(Buffer.from(blob))).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('fails authentication when any single bit of the ciphertext is flipped', async () => {
    const cipher = await make();
    await fc.assert(
      fc.asyncProperty(plainArb, fc.nat(), async (plain, bit) => {
        const blob = await cipher.encrypt(plain);
        const flipped = flipBit(blob, bit % (blob.length * 8));
        await expect(cipher.decrypt(flipped)).rejects.toBeInstanceOf(CipherError);
      }),
      { numRuns: 150 },
    );
  });

  // Exhaustive for one short value under several keys: a flip in the last CBC block that happened to leave valid
  // padding once slipped through the safe-storage cipher's lenient base64 decoder (fast-check, seed -260968235).
  it('fails authentication for every single-bit flip of a one-byte value', async () => {
    const accepted: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const cipher = await make();
      const blob = await cipher.encrypt('_');
      for (let bit = 0; bit < blob.length * 8; bit += 1) {
        const outcome = await cipher.decrypt(flipBit(blob, bit)).then(
          () => 'accepted',
          (error: unknown) => (error instanceof CipherError ? 'refused' : 'other error'),
        );
        if (outcome !== 'refused') accepted.push(`round ${round}, bit ${bit}: ${outcome}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('rejects truncated ciphertext', async () => {
    const cipher = await make();
    const blob = await cipher.encrypt('secret value');
    for (const length of [0, 1, 12, blob.length - 1]) {
      await expect(cipher.decrypt(blob.subarray(0, length))).rejects.toBeInstanceOf(CipherError);
    }
  });
});

describe('passphrase cipher', () => {
  it('fails cleanly on a wrong passphrase and opens with the right one', async () => {
    const { cipher, kdf } = await PassphraseCipher.create('pässwörd 🔑', CHEAP_SCRYPT);
    const blob = await cipher.encrypt('sk-secret');
    await expect(PassphraseCipher.unlock(kdf, 'passwörd 🔑')).rejects.toMatchObject({ kind: 'authentication' });
    await expect(PassphraseCipher.unlock(kdf, '')).rejects.toMatchObject({ kind: 'authentication' });
    const again = await PassphraseCipher.unlock(kdf, 'pässwörd 🔑');
    expect(new TextDecoder().decode(await again.decrypt(blob))).toBe('sk-secret');
  });

  it('treats composed and decomposed Unicode forms of a passphrase as the same passphrase', async () => {
    const { kdf } = await PassphraseCipher.create('caf\u00e9', CHEAP_SCRYPT);
    await expect(PassphraseCipher.unlock(kdf, 'cafe\u0301')).resolves.toBeInstanceOf(PassphraseCipher);
  });

  it('records salt and parameters in its header; a new salt each time', async () => {
    const a = await PassphraseCipher.create('same', CHEAP_SCRYPT);
    const b = await PassphraseCipher.create('same', CHEAP_SCRYPT);
    expect(a.kdf).toMatchObject({ name: 'scrypt', ...CHEAP_SCRYPT });
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(STRONG_SCRYPT).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  });

  it('refuses an empty passphrase and a header asking for absurd memory', async () => {
    await expect(PassphraseCipher.create('', CHEAP_SCRYPT)).rejects.toBeInstanceOf(CipherError);
    const { kdf } = await PassphraseCipher.create('x', CHEAP_SCRYPT);
    await expect(PassphraseCipher.unlock({ ...kdf, N: 2 ** 30 }, 'x')).rejects.toThrow();
  });

  it('derives with the strong default parameters', { timeout: 30_000 }, async () => {
    const { cipher, kdf } = await PassphraseCipher.create('strong one');
    expect(kdf.N).toBe(2 ** 17);
    const reopened = await PassphraseCipher.unlock(kdf, 'strong one');
    expect(new TextDecoder().decode(await reopened.decrypt(await cipher.encrypt('x')))).toBe('x');
  });
});

describe('keyring cipher', () => {
  it('creates one random 256-bit data key and reuses it', async () => {
    const keyring = memoryKeyring();
    const first = await KeyringCipher.open(keyring);
    const stored = keyring.value;
    expect(Buffer.from(stored ?? '', 'base64')).toHaveLength(32);
    const second = await KeyringCipher.open(keyring);
    expect(keyring.value).toBe(stored);
    expect(new TextDecoder().decode(await second.decrypt(await first.encrypt('shared')))).toBe('shared');
  });

  it('never overwrites a keyring item that does not hold a key', async () => {
    const keyring = memoryKeyring('not a key');
    await expect(KeyringCipher.open(keyring)).rejects.toMatchObject({ kind: 'format' });
    expect(keyring.value).toBe('not a key');
  });

  it('reports an unreachable keyring as unavailable', async () => {
    await expect(KeyringCipher.open(unreachableKeyring('no D-Bus'))).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('cannot open what another data key sealed', async () => {
    const a = await KeyringCipher.open(memoryKeyring());
    const b = await KeyringCipher.open(memoryKeyring());
    await expect(b.decrypt(await a.encrypt('x'))).rejects.toMatchObject({ kind: 'authentication' });
  });
});

describe('safeStorage cipher', () => {
  it('is refused where its backend does not protect data', async () => {
    expect(await safeStorageUnusableReason(fakeSafeStorage({ backend: 'basic_text' }))).toMatch(/basic_text/);
    expect(await safeStorageUnusableReason(fakeSafeStorage({ backend: 'unknown' }))).toMatch(/unknown|identify/);
    expect(await safeStorageUnusableReason(fakeSafeStorage({ available: false }))).toMatch(/unavailable/);
    await expect(SafeStorageCipher.open(fakeSafeStorage({ backend: 'basic_text' }))).rejects.toBeInstanceOf(
      CipherError,
    );
  });

  it('refuses a decrypted text that is not exactly digest.body in canonical base64', async () => {
    const port = fakeSafeStorage();
    const cipher = await SafeStorageCipher.open(port);
    const [sum = '', body = ''] = (await port.decryptString(await cipher.encrypt('_'))).text.split('.');
    expect(body).toBe('Xw==');
    const forged = [`${sum}.Xw=\u0007junk`, `${sum}.Xw`, `${sum}.Xw==.more`, `${sum}x.Xw==`];
    for (const text of forged) {
      await expect(cipher.decrypt(await port.encryptString(text))).rejects.toMatchObject({ kind: 'authentication' });
    }
    expect(new TextDecoder().decode(await cipher.decrypt(await port.encryptString(`${sum}.${body}`)))).toBe('_');
  });

  it('is used on macOS/Windows (no Linux backend) and with libsecret or kwallet', async () => {
    for (const backend of [null, 'gnome_libsecret', 'kwallet', 'kwallet5', 'kwallet6'] as const) {
      expect(await safeStorageUnusableReason(fakeSafeStorage({ backend }))).toBeNull();
    }
  });

  it('says when safeStorage asks for a value to be sealed again under its rotated key', async () => {
    let isRotated = false;
    const cipher = await SafeStorageCipher.open(fakeSafeStorage({ shouldReEncrypt: () => isRotated }));
    const blob = await cipher.encrypt('secret');
    expect((await cipher.open(blob)).shouldReseal).toBe(false);
    isRotated = true;
    const opened = await cipher.open(blob);
    expect(opened.shouldReseal).toBe(true);
    expect(new TextDecoder().decode(opened.plain)).toBe('secret');
  });
});
