// Spend store: the accounts whose keys' spend is tracked (main lists their keys every 5 minutes) and each
// account's top spenders over the last hour and day.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { AppError, KeySpendHistory, KeySpendView, SpendSettings } from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useSpendStore = defineStore('spend', () => {
  const settings = shallowRef<SpendSettings | null>(null);
  // By account id, as a Map: an older data folder's account may be called `constructor` or `__proto__`.
  const top = shallowRef<ReadonlyMap<string, readonly KeySpendView[]>>(new Map());
  const error = shallowRef<AppError | null>(null);
  const isSaving = ref(false);

  async function load(accountId: string): Promise<void> {
    const [s, t] = await Promise.all([keydesk.spend.settings(), keydesk.spend.top({ accountId, limit: 5 })]);
    if (s.ok) settings.value = s.value;
    if (t.ok) top.value = new Map(top.value).set(accountId, t.value);
    error.value = !s.ok ? s.error : !t.ok ? t.error : null;
  }

  /** Every tracked account's top spenders, one list (the Accounts page). */
  const topAll = shallowRef<readonly KeySpendView[]>([]);
  async function loadAll(): Promise<void> {
    const [s, t] = await Promise.all([keydesk.spend.settings(), keydesk.spend.top({ limit: 5 })]);
    if (s.ok) settings.value = s.value;
    if (t.ok) topAll.value = t.value;
  }

  /** One key's reads of the last day; null when they could not be read (the chart then shows nothing). */
  async function keyHistory(accountId: string, keyId: number): Promise<KeySpendHistory | null> {
    const r = await keydesk.spend.keyHistory({ accountId, keyId });
    return r.ok ? r.value : null;
  }

  const isTracked = (accountId: string): boolean => settings.value?.trackedAccountIds.includes(accountId) ?? false;

  async function setTracking(accountId: string, isTracking: boolean): Promise<void> {
    isSaving.value = true;
    const r = await keydesk.spend.setTracking({ accountId, isTracking });
    isSaving.value = false;
    if (r.ok) {
      settings.value = r.value;
      error.value = null;
      await load(accountId);
    } else {
      error.value = r.error;
    }
  }

  /** The key's cap per day in quota units, or null when it has none (own entries only: ids come from files). */
  const capOf = (accountId: string, keyId: number): number | null => {
    const caps = settings.value?.dailyCaps;
    const ofAccount = caps !== undefined && Object.hasOwn(caps, accountId) ? caps[accountId] : undefined;
    return ofAccount !== undefined && Object.hasOwn(ofAccount, String(keyId))
      ? (ofAccount[String(keyId)] ?? null)
      : null;
  };

  /** Sets (or with null removes) a key's cap per day; the error is returned for the form that asked. */
  async function setDailyCap(accountId: string, keyId: number, capUnits: number | null): Promise<AppError | null> {
    const r = await keydesk.spend.setDailyCap({ accountId, keyId, capUnits });
    if (!r.ok) return r.error;
    settings.value = r.value;
    return null;
  }

  async function loadSettings(): Promise<void> {
    const s = await keydesk.spend.settings();
    if (s.ok) settings.value = s.value;
  }

  return {
    settings,
    top,
    topAll,
    error,
    isSaving,
    load,
    loadAll,
    loadSettings,
    keyHistory,
    isTracked,
    setTracking,
    capOf,
    setDailyCap,
  };
});
