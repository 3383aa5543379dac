// Renderer entry: Pinia, i18n and the router, with what the first frame draws (settings, accounts, balances) taken
// before the first paint: from the page in browser mode, else in one bounded request, so a slow or absent main process
// still gets a window that can say what went wrong. Only the shown language's pack and, in dark mode, the dark theme
// are loaded before mounting; the rest of the bundle comes with the views.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { afterPaint } from './composables/after-paint';
import type { MessageSchema } from './i18n/en-US';
import { ensureAllMessages, loadPack, type MessageHolder } from './i18n/packs/load';
import { createI18nWith } from './i18n/setup';
import { createAppRouter, loadKeysView, opensOnAllKeys } from './router';
import { useAccountsStore } from './stores/accounts.store';
import { catchUpFirstFrame, hydrateFirstFrame } from './stores/first-frame';
import { listsKeys, prefetchKeyLists, topFirstPage } from './stores/keys-prefetch';
import { useSettingsStore } from './stores/settings.store';
import { loadDarkTheme } from './theme/dark-theme';

const HYDRATE_WAIT_MS = 1_500;
/** How long a mount ready before the top of All keys has answered waits for it: about one answer of a near gateway. */
const FIRST_ROWS_WAIT_MS = 100;

const prefersDark = (): boolean => window.matchMedia('(prefers-color-scheme: dark)').matches;

async function start(): Promise<void> {
  const pinia = createPinia();
  const app = createApp(App).use(pinia);
  const settings = useSettingsStore(pinia);
  const router = createAppRouter();
  const accounts = useAccountsStore(pinia);
  const isAllKeys = opensOnAllKeys(router, window.location.hash);
  // Opening on All keys (the usual start), the view's code is asked for at once.
  if (isAllKeys) void loadKeysView();

  // Paint in the user's language and theme rather than flashing the defaults first.
  const frame = await hydrateFirstFrame(pinia, HYDRATE_WAIT_MS);
  const language = settings.language;
  const isDark = settings.theme === 'dark' || (settings.theme === 'system' && prefersDark());
  const packRead = Promise.all([loadPack(language), isDark ? loadDarkTheme() : null]);
  // Every account's key list is asked for once the accounts are known: the list is what the user opened Keydesk for.
  if (isAllKeys && accounts.isHydrated) prefetchKeyLists(accounts.visible.filter(listsKeys).map((a) => a.id));
  const [pack] = await packRead;
  // The pack holds the first screen's words; the other screens' are merged in when first shown (packs/load.ts),
  // and a section other than All keys waits for them before it shows (the first navigation too, when it opens there).
  const i18n = createI18nWith(language, { [language]: { ...pack.messages } as MessageSchema }, { isPrecompiled: true });
  const holder = i18n.global as unknown as MessageHolder;
  router.beforeEach(async (to) => {
    if (to.name !== 'keys') await ensureAllMessages(holder, settings.language).catch(() => undefined);
  });
  app.use(i18n).use(router);
  // The first frame shows the opened view, not the frame alone with the view a frame later. Bounded like the
  // settings: a view whose code cannot load still gets a window (the router reports what failed).
  await Promise.race([
    router.isReady().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS)),
  ]);
  if (isAllKeys) await topFirstPage(FIRST_ROWS_WAIT_MS);
  app.mount('#app');
  if (frame.isFromPage) afterPaint().request(() => catchUpFirstFrame(pinia));
}

void start();
