// The OS keyring through @napi-rs/keyring (Keychain, Windows Credential Manager, Secret Service). Async entries
// so a slow D-Bus round trip never blocks the main process; a timeout so a keyring prompt nobody answers cannot
// hang startup forever.
import { AsyncEntry } from '@napi-rs/keyring';
import type { KeyringPort } from '../secret-backends';

export function napiKeyring(service: string, account: string, timeoutMs = 15_000): KeyringPort {
  // On Linux pin the Secret Service: the default falls back to the kernel keyring (keyutils), which forgets
  // everything at reboot and would take the vault's data key with it.
  // Created on first use: the constructor throws when there is no D-Bus session, and that must surface as a
  // rejected call the cipher selection can explain, not as a crash at composition time.
  let entry: AsyncEntry | null = null;
  const use = async <R>(call: (entry: AsyncEntry, signal: AbortSignal) => Promise<R>): Promise<R> => {
    entry ??= new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
    return call(entry, AbortSignal.timeout(timeoutMs));
  };
  return {
    get: () => use((e, signal) => e.getPassword(signal)),
    set: (value) => use((e, signal) => e.setPassword(value, signal)),
    delete: () => use((e, signal) => e.deletePassword(signal)),
  };
}
