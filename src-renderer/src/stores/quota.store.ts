// Quota store: every account's last known balance (served by main at once from its cache, then kept current by
// quota:updated), manual refresh, and per-account history loaded on demand. DTOs only; main owns the schedule.
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef } from 'vue';
import type { AppError, BalanceHistory, BalanceView, Result, SiteBudgetLow } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useQuotaStore = defineStore('quota', () => {
  // Both replaced whole on every answer, never edited in place: shallow, so no per-field tracking of each balance.
  // Maps by account id: an older data folder's account may be called `constructor` or `__proto__`.
  const balances = shallowRef<ReadonlyMap<string, BalanceView>>(new Map());
  const histories = shallowRef<ReadonlyMap<string, BalanceHistory>>(new Map());
  const loadError = ref<AppError | null>(null);
  const isRefreshing = ref(false);
  const isHydrated = ref(false);

  const accept = (view: BalanceView): void => {
    const known = balances.value.get(view.accountId);
    // An older answer never overwrites a newer value (events and invokes may cross).
    if (known && (known.fetchedAt ?? 0) > (view.fetchedAt ?? 0) && view.error === null) return;
    balances.value = new Map(balances.value).set(view.accountId, view);
  };

  const unsubscribe = keydesk.on('quota:updated', (view) => {
    accept(view);
    if (histories.value.has(view.accountId)) void loadHistory(view.accountId);
  });
  onScopeDispose(unsubscribe);
  /** The last warning that the user's own requests are spending a site's shared bucket (SiteBudgetNotice says it). */
  const budgetLow = shallowRef<SiteBudgetLow | null>(null);
  onScopeDispose(
    keydesk.on('quota:budgetLow', (low) => {
      budgetLow.value = low;
    }),
  );

  /** Takes a snapshot's answer: every balance at once (one change for the sidebar), none older than one known. */
  function hydrateWith(result: Result<readonly BalanceView[]>): void {
    if (!result.ok) {
      loadError.value = result.error;
      return;
    }
    const next = new Map(balances.value);
    for (const view of result.value) {
      const known = next.get(view.accountId);
      if (!known || (known.fetchedAt ?? 0) <= (view.fetchedAt ?? 0) || view.error !== null)
        next.set(view.accountId, view);
    }
    balances.value = next;
    isHydrated.value = true;
    loadError.value = null;
  }

  let inFlight: Promise<void> | null = null;
  /** Reads the cached balances again (after a start that took them from the page, for what changed since). */
  function reload(): Promise<void> {
    inFlight ??= keydesk.quota
      .snapshot()
      .then(hydrateWith)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }
  /** The cached balances, once; later calls share the first load. */
  function hydrate(): Promise<void> {
    return isHydrated.value ? Promise.resolve() : reload();
  }

  /** Asks main to refresh one account or all; main applies the once-a-minute rule and the cache. */
  async function refresh(accountId?: string): Promise<void> {
    isRefreshing.value = true;
    try {
      const result = await keydesk.quota.refresh(accountId === undefined ? {} : { accountId });
      if (result.ok) for (const view of result.value) accept(view);
      else loadError.value = result.error;
    } finally {
      isRefreshing.value = false;
    }
  }

  async function loadHistory(accountId: string): Promise<void> {
    const result = await keydesk.quota.history({ accountId });
    if (result.ok) histories.value = new Map(histories.value).set(accountId, result.value);
  }

  /** For the sidebar rows, the account page and anything else showing a balance; null = nothing known yet. */
  const balanceOf = computed(
    () =>
      (accountId: string): BalanceView | null =>
        balances.value.get(accountId) ?? null,
  );
  const historyOf = computed(
    () =>
      (accountId: string): BalanceHistory | null =>
        histories.value.get(accountId) ?? null,
  );

  return {
    budgetLow,
    balances,
    loadError,
    isRefreshing,
    isHydrated,
    hydrate,
    hydrateWith,
    reload,
    refresh,
    loadHistory,
    balanceOf,
    historyOf,
  };
});
