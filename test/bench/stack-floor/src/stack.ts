// Stack floor, the fixed stack at its leanest: the same list inside what any Keydesk screen stands on — Pinia,
// vue-router, vue-i18n (messages compiled ahead, as Keydesk's are), and Naive UI's config and message providers,
// a layout with a side menu, and its search input. No feature of Keydesk's own.
import { NConfigProvider, NInput, NLayout, NLayoutContent, NLayoutSider, NMenu, NMessageProvider } from 'naive-ui';
import { createPinia } from 'pinia';
import { computed, createApp, defineComponent, h } from 'vue';
import { createI18n, useI18n } from 'vue-i18n';
import { createRouter, createWebHashHistory, RouterView } from 'vue-router';
import { keyList } from './list';

// Messages as functions, what Keydesk's build-time compilation produces, so no message compiler is needed.
const messages = {
  keys: () => 'All keys',
  accounts: () => 'Accounts',
  settings: () => 'Settings',
  search: () => 'Search',
};

// The probe and the typing find the box by this test id, as in Keydesk and the floor.
const inputProps: Record<string, string> = { 'data-testid': 'search-input' };

const KeyList = keyList((value, onInput) => {
  const { t } = useI18n();
  return h(NInput, {
    value,
    placeholder: t('search'),
    inputProps,
    style: 'width: 320px',
    'onUpdate:value': onInput,
  });
});

const Shell = defineComponent(() => {
  const { t } = useI18n();
  const menu = computed(() => ['keys', 'accounts', 'settings'].map((key) => ({ key, label: t(key) })));
  return () =>
    h(NConfigProvider, null, () =>
      h(NMessageProvider, null, () =>
        h(NLayout, { hasSider: true, style: 'height: 100vh' }, () => [
          h(NLayoutSider, { bordered: true, width: 200 }, () => h(NMenu, { options: menu.value, value: 'keys' })),
          h(NLayoutContent, { 'data-testid': 'content' }, () => h(RouterView)),
        ]),
      ),
    );
});

const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: '/keys' },
    { path: '/keys', component: KeyList },
  ],
});
const i18n = createI18n({ legacy: false, locale: 'en-US', messages: { 'en-US': messages } });
createApp(Shell).use(createPinia()).use(i18n).use(router).mount('#app');
