// The top bar's refresh control and the `r` shortcut drive whatever the current section registered: one handler at
// a time, with its busy state and the age of the data it shows.
import { onBeforeUnmount, ref, shallowRef } from 'vue';

interface RefreshHandler {
  run(): Promise<void>;
  isEnabled(): boolean;
}

const handler = shallowRef<RefreshHandler | null>(null);
const isRefreshing = ref(false);
/** Epoch ms of the data the section shows; null when unknown. */
const refreshedAt = ref<number | null>(null);

export async function runRefresh(): Promise<void> {
  const current = handler.value;
  if (!current?.isEnabled() || isRefreshing.value) return;
  isRefreshing.value = true;
  try {
    await current.run();
  } finally {
    isRefreshing.value = false;
  }
}

/** For the top bar. */
export function useRefreshState() {
  return { handler, isRefreshing, refreshedAt };
}

/** For a section: registers its refresh for the component's lifetime; call markRefreshed when data arrives. */
export function useRefreshAction(run: () => Promise<void>, isEnabled: () => boolean = () => true) {
  const mine: RefreshHandler = { run, isEnabled };
  handler.value = mine;
  onBeforeUnmount(() => {
    if (handler.value === mine) {
      handler.value = null;
      refreshedAt.value = null;
    }
  });
  return {
    markRefreshed: (at: number = Date.now()) => {
      refreshedAt.value = at;
    },
  };
}
