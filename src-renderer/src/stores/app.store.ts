// App store: the app's identity from `app:info` (name, version, mode, platform), loaded once on demand.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError, AppInfo } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const error = ref<AppError | null>(null);
  const isLoading = ref(false);
  let inFlight: Promise<void> | null = null;

  async function fetchInfo(): Promise<void> {
    isLoading.value = true;
    try {
      const result = await keydesk.app.info();
      if (result.ok) {
        info.value = result.value;
        error.value = null;
      } else {
        error.value = result.error;
      }
    } finally {
      isLoading.value = false;
    }
  }

  /** Loads once; concurrent callers share the request; after a failure, calling again retries. */
  function load(): Promise<void> {
    if (info.value) return Promise.resolve();
    inFlight ??= fetchInfo().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return { info, error, isLoading, load };
});
