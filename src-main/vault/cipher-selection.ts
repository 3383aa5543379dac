// Picks the vault's cipher, best first: safeStorage → OS keyring → passphrase (when the user set one) → memory,
// except that the backend the vault was last written with wins while it still works, so existing entries stay
// readable. Every backend tried is reported with a human-readable reason, for the Settings page.
import type { KeyringPort, SafeStoragePort } from '../platform/secret-backends';
import { CipherError, type CipherBackend, type SecretCipher } from './cipher';
import { KeyringCipher } from './keyring.cipher';
import { MemoryCipher } from './memory.cipher';
import { SafeStorageCipher, safeStorageUnusableReason } from './safe-storage.cipher';

export interface CipherSources {
  /** Electron's safeStorage; absent in browser mode. */
  readonly safeStorage?: SafeStoragePort | null;
  /** The OS keyring item holding the data key; absent when the keyring is not to be used. */
  readonly keyring?: KeyringPort | null;
  readonly platform?: NodeJS.Platform;
}

export interface BackendProbe {
  readonly backend: CipherBackend;
  readonly available: boolean;
  readonly reason: string;
}

export interface CipherSelection {
  readonly backend: CipherBackend;
  readonly reason: string;
  readonly probes: readonly BackendProbe[];
  /** Every cipher that works now (passphrase excluded: it needs an unlock), for reading older entries. */
  readonly ciphers: ReadonlyMap<CipherBackend, SecretCipher>;
}

export interface SelectionContext {
  /** The backend recorded in the vault file, if any. */
  readonly preferred?: CipherBackend | null;
  /** Whether the vault holds a passphrase header (the user set one). */
  readonly hasPassphrase: boolean;
}

export async function selectCipher(sources: CipherSources, context: SelectionContext): Promise<CipherSelection> {
  const platform = sources.platform ?? process.platform;
  const probes: BackendProbe[] = [];
  const ciphers = new Map<CipherBackend, SecretCipher>();

  if (sources.safeStorage) {
    const unusable = safeStorageUnusableReason(sources.safeStorage);
    if (unusable === null) ciphers.set('safe-storage', new SafeStorageCipher(sources.safeStorage));
    probes.push({
      backend: 'safe-storage',
      available: unusable === null,
      reason: unusable ?? safeStorageName(platform),
    });
  } else {
    probes.push({
      backend: 'safe-storage',
      available: false,
      reason: 'Electron safeStorage exists only in the desktop app',
    });
  }

  if (sources.keyring) {
    try {
      ciphers.set('keyring', await KeyringCipher.open(sources.keyring));
      probes.push({ backend: 'keyring', available: true, reason: keyringName(platform) });
    } catch (error) {
      probes.push({ backend: 'keyring', available: false, reason: keyringFailure(error, platform) });
    }
  } else {
    probes.push({ backend: 'keyring', available: false, reason: 'The OS keyring is not configured' });
  }

  probes.push({
    backend: 'passphrase',
    available: context.hasPassphrase,
    reason: context.hasPassphrase ? 'A passphrase protects the vault' : 'No passphrase has been set',
  });
  ciphers.set('memory', new MemoryCipher());
  probes.push({ backend: 'memory', available: true, reason: 'Secrets are kept for this session only' });

  const usable = (backend: CipherBackend): boolean => probes.some((p) => p.backend === backend && p.available);
  const reasonOf = (backend: CipherBackend): string => probes.find((p) => p.backend === backend)?.reason ?? '';
  const preferred = context.preferred;
  if (preferred && preferred !== 'memory' && usable(preferred)) {
    return { backend: preferred, reason: `${reasonOf(preferred)} (the vault was written with it)`, probes, ciphers };
  }
  const best = probes.find((p) => p.available) ?? { backend: 'memory' as const, reason: '' };
  const skipped = probes.filter((p) => !p.available && p.backend !== 'passphrase').map((p) => p.reason);
  const reason = best.backend === 'memory' ? `${skipped.join('; ')}. ${best.reason}` : best.reason;
  return { backend: best.backend, reason, probes, ciphers };
}

const safeStorageName = (platform: NodeJS.Platform): string =>
  platform === 'darwin'
    ? 'macOS Keychain via Electron safeStorage'
    : platform === 'win32'
      ? 'Windows DPAPI via Electron safeStorage'
      : 'Desktop keyring (libsecret / KWallet) via Electron safeStorage';

const keyringName = (platform: NodeJS.Platform): string =>
  platform === 'darwin'
    ? 'macOS Keychain holds the vault key'
    : platform === 'win32'
      ? 'Windows Credential Manager holds the vault key'
      : 'Secret Service (GNOME Keyring / KWallet) holds the vault key';

function keyringFailure(error: unknown, platform: NodeJS.Platform): string {
  const detail = error instanceof CipherError && error.cause instanceof Error ? error.cause.message : String(error);
  if (error instanceof CipherError && error.kind === 'format') return error.message;
  if (platform === 'linux' && /d-?bus|secret.?service|org\.freedesktop/i.test(detail)) {
    return `No Secret Service on D-Bus (${detail})`;
  }
  return `OS keyring unavailable (${detail})`;
}
