// Naive UI's dark theme, loaded the first time the dark appearance is wanted: it carries every component's dark
// styles, which a light window never needs.
import type { GlobalTheme } from 'naive-ui';
import { shallowRef } from 'vue';

/** null until loaded. */
export const darkTheme = shallowRef<GlobalTheme | null>(null);
let loading: Promise<GlobalTheme> | null = null;

export function loadDarkTheme(): Promise<GlobalTheme> {
  loading ??= import('naive-ui/es/themes/dark').then(
    (module) => (darkTheme.value = module.darkTheme),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
