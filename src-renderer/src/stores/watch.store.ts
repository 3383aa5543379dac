// Watch store: "which key can call a model" across accounts — the asked model, main's answer (matches cheapest
// first, accounts it could not read, known model ids for suggestions) — and the keys and plans expiring soon.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError, ExpiringAnswer, ModelSearchAnswer } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useWatchStore = defineStore('watch', () => {
  const model = ref('');
  const answer = shallowRef<ModelSearchAnswer | null>(null);
  const error = shallowRef<AppError | null>(null);
  const isLoading = ref(false);
  /** Model ids seen in any answer: suggestions before the first search of a model. */
  const knownModels = shallowRef<readonly string[]>([]);
  let asked = 0;

  async function search(next: string, fresh = false): Promise<void> {
    const wanted = next.trim();
    model.value = wanted;
    if (wanted === '') {
      answer.value = null;
      error.value = null;
      return;
    }
    const mine = ++asked;
    isLoading.value = true;
    const r = await keydesk.watch.whoCanCall({ model: wanted, fresh });
    // A newer search wins over the answer to an older one.
    if (mine !== asked) return;
    isLoading.value = false;
    if (r.ok) {
      answer.value = r.value;
      error.value = null;
      knownModels.value = r.value.knownModels;
    } else {
      answer.value = null;
      error.value = r.error;
    }
  }

  /** Reads keys and groups again (a price or a key changed on the site). */
  const refresh = (): Promise<void> => search(model.value, true);

  const expiring = shallowRef<ExpiringAnswer | null>(null);
  const expiringError = shallowRef<AppError | null>(null);
  const isExpiringLoading = ref(false);

  let expiringAsked = 0;
  /** A read of the sites still on its way (Refresh): main's cache is as it was before it until it answers. */
  let freshRead: Promise<unknown> | null = null;

  /** Keys and plans ending within the setting's days, across accounts. */
  async function loadExpiring(fresh = false): Promise<void> {
    const mine = ++expiringAsked;
    isExpiringLoading.value = true;
    // A read from the cache asked meanwhile (an account's state read again at start) would answer with the cache as it
    // was before the fresh read, and win as the newer read: it waits for the fresh read to fill the cache first.
    if (!fresh && freshRead !== null) await freshRead.catch(() => undefined);
    const asked = keydesk.watch.expiring({ fresh });
    if (fresh) {
      freshRead = asked;
      void asked.finally(() => {
        if (freshRead === asked) freshRead = null;
      });
    }
    const r = await asked;
    // The answer to a newer read (a changed number of days) wins over a slower older one: the first read on opening
    // fetches keys from the sites, a later one answers from the cache, and may come back first.
    if (mine !== expiringAsked) return;
    isExpiringLoading.value = false;
    if (r.ok) {
      expiring.value = r.value;
      expiringError.value = null;
    } else {
      expiringError.value = r.error;
    }
  }

  return {
    model,
    answer,
    error,
    isLoading,
    knownModels,
    search,
    refresh,
    expiring,
    expiringError,
    isExpiringLoading,
    loadExpiring,
  };
});
