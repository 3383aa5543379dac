// Picks the vault's cipher, best first: safeStorage → OS keyring → passphrase (when the user set one) → memory,
// except that the backend the vault was last written with wins while it still works, so existing entries stay
// readable. Every backend tried is reported with a named reason (the renderer words it), for the Settings page.
import type { VaultNote } from '../../src-shared/contract';
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
  readonly reason: VaultNote;
}

export interface CipherSelection {
  readonly backend: CipherBackend;
  readonly reasons: readonly VaultNote[];
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
    const unusable = await safeStorageUnusableReason(sources.safeStorage);
    if (unusable === null) ciphers.set('safe-storage', await SafeStorageCipher.open(sources.safeStorage));
    probes.push({
      backend: 'safe-storage',
      available: unusable === null,
      reason: unusable === null ? safeStorageName(platform) : { note: unusable },
    });
  } else {
    probes.push({
      backend: 'safe-storage',
      available: false,
      reason: { note: 'safe_storage_desktop_only' },
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
    probes.push({ backend: 'keyring', available: false, reason: { note: 'keyring_not_configured' } });
  }

  probes.push({
    backend: 'passphrase',
    available: context.hasPassphrase,
    reason: { note: context.hasPassphrase ? 'passphrase_set' : 'passphrase_none' },
  });
  ciphers.set('memory', new MemoryCipher());
  probes.push({ backend: 'memory', available: true, reason: { note: 'memory_session_only' } });

  const usable = (backend: CipherBackend): boolean => probes.some((p) => p.backend === backend && p.available);
  const reasonOf = (backend: CipherBackend): VaultNote[] =>
    probes.filter((p) => p.backend === backend).map((p) => p.reason);
  const preferred = context.preferred;
  if (preferred && preferred !== 'memory' && usable(preferred)) {
    return { backend: preferred, reasons: [...reasonOf(preferred), { note: 'written_with' }], probes, ciphers };
  }
  // Memory is always available, so a probe is always found; the fallback only satisfies the type.
  const best = probes.find((p) => p.available) ?? {
    backend: 'memory' as const,
    available: true,
    reason: { note: 'memory_session_only' as const },
  };
  const skipped = probes.filter((p) => !p.available && p.backend !== 'passphrase').map((p) => p.reason);
  const reasons = best.backend === 'memory' ? [...skipped, best.reason] : [best.reason];
  return { backend: best.backend, reasons, probes, ciphers };
}

const safeStorageName = (platform: NodeJS.Platform): VaultNote => ({
  note:
    platform === 'darwin' ? 'safe_storage_macos' : platform === 'win32' ? 'safe_storage_windows' : 'safe_storage_linux',
});

const keyringName = (platform: NodeJS.Platform): VaultNote => ({
  note: platform === 'darwin' ? 'keyring_macos' : platform === 'win32' ? 'keyring_windows' : 'keyring_linux',
});

/** The keyring's failure, named; the system's own words (a D-Bus error) go along as the quoted detail. */
function keyringFailure(error: unknown, platform: NodeJS.Platform): VaultNote {
  const detail = error instanceof CipherError && error.cause instanceof Error ? error.cause.message : String(error);
  if (error instanceof CipherError && error.kind === 'format') return { note: 'keyring_format' };
  if (platform === 'linux' && /d-?bus|secret.?service|org\.freedesktop/i.test(detail)) {
    return { note: 'keyring_no_secret_service', detail };
  }
  return { note: 'keyring_unavailable', detail };
}
