// Accounts store: the accounts snapshot (views only, never a secret) hydrated once over the bridge and kept current
// by `accounts:changed`; every action goes to main and answers its Result so the caller shows errors in place.
import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef } from 'vue';
import type {
  AccountDraft,
  AccountPatch,
  AccountsSnapshot,
  AccountView,
  AppError,
  ConnectionCheck,
  CredentialInput,
  Result,
  SignInOutcome,
} from '../../../src-shared/contract';
import { keydesk } from '../bridge';

export const useAccountsStore = defineStore('accounts', () => {
  // Replaced whole on every change, never edited in place: shallow, so a sidebar row's render tracks one value, not
  // each field of each account.
  const accounts = shallowRef<readonly AccountView[]>([]);
  const activeId = ref<string | null>(null);
  const loadError = ref<AppError | null>(null);
  const isLoading = ref(false);
  const isHydrated = ref(false);
  /** Ids with an action in flight (sign-in, switch, update…), for busy buttons. */
  const busyIds = shallowRef<readonly string[]>([]);

  /** The accounts the sidebar lists: everything not hidden, in the user's order. */
  const visible = computed(() => accounts.value.filter((account) => !account.isHidden));
  const active = computed(() => accounts.value.find((account) => account.id === activeId.value) ?? null);
  const byId = computed(
    () =>
      (id: string): AccountView | null =>
        accounts.value.find((account) => account.id === id) ?? null,
  );
  const isBusy = computed(
    () =>
      (id: string): boolean =>
        busyIds.value.includes(id),
  );

  // A pushed snapshot is always newer than a read that started before it.
  let version = 0;
  const accept = (snapshot: AccountsSnapshot): void => {
    version += 1;
    accounts.value = snapshot.accounts;
    activeId.value = snapshot.activeId;
    isHydrated.value = true;
    loadError.value = null;
  };
  /** One account changed (an action's answer): replace it in place until the snapshot event arrives. */
  const acceptOne = (view: AccountView): void => {
    version += 1;
    accounts.value = accounts.value.some((account) => account.id === view.id)
      ? accounts.value.map((account) => (account.id === view.id ? view : account))
      : [...accounts.value, view];
  };
  const unsubscribe = keydesk.on('accounts:changed', accept);
  onScopeDispose(unsubscribe);

  async function load(): Promise<void> {
    const startedAt = version;
    isLoading.value = true;
    try {
      const result = await keydesk.accounts.list();
      if (result.ok) {
        if (version === startedAt) accept(result.value);
      } else if (!isHydrated.value) {
        loadError.value = result.error;
      }
    } finally {
      isLoading.value = false;
    }
  }

  /** Takes an answer read elsewhere (the first frame) as the first load; a snapshot pushed since then wins. */
  function hydrateWith(result: Result<AccountsSnapshot>): void {
    if (result.ok) {
      if (version === 0) accept(result.value);
    } else if (!isHydrated.value) {
      loadError.value = result.error;
    }
  }

  let inFlight: Promise<void> | null = null;
  /** Loads once; concurrent callers share the read; after a failure, calling again retries. */
  function hydrate(): Promise<void> {
    if (isHydrated.value) return Promise.resolve();
    inFlight ??= load().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function busy<T>(id: string, action: () => Promise<Result<T>>): Promise<Result<T>> {
    busyIds.value = [...busyIds.value, id];
    try {
      return await action();
    } finally {
      const at = busyIds.value.indexOf(id);
      busyIds.value = busyIds.value.filter((_, index) => index !== at);
    }
  }

  const afterSignIn = (result: Result<SignInOutcome>): Result<SignInOutcome> => {
    if (result.ok && result.value.status === 'done') acceptOne(result.value.account);
    return result;
  };
  const afterSnapshot = (result: Result<AccountsSnapshot>): Result<AccountsSnapshot> => {
    if (result.ok) accept(result.value);
    return result;
  };
  const afterView = (result: Result<AccountView>): Result<AccountView> => {
    if (result.ok) acceptOne(result.value);
    return result;
  };

  /** Checks a draft against its gateway; saves nothing. */
  const test = (draft: AccountDraft): Promise<Result<ConnectionCheck>> => keydesk.accounts.test(draft);
  /** Verifies and saves; a second factor comes back as `{status: 'second_factor', challengeId}`. */
  const add = async (draft: AccountDraft): Promise<Result<SignInOutcome>> =>
    afterSignIn(await keydesk.accounts.add(draft));
  const answerChallenge = async (challengeId: string, code: string, method?: string) =>
    afterSignIn(
      await keydesk.accounts.answerChallenge(
        method === undefined ? { challengeId, code } : { challengeId, code, method },
      ),
    );
  /** Signs a password account in with the remembered password, or the one typed now. */
  const signIn = (id: string, password?: string, remember?: boolean) =>
    busy(id, async () =>
      afterSignIn(
        await keydesk.accounts.signIn({
          id,
          ...(password === undefined ? {} : { password }),
          ...(remember === undefined ? {} : { remember }),
        }),
      ),
    );
  const setCredential = (id: string, credential: CredentialInput) =>
    busy(id, async () => afterSignIn(await keydesk.accounts.setCredential({ id, credential })));
  const signOut = (id: string) => busy(id, async () => afterView(await keydesk.accounts.signOut({ id })));
  const update = (id: string, patch: AccountPatch) =>
    busy(id, async () => afterView(await keydesk.accounts.update({ id, patch })));
  const setHidden = (id: string, isHidden: boolean) => update(id, { isHidden });
  const setDisabled = (id: string, isDisabled: boolean) => update(id, { isDisabled });
  /** Removes the account from Keydesk only; its keys on the gateway stay. */
  const remove = (id: string) => busy(id, async () => afterSnapshot(await keydesk.accounts.remove({ id })));
  const reorder = async (ids: readonly string[]) => afterSnapshot(await keydesk.accounts.reorder({ ids }));
  /** Moves one account up (-1) or down (+1) in the user's order; a move past either end does nothing. */
  async function move(id: string, delta: -1 | 1): Promise<Result<AccountsSnapshot> | null> {
    const ids = accounts.value.map((account) => account.id);
    const from = ids.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= ids.length) return null;
    [ids[from], ids[to]] = [ids[to] as string, id];
    return reorder(ids);
  }
  const switchTo = (id: string) => busy(id, async () => afterSnapshot(await keydesk.accounts.switch({ id })));
  /** Reads the account's site money settings (GET /api/status) again now and keeps the account it answers. */
  const refreshSite = async (id: string) => afterView(await keydesk.site.refresh({ accountId: id }));

  return {
    accounts,
    activeId,
    loadError,
    isLoading,
    isHydrated,
    busyIds,
    visible,
    active,
    byId,
    isBusy,
    hydrate,
    hydrateWith,
    reload: load,
    test,
    add,
    answerChallenge,
    signIn,
    setCredential,
    signOut,
    update,
    setHidden,
    setDisabled,
    remove,
    reorder,
    move,
    switchTo,
    refreshSite,
  };
});
