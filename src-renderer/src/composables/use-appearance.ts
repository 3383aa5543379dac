// Applies the resolved language and theme: vue-i18n locale, Naive UI theme and locales, and <html lang/data-theme>.
// The language pack, its date locale and the dark theme are chunks of their own, loaded when first needed (main.ts loads the ones
// the first paint needs before mounting, so nothing flashes).
import { useOsTheme } from 'naive-ui';
import { computed, watch, watchEffect } from 'vue';
import { useI18n } from 'vue-i18n';
import {
  ensureAllMessages,
  loadDateLocale,
  loadPack,
  loadedDateLocales,
  loadedPacks,
  type MessageHolder,
} from '../i18n/packs/load';
import { afterPaint } from './after-paint';
import { useSettingsStore } from '../stores/settings.store';
import { darkTheme, loadDarkTheme } from '../theme/dark-theme';
import { darkOverrides, lightOverrides } from '../theme/theme-overrides';

export function useAppearance() {
  const settings = useSettingsStore();
  const i18n = useI18n({ useScope: 'global' });
  const { locale } = i18n;
  const osTheme = useOsTheme();

  const isDark = computed(() => settings.theme === 'dark' || (settings.theme === 'system' && osTheme.value === 'dark'));
  const naiveTheme = computed(() => (isDark.value ? darkTheme.value : null));
  const themeOverrides = computed(() => (isDark.value ? darkOverrides : lightOverrides));
  const naiveLocale = computed(() => loadedPacks.get(settings.language)?.naive ?? null);
  const naiveDateLocale = computed(() => loadedDateLocales.get(settings.language) ?? null);
  const dateLocaleLater = afterPaint();

  const holder = i18n as unknown as MessageHolder;
  watch(
    () => settings.language,
    (language, previous) => {
      // Switch at once when the messages are there; else once they have arrived (if still the one wanted). The first
      // paint's language needs its pack alone; a language picked later comes with every screen's words, since the
      // user may be on any screen when picking it.
      if (i18n.availableLocales.includes(language)) locale.value = language;
      const ready =
        previous === undefined
          ? loadPack(language).then((pack) => {
              if (!i18n.availableLocales.includes(language)) holder.setLocaleMessage(language, { ...pack.messages });
            })
          : ensureAllMessages(holder, language);
      void ready.then(() => {
        if (settings.language === language) locale.value = language;
      });
      // The pickers' date words: not drawn by the first frame, so fetched once it is painted (the keys screen's
      // dialogs draw pickers). The other screens' words are not fetched here: whatever shows them awaits them first
      // (the router before leaving All keys, UpdatePrompt.vue), a local chunk of a few milliseconds, and held from
      // the start they were a tenth of a megabyte of the first screen's heap for screens the user may not open.
      dateLocaleLater.request(() => {
        void loadDateLocale(language).catch(() => undefined);
      });
    },
    { immediate: true },
  );
  watch(
    isDark,
    (dark) => {
      if (dark) void loadDarkTheme();
    },
    { immediate: true },
  );

  watchEffect(() => {
    const root = document.documentElement;
    root.lang = settings.language;
    root.dataset.theme = isDark.value ? 'dark' : 'light';
    // Native scrollbars and form controls follow the theme too.
    root.style.colorScheme = isDark.value ? 'dark' : 'light';
  });

  return { isDark, naiveTheme, themeOverrides, naiveLocale, naiveDateLocale };
}
