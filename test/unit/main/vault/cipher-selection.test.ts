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
    expect(s.reasons).toEqual([{ note: 'safe_storage_macos' }]);
  });

  it('skips Linux basic_text and uses the keyring, saying why', async () => {
    const s = await selectCipher(
      { safeStorage: fakeSafeStorage({ backend: 'basic_text' }), keyring: memoryKeyring(), platform: 'linux' },
      { hasPassphrase: false },
    );
    expect(s.backend).toBe('keyring');
    expect(s.probes.find((p) => p.backend === 'safe-storage')?.reason).toEqual({ note: 'safe_storage_basic_text' });
  });

  it('falls to memory with the reasons when there is no protected storage and no passphrase', async () => {
    const s = await selectCipher({ keyring: noDbus, platform: 'linux' }, { hasPassphrase: false });
    expect(s.backend).toBe('memory');
    expect(s.reasons.map((r) => r.note)).toEqual([
      'safe_storage_desktop_only',
      'keyring_no_secret_service',
      'memory_session_only',
    ]);
    // The system's own words travel as the detail, shown quoted.
    expect(s.reasons[1]?.detail).toMatch(/D-?Bus/i);
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
    expect(s.reasons).toEqual([{ note: 'keyring_linux' }, { note: 'written_with' }]);
    expect(s.ciphers.has('safe-storage')).toBe(true);
    const gone = await selectCipher({ ...sources, keyring: noDbus }, { preferred: 'keyring', hasPassphrase: false });
    expect(gone.backend).toBe('safe-storage');
  });
});
