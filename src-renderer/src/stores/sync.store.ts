// Sync store: the status of sync between computers (Settings) and its actions over the bridge. Hydrated once and
// kept current by `sync:changed`; a passphrase or app password is held only for the one call that sends it.
import { defineStore } from 'pinia';
import { onScopeDispose, ref, shallowRef } from 'vue';
import type { AppError, Result, SyncSettingGroup, SyncSetupArgs, SyncStatus } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useSyncStore = defineStore('sync', () => {
  const status = shallowRef<SyncStatus | null>(null);
  const loadError = shallowRef<AppError | null>(null);
  const actionError = shallowRef<AppError | null>(null);
  const isWorking = ref(false);

  const unsubscribe = keydesk.on('sync:changed', (next) => {
    status.value = next;
  });
  onScopeDispose(unsubscribe);

  let inFlight: Promise<void> | null = null;
  function hydrate(): Promise<void> {
    if (status.value !== null) return Promise.resolve();
    inFlight ??= keydesk.sync
      .status()
      .then((result) => {
        if (result.ok) status.value = result.value;
        else loadError.value = result.error;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  async function run(action: () => Promise<Result<SyncStatus>>): Promise<Result<SyncStatus>> {
    isWorking.value = true;
    actionError.value = null;
    try {
      const result = await action();
      if (result.ok) status.value = result.value;
      else actionError.value = result.error;
      return result;
    } finally {
      isWorking.value = false;
    }
  }

  return {
    status,
    loadError,
    actionError,
    isWorking,
    hydrate,
    setUp: (args: SyncSetupArgs) => run(() => keydesk.sync.setUp(args)),
    syncNow: () => run(() => keydesk.sync.now()),
    setGroups: (groups: readonly SyncSettingGroup[]) => run(() => keydesk.sync.setGroups({ groups })),
    resolve: (conflictId: string, copyId: string) => run(() => keydesk.sync.resolve({ conflictId, copyId })),
    dismissNotice: (id: string) => run(() => keydesk.sync.dismissNotice({ id })),
    removeDevice: () => run(() => keydesk.sync.removeDevice()),
    clearActionError: () => {
      actionError.value = null;
    },
  };
});
