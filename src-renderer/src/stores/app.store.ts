// App store: the app's identity from `app:info` (name, version, mode, platform), loaded once on demand, and the data
// files found damaged at start (`app:storeProblems`), until the user dismisses each.
import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AppError, AppInfo, StoreProblem } from '../../../src-shared/contract';
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

  const storeProblems = ref<readonly StoreProblem[]>([]);
  async function loadStoreProblems(): Promise<void> {
    const result = await keydesk.app.storeProblems();
    // A failed read of the status is not itself a data problem; the next start asks again.
    if (result.ok) storeProblems.value = result.value;
  }
  function dismissStoreProblem(file: string): void {
    storeProblems.value = storeProblems.value.filter((p) => p.file !== file);
  }

  return { info, error, isLoading, load, storeProblems, loadStoreProblems, dismissStoreProblem };
});
