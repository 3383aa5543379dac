// Cipher selection: best available first, sticky to the vault's recorded backend, with a reason for each choice.
import { describe, expect, it } from 'vitest';
import { selectCipher } from '../../../../src-main/vault/cipher-selection';
import { fakeSafeStorage, memoryKeyring, unreachableKeyring } from './fakes';

const noDbus = unreachableKeyring('Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled');

describe('selectCipher', () => {
  it('prefers safeStorage when its backend protects data', async () => {
    const s = await selectCipher(
      { safeStorage: fakeSafeStorage(), keyring: memoryKeyring(), platform: 'darwin' },
      { hasPassphrase: false },
    );
    expect(s.backend).toBe('safe-storage');
    expect(s.reason).toMatch(/Keychain/);
  });

  it('skips Linux basic_text and uses the keyring, saying why', async () => {
    const s = await selectCipher(
      { safeStorage: fakeSafeStorage({ backend: 'basic_text' }), keyring: memoryKeyring(), platform: 'linux' },
      { hasPassphrase: false },
    );
    expect(s.backend).toBe('keyring');
    expect(s.probes.find((p) => p.backend === 'safe-storage')?.reason).toMatch(/basic_text backend does not protect/);
  });

  it('falls to memory with the reasons when there is no protected storage and no passphrase', async () => {
    const s = await selectCipher({ keyring: noDbus, platform: 'linux' }, { hasPassphrase: false });
    expect(s.backend).toBe('memory');
    expect(s.reason).toMatch(/No Secret Service on D-Bus/);
    expect(s.reason).toMatch(/session only/);
    expect([...s.ciphers.keys()]).toEqual(['memory']);
  });

  it('uses the passphrase the user set when nothing better exists', async () => {
    const s = await selectCipher({ keyring: noDbus, platform: 'linux' }, { hasPassphrase: true });
    expect(s.backend).toBe('passphrase');
    expect(s.ciphers.has('passphrase')).toBe(false); // needs an unlock first
  });

  it('keeps the backend the vault was written with while it works', async () => {
    const sources = { safeStorage: fakeSafeStorage(), keyring: memoryKeyring(), platform: 'linux' as const };
    const s = await selectCipher(sources, { preferred: 'keyring', hasPassphrase: false });
    expect(s.backend).toBe('keyring');
    expect(s.reason).toMatch(/written with it/);
    expect(s.ciphers.has('safe-storage')).toBe(true);
    const gone = await selectCipher({ ...sources, keyring: noDbus }, { preferred: 'keyring', hasPassphrase: false });
    expect(gone.backend).toBe('safe-storage');
  });
});
