// The keys screen's failed loads as cards: the whole view's, then each account's in All keys. A list that failed
// because the account's sign-in ended (or its token was refused) is fixed by signing in, right here: its card offers
// that instead of a retry that would fail the same way, and the list loads again once it works.
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { AccountView, AppError } from '../../../../src-shared/contract';
import { useSignIn } from '../../composables/use-sign-in';
import { useAccountsStore } from '../../stores/accounts.store';
import { useKeysStore } from '../../stores/keys.store';
import { fixedBySignIn } from '../account-visuals';

export interface FailureCard {
  readonly key: string;
  readonly error: AppError;
  readonly context: string;
  readonly accountId: string | null;
  /** The account whose sign-in fixes this failure, or null (then the card offers a retry). */
  readonly signInTo: AccountView | null;
}

export function useKeyFailures(labelOf: (accountId: string) => string) {
  const { t } = useI18n();
  const store = useKeysStore();
  const accountsStore = useAccountsStore();
  const signIn = useSignIn();

  const failedLoads = computed(() => store.loads.filter((l) => l.error !== null));
  const cards = computed<readonly FailureCard[]>(() => {
    const shown = [
      ...(store.error
        ? [{ key: 'view', error: store.error, context: t('keys.loadFailed'), accountId: store.accountId }]
        : []),
      ...failedLoads.value.flatMap((l) =>
        l.error === null
          ? []
          : [
              {
                key: l.accountId,
                error: l.error,
                context: t('keys.accountFailed', { account: labelOf(l.accountId) }),
                accountId: l.accountId,
              },
            ],
      ),
    ];
    return shown.map((card) => ({
      ...card,
      signInTo: card.accountId !== null && fixedBySignIn(card.error) ? accountsStore.byId(card.accountId) : null,
    }));
  });
  async function signInThenLoad(account: AccountView): Promise<void> {
    if (await signIn.signInOrAsk(account)) void store.load();
  }

  /** The server refused a fuzzy search because the account is over its exact-only cap (main names it). */
  const isCapRefusal = (e: AppError | null) => e?.reason === 'search.exact_only';
  /** One account, or any account of All keys, refused the fuzzy search. */
  const isCapRefused = computed(
    () => isCapRefusal(store.error) || (store.accountId === null && store.loads.some((l) => isCapRefusal(l.error))),
  );

  return { failedLoads, cards, signIn, signInThenLoad, isCapRefused };
}
