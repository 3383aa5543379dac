// Renderer entry: Pinia, i18n and the router, settings hydrated before the first paint (bounded, so a slow
// or absent main process still gets a window that can say what went wrong). Only the shown language's pack and,
// in dark mode, the dark theme are loaded before mounting; the rest of the bundle comes with the views.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { loadPack } from './i18n/packs/load';
import { createI18nWith } from './i18n/setup';
import { createAppRouter, loadKeysView, opensOnAllKeys } from './router';
import { useAccountsStore } from './stores/accounts.store';
import { listsKeys, prefetchKeyLists } from './stores/keys-prefetch';
import { useSettingsStore } from './stores/settings.store';
import { loadDarkTheme } from './theme/dark-theme';

const HYDRATE_WAIT_MS = 1_500;

const prefersDark = (): boolean => window.matchMedia('(prefers-color-scheme: dark)').matches;

async function start(): Promise<void> {
  const pinia = createPinia();
  const app = createApp(App).use(pinia);
  const settings = useSettingsStore(pinia);
  const router = createAppRouter();
  const accounts = useAccountsStore(pinia);
  const isAllKeys = opensOnAllKeys(router, window.location.hash);

  // Paint in the user's language and theme rather than flashing the defaults first. The accounts are read beside
  // the settings, not after the first paint.
  const accountsRead = accounts.hydrate();
  await Promise.race([settings.hydrate(), new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS))]);

  const language = settings.language;
  const isDark = settings.theme === 'dark' || (settings.theme === 'system' && prefersDark());
  const packRead = Promise.all([loadPack(language), isDark ? loadDarkTheme() : null]);
  // Opening on All keys (the usual start), the view's code comes right after the language, and every account's key
  // list is asked for once the accounts are known: the list is what the user opened Keydesk for.
  if (isAllKeys) {
    void loadKeysView();
    void accountsRead.then(() => {
      if (accounts.loadError === null) prefetchKeyLists(accounts.visible.filter(listsKeys).map((a) => a.id));
    });
  }
  const [pack] = await packRead;
  app.use(createI18nWith(language, { [language]: pack.messages })).use(router);
  // The first frame shows the opened view, not the frame alone with the view a frame later. Bounded like the
  // settings: a view whose code cannot load still gets a window (the router reports what failed).
  await Promise.race([
    router.isReady().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS)),
  ]);
  app.mount('#app');
}

void start();
