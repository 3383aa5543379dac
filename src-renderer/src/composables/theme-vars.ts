// Naive UI's theme variables, one computed value for the whole window. Naive's own useThemeVars builds a fresh object
// of some two hundred entries per call whenever the theme has overrides (ours has), so the sidebar's forty meters and
// rows held forty copies of the same colours. The window's frame provides one; a component mounted outside it (a
// test, a dialog of its own app) falls back to Naive's.
import { useThemeVars } from 'naive-ui';
import { inject, provide, type InjectionKey } from 'vue';

export type ThemeVars = ReturnType<typeof useThemeVars>;

const THEME_VARS: InjectionKey<ThemeVars> = Symbol('theme-vars');

/** In the window's frame: computes the theme variables once and hands them to every component below. */
export function provideThemeVars(): ThemeVars {
  const vars = useThemeVars();
  provide(THEME_VARS, vars);
  return vars;
}

/** The frame's theme variables, or Naive's own where there is no frame above. */
export function useAppThemeVars(): ThemeVars {
  return inject(THEME_VARS, null) ?? useThemeVars();
}
