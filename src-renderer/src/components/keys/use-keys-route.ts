// The keys screen's route and the keys store kept in step: ?account= picks the account (none: All keys), the search
// text (?q=) and field become the store's search, and each change loads — at once on opening or switching account,
// from the loaded lists without a request where a name search allows it, after a pause while typing. Accounts that
// come or go while All keys is open are listed or dropped as they change.
import { computed, onBeforeUnmount, ref, watch } from 'vue';
import { useRoute } from 'vue-router';
import { afterPaint } from '../../composables/after-paint';
import { useSearchText } from '../../composables/use-search-text';
import { useKeysStore } from '../../stores/keys.store';

/** How long typing must pause before a search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

export function useKeysRoute(markRefreshed: () => void) {
  const route = useRoute();
  const store = useKeysStore();
  const queryAccount = computed(() => (typeof route.query.account === 'string' ? route.query.account : null));
  const queryText = useSearchText();
  const isAll = computed(() => store.accountId === null);
  const loadNow = () => void store.load().then(() => markRefreshed());

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  /** A name search answered from the loaded lists, once the keystroke's own frame is painted. */
  const localAnswer = afterPaint();
  onBeforeUnmount(localAnswer.cancel);
  /** A search typed but not yet sent (the debounce): with a load in flight, the table says it is still updating. */
  const isSearchPending = ref(false);
  watch(
    [queryAccount, queryText, () => store.searchField, () => store.isAccountsLoaded],
    ([account, q], old: readonly unknown[] | undefined) => {
      if (!store.isAccountsLoaded) return;
      store.setAccount(account);
      // Only a change while the accounts were already loaded is typing: the first run (whose old value is `[]`, not
      // undefined) and the accounts arriving load at once instead of waiting out the debounce for nothing.
      const wasReady = old !== undefined && old[3] === true;
      const textChanged = wasReady && (old[1] !== q || old[2] !== store.searchField);
      store.searchPattern = q;
      if (textChanged) store.page = 1;
      clearTimeout(searchTimer);
      localAnswer.cancel();
      // Typing over lists loaded whole is answered from them, with no request (see searchLocally): the typed
      // character is painted first, and the rows in the frame after it, so a keystroke that swaps a screen of rows
      // never holds up the character. If the lists stopped being whole meanwhile, the servers are asked after all.
      if (textChanged && store.canSearchLocally()) {
        isSearchPending.value = false;
        localAnswer.request(() => {
          if (!store.searchLocally()) loadNow();
        });
        return;
      }
      // Opening the view or switching account loads at once: on opening, answers already in (asked for while
      // Keydesk started) are then drawn in the view's first frame. Typing waits a moment.
      if (!textChanged) {
        isSearchPending.value = false;
        loadNow();
        return;
      }
      isSearchPending.value = true;
      searchTimer = setTimeout(() => {
        isSearchPending.value = false;
        loadNow();
      }, SEARCH_DEBOUNCE_MS);
    },
    // Immediate: the accounts may already be loaded when the view opens (the sidebar hydrated them).
    { immediate: true },
  );

  // All keys lists every account that has keys. One that arrives while it is open (the sidebar's Add account, an
  // import, a restore, an account enabled) is listed at once rather than left out until the next visit; one that
  // leaves takes its rows with it, with no request. The accounts arriving at start are the first load's business
  // (the watcher above), so only a change to accounts already loaded counts.
  watch(
    () => [store.isAccountsLoaded, store.manageable.map((a) => a.id).join('\n')] as const,
    ([isLoaded, ids], [wasLoaded, oldIds]) => {
      if (!isAll.value || !isLoaded || !wasLoaded || ids === oldIds) return;
      const now = ids === '' ? [] : ids.split('\n');
      const before = new Set(oldIds === '' ? [] : oldIds.split('\n'));
      const hasNew = now.some((id) => !before.has(id));
      if (!hasNew && store.dropAccounts(new Set(now))) return;
      loadNow();
    },
  );

  // One account's keys come a server page at a time; a filter lists from all of them, so the load changes shape.
  watch(
    () => store.isFiltered,
    () => {
      if (isAll.value || !store.isAccountsLoaded) return;
      store.page = 1;
      void store.load();
    },
  );

  return { queryText, isAll, isSearchPending };
}
