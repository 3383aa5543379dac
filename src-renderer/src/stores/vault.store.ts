// Vault store: which backend protects the credentials and why, its problems, and the passphrase actions. Hydrated
// once over the bridge and kept current by `vault:changed`; never holds a passphrase beyond the call.
import { defineStore } from 'pinia';
import { onScopeDispose, ref } from 'vue';
import type { AppError, Result, VaultStatus } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useVaultStore = defineStore('vault', () => {
  const status = ref<VaultStatus | null>(null);
  const loadError = ref<AppError | null>(null);
  const isLoading = ref(false);
  const isWorking = ref(false);

  let version = 0;
  const accept = (next: VaultStatus): void => {
    version += 1;
    status.value = next;
    loadError.value = null;
  };
  const unsubscribe = keydesk.on('vault:changed', accept);
  onScopeDispose(unsubscribe);

  async function load(): Promise<void> {
    const startedAt = version;
    isLoading.value = true;
    try {
      const result = await keydesk.vault.status();
      if (result.ok) {
        if (version === startedAt) accept(result.value);
      } else if (status.value === null) {
        loadError.value = result.error;
      }
    } finally {
      isLoading.value = false;
    }
  }

  let inFlight: Promise<void> | null = null;
  function hydrate(): Promise<void> {
    if (status.value !== null) return Promise.resolve();
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function run(action: () => Promise<Result<VaultStatus>>): Promise<Result<VaultStatus>> {
    isWorking.value = true;
    try {
      const result = await action();
      if (result.ok) accept(result.value);
      return result;
    } finally {
      isWorking.value = false;
    }
  }

  return {
    status,
    loadError,
    isLoading,
    isWorking,
    hydrate,
    reload: load,
    setPassphrase: (passphrase: string) => run(() => keydesk.vault.setPassphrase({ passphrase })),
    unlock: (passphrase: string) => run(() => keydesk.vault.unlock({ passphrase })),
    changePassphrase: (current: string, next: string) => run(() => keydesk.vault.changePassphrase({ current, next })),
    lock: () => run(() => keydesk.vault.lock()),
  };
});
