// Whether the keys toolbar offers its Group filter: one-api's keys have no group (each calls as its account's own),
// so the filter is left out where every account shown is a site without key groups. How a site stores its keys comes
// from main (keys:shape), asked once an account's list has loaded, when main has learnt it from the keys read.
import { computed, shallowRef, watch } from 'vue';
import { useKeysStore } from '../../stores/keys.store';

/** Per account id, whether its keys carry a group; kept for the session (a site's kind does not change under it). */
const hasGroupsOf = shallowRef<ReadonlyMap<string, boolean>>(new Map());
const asked = new Set<string>();

export function useGroupFilter() {
  const store = useKeysStore();
  /** The accounts the table shows: the one opened, or every account All keys lists. */
  const shown = computed<readonly string[]>(() =>
    store.accountId === null ? store.manageable.map((a) => a.id) : [store.accountId],
  );
  /** Those whose list has loaded without failing: main knows their sites' kind now, at no request. */
  const settled = computed<readonly string[]>(() =>
    store.accountId === null
      ? store.loads.filter((l) => !l.isLoading && l.error === null).map((l) => l.accountId)
      : store.isLoading || store.error !== null
        ? []
        : [store.accountId],
  );
  watch(
    settled,
    (ids) => {
      for (const id of ids) {
        if (asked.has(id)) continue;
        asked.add(id);
        void store.shape({ accountId: id }).then((r) => {
          // A failed answer leaves the filter as it is everywhere else (main checks on every request anyway).
          if (r.ok) hasGroupsOf.value = new Map(hasGroupsOf.value).set(id, r.value.hasGroups);
          else asked.delete(id);
        });
      }
    },
    { immediate: true },
  );
  /** Shown unless every account shown is known to have no key groups; always while a group is chosen (to clear it). */
  const isShown = computed(
    () =>
      store.groupFilter !== null ||
      shown.value.length === 0 ||
      shown.value.some((id) => hasGroupsOf.value.get(id) !== false),
  );
  return { isShown };
}
