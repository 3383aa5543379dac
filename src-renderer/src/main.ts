// Renderer entry: Pinia, i18n and the router, settings hydrated before the first paint (bounded, so a slow
// or absent main process still gets a window that can say what went wrong). Only the shown language's pack and,
// in dark mode, the dark theme are loaded before mounting; the rest of the bundle comes with the views.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { loadPack } from './i18n/packs/load';
import { createI18nWith } from './i18n/setup';
import { createAppRouter } from './router';
import { useSettingsStore } from './stores/settings.store';
import { loadDarkTheme } from './theme/dark-theme';

const HYDRATE_WAIT_MS = 1_500;

const prefersDark = (): boolean => window.matchMedia('(prefers-color-scheme: dark)').matches;

async function start(): Promise<void> {
  const pinia = createPinia();
  const app = createApp(App).use(pinia);
  const settings = useSettingsStore(pinia);

  // Paint in the user's language and theme rather than flashing the defaults first.
  await Promise.race([settings.hydrate(), new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS))]);

  const language = settings.language;
  const isDark = settings.theme === 'dark' || (settings.theme === 'system' && prefersDark());
  const [pack] = await Promise.all([loadPack(language), isDark ? loadDarkTheme() : null]);
  app.use(createI18nWith(language, { [language]: pack.messages })).use(createAppRouter());
  app.mount('#app');
}

void start();
