// The account: domain's store, one account's own page (beside accounts.store's list): its account, subscription,
// groups and models, each with its own loading and error state so one failing part never blanks the page.
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type {
  AccountSelfView,
  AppError,
  GroupModels,
  GroupView,
  Result,
  SubscriptionView,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export interface Part<T> {
  readonly value: T | null;
  readonly error: AppError | null;
  readonly isLoading: boolean;
}
const idle = <T>(): Part<T> => ({ value: null, error: null, isLoading: false });

export const useAccountStore = defineStore('account', () => {
  const accountId = ref<string | null>(null);
  const self = shallowRef<Part<AccountSelfView>>(idle());
  const subscription = shallowRef<Part<SubscriptionView>>(idle());
  const groups = shallowRef<Part<readonly GroupView[]>>(idle());
  const models = shallowRef<Part<GroupModels>>(idle());
  const loadedAt = ref<number | null>(null);

  async function fill<T>(part: { value: Part<T> }, call: () => Promise<Result<T>>, id: string): Promise<void> {
    part.value = { value: part.value.value, error: null, isLoading: true };
    const r = await call();
    if (accountId.value !== id) return;
    part.value = r.ok
      ? { value: r.value, error: null, isLoading: false }
      : { value: null, error: r.error, isLoading: false };
  }

  async function loadAccount(id: string): Promise<void> {
    if (accountId.value !== id) {
      self.value = idle();
      subscription.value = idle();
    }
    accountId.value = id;
    await Promise.all([
      fill(self, () => keydesk.account.self({ accountId: id }), id),
      fill(subscription, () => keydesk.account.subscription({ accountId: id }), id),
    ]);
    loadedAt.value = Date.now();
  }

  async function loadCatalog(id: string): Promise<void> {
    if (accountId.value !== id) {
      groups.value = idle();
      models.value = idle();
    }
    accountId.value = id;
    await Promise.all([
      fill(groups, () => keydesk.account.groups({ accountId: id }), id),
      fill(models, () => keydesk.account.models({ accountId: id }), id),
    ]);
    loadedAt.value = Date.now();
  }

  /** Groups for a form, without touching the page's state. */
  const fetchGroups = (id: string) => keydesk.account.groups({ accountId: id });
  const fetchModels = (id: string, group: string) => keydesk.account.models({ accountId: id, group });

  return {
    accountId,
    self,
    subscription,
    groups,
    models,
    loadedAt,
    loadAccount,
    loadCatalog,
    fetchGroups,
    fetchModels,
  };
});
