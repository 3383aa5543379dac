// Renderer entry: Pinia, i18n and the router, settings hydrated before the first paint (bounded, so a slow
// or absent main process still gets a window that can say what went wrong).
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n } from './i18n';
import { createAppRouter } from './router';
import { useSettingsStore } from './stores/settings.store';

const HYDRATE_WAIT_MS = 1_500;

async function start(): Promise<void> {
  const pinia = createPinia();
  const app = createApp(App).use(pinia);
  const settings = useSettingsStore(pinia);

  // Paint in the user's language and theme rather than flashing the defaults first.
  await Promise.race([settings.hydrate(), new Promise((resolve) => setTimeout(resolve, HYDRATE_WAIT_MS))]);

  app.use(createAppI18n(settings.language)).use(createAppRouter());
  app.mount('#app');
}

void start();
