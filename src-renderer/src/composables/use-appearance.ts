// Applies the resolved language and theme: vue-i18n locale, Naive UI theme and locales, and <html lang/data-theme>.
import { darkTheme, dateEnUS, dateZhCN, enUS, useOsTheme, zhCN } from 'naive-ui';
import { computed, watchEffect } from 'vue';
import { useI18n } from 'vue-i18n';
import { useSettingsStore } from '../stores/settings.store';
import { darkOverrides, lightOverrides } from '../theme/theme-overrides';

export function useAppearance() {
  const settings = useSettingsStore();
  const { locale } = useI18n({ useScope: 'global' });
  const osTheme = useOsTheme();

  const isDark = computed(() => settings.theme === 'dark' || (settings.theme === 'system' && osTheme.value === 'dark'));
  const naiveTheme = computed(() => (isDark.value ? darkTheme : null));
  const themeOverrides = computed(() => (isDark.value ? darkOverrides : lightOverrides));
  const naiveLocale = computed(() => (settings.language === 'zh-CN' ? zhCN : enUS));
  const naiveDateLocale = computed(() => (settings.language === 'zh-CN' ? dateZhCN : dateEnUS));

  watchEffect(() => {
    locale.value = settings.language;
    const root = document.documentElement;
    root.lang = settings.language;
    root.dataset.theme = isDark.value ? 'dark' : 'light';
    // Native scrollbars and form controls follow the theme too.
    root.style.colorScheme = isDark.value ? 'dark' : 'light';
  });

  return { isDark, naiveTheme, themeOverrides, naiveLocale, naiveDateLocale };
}
