// Health store: each key's last check (kept by main, pushed again by health:changed), the schedule, and the checks
// and one-token calls the user asks for. DTOs only: main holds the keys and decides what may be checked.
import { defineStore } from 'pinia';
import { onScopeDispose, ref, shallowRef } from 'vue';
import type {
  AppError,
  CallQuote,
  HealthIntervalHours,
  HealthPassOutcome,
  HealthSettings,
  KeyHealthView,
  Result,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

/** The key of a result, as the keys table keys its rows (`accountId:id`). */
export const healthKey = (accountId: string, keyId: number): string => `${accountId}:${String(keyId)}`;

export const useHealthStore = defineStore('health', () => {
  // Replaced whole on every change, read once per drawn row: shallow, no tracking of each result's fields.
  const byKey = shallowRef<ReadonlyMap<string, KeyHealthView>>(new Map());
  const settings = shallowRef<HealthSettings | null>(null);
  const checking = ref<ReadonlySet<string>>(new Set());
  const error = shallowRef<AppError | null>(null);

  const accept = (views: readonly KeyHealthView[]): void => {
    if (views.length === 0) return;
    const next = new Map(byKey.value);
    for (const v of views) {
      const at = healthKey(v.accountId, v.keyId);
      const known = next.get(at);
      // An older answer never replaces a newer one (a pass and a click may cross); the ids a check read are kept.
      if (known && known.checkedAt > v.checkedAt) continue;
      next.set(at, v.modelIds === null && known?.modelIds ? { ...v, modelIds: known.modelIds } : v);
    }
    byKey.value = next;
  };
  const unsubscribe = keydesk.on('health:changed', accept);
  onScopeDispose(unsubscribe);

  let hydrating: Promise<void> | null = null;
  /** Every kept result and the schedule, once. */
  function hydrate(): Promise<void> {
    hydrating ??= Promise.all([keydesk.health.list(), keydesk.health.settings()]).then(([list, s]) => {
      if (list.ok) accept(list.value);
      if (s.ok) settings.value = s.value;
    });
    return hydrating;
  }

  const resultOf = (accountId: string, keyId: number): KeyHealthView | undefined =>
    byKey.value.get(healthKey(accountId, keyId));
  const isChecking = (id: string): boolean => checking.value.has(id);

  async function busy<T>(id: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
    checking.value = new Set([...checking.value, id]);
    try {
      return await run();
    } finally {
      const rest = new Set(checking.value);
      rest.delete(id);
      checking.value = rest;
    }
  }

  async function check(accountId: string, keyId: number): Promise<Result<KeyHealthView>> {
    const r = await busy(healthKey(accountId, keyId), () => keydesk.health.check({ accountId, keyId }));
    if (r.ok) accept([r.value]);
    return r;
  }

  async function checkAccount(accountId: string): Promise<Result<HealthPassOutcome>> {
    const r = await busy(accountId, () => keydesk.health.checkAccount({ accountId }));
    if (r.ok) accept(r.value.results);
    error.value = r.ok ? r.value.error : r.error;
    return r;
  }

  const quote = (accountId: string, keyId: number, model: string): Promise<Result<CallQuote>> =>
    keydesk.health.quote({ accountId, keyId, model });

  async function call(accountId: string, keyId: number, model: string): Promise<Result<KeyHealthView>> {
    const r = await busy(healthKey(accountId, keyId), () => keydesk.health.call({ accountId, keyId, model }));
    if (r.ok) accept([r.value]);
    return r;
  }

  async function setSchedule(intervalHours: HealthIntervalHours): Promise<void> {
    const r = await keydesk.health.setSchedule({ intervalHours });
    if (r.ok) settings.value = r.value;
    error.value = r.ok ? null : r.error;
  }

  return { byKey, settings, error, hydrate, resultOf, isChecking, check, checkAccount, quote, call, setSchedule };
});
