// The top bar's search text. The section filters by what was typed at once; the URL (?q=) follows once typing
// pauses, so a reload or Back still finds the search, without a router write (which re-renders every view that
// reads the route) at each keystroke.
import { computed, ref, type ComputedRef } from 'vue';
import { useRoute, useRouter } from 'vue-router';

/** How long typing must pause before the URL takes the text. */
export const URL_WRITE_DELAY_MS = 400;

/** Text typed but not yet in the URL, with the page it was typed on. */
const typed = ref<{ readonly path: string; readonly text: string } | null>(null);
let urlTimer: ReturnType<typeof setTimeout> | undefined;

/** The search text of the section on screen: what was typed there, else the URL's. */
export function useSearchText(): ComputedRef<string> {
  const route = useRoute();
  return computed(() => {
    const pending = typed.value;
    if (pending !== null && pending.path === route.path) return pending.text;
    return typeof route.query.q === 'string' ? route.query.q : '';
  });
}

/** For the search box: read as above, written at once, put in the URL after a pause. */
export function useSearchModel() {
  const route = useRoute();
  const router = useRouter();
  const text = useSearchText();
  const set = (value: string) => {
    const path = route.path;
    typed.value = { path, text: value };
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      // The user went elsewhere meanwhile: the text stays with the page it was typed on, unwritten.
      if (route.path !== path) {
        typed.value = null;
        return;
      }
      void router.replace({ query: { ...route.query, q: value === '' ? undefined : value } }).finally(() => {
        if (typed.value?.text === value) typed.value = null;
      });
    }, URL_WRITE_DELAY_MS);
  };
  return computed({ get: () => text.value, set });
}
