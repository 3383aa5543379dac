// Naive UI theme overrides: one calm accent, system fonts, compact radii, for light and dark — every text colour at
// WCAG AA (4.5:1) on the surfaces it is drawn on (test/e2e/language-screens.spec.ts measures each screen).
import type { GlobalThemeOverrides } from 'naive-ui';

const fontFamily =
  'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", Roboto, "Helvetica Neue", Arial, sans-serif';
const fontFamilyMono = 'ui-monospace, "SF Mono", "Cascadia Mono", "JetBrains Mono", Menlo, Consolas, monospace';

const shared: GlobalThemeOverrides['common'] = {
  fontFamily,
  fontFamilyMono,
  // Dense, desktop-sized text: controls at 13px like the rest of the shell.
  fontSize: '13px',
  fontSizeSmall: '13px',
  borderRadius: '6px',
  borderRadiusSmall: '4px',
};

/**
 * Disabled buttons: Naive UI fades the whole button (its label too) to 50 % or less, which leaves a label like
 * "Next refresh in 56 s" at 2.8:1. Instead a disabled button keeps full opacity and turns neutral — a quiet surface
 * and border, muted but readable text — so it still reads as unavailable without being unreadable.
 */
function disabledButtons(surface: string, text: string, border: string): NonNullable<GlobalThemeOverrides['Button']> {
  const filled: Record<string, string> = {};
  for (const type of ['Primary', 'Info', 'Success', 'Warning', 'Error']) {
    filled[`colorDisabled${type}`] = surface;
    filled[`textColorDisabled${type}`] = text;
    filled[`borderDisabled${type}`] = `1px solid ${border}`;
    filled[`textColorTextDisabled${type}`] = text;
    filled[`textColorGhostDisabled${type}`] = text;
  }
  return {
    opacityDisabled: '1',
    textColorDisabled: text,
    textColorTextDisabled: text,
    textColorGhostDisabled: text,
    borderDisabled: `1px solid ${border}`,
    ...filled,
  };
}

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    // The accent, green and amber dark enough that their text — links, tags on their own tint, white on a filled
    // button — stays at 4.5:1 (Naive's #18a058 and #f0a020 tags measure 2.8:1 and 1.9:1).
    primaryColor: '#2658b8',
    primaryColorHover: '#2f6bd8',
    primaryColorPressed: '#1f4c9f',
    primaryColorSuppl: '#2f6bd8',
    successColor: '#11703c',
    successColorHover: '#15804a',
    successColorPressed: '#0d5f33',
    successColorSuppl: '#15804a',
    warningColor: '#945400',
    warningColorHover: '#a15c00',
    warningColorPressed: '#7d4700',
    warningColorSuppl: '#a15c00',
    bodyColor: '#ffffff',
    // Muted text (hints, field help, addresses on a selected row): Naive's rgb(118,124,130) measures 4.2:1 on white.
    textColor3: '#61666d',
    // Placeholders are text too (WCAG): Naive's light grey measures 1.8:1; this 4.8:1, still lighter than values.
    placeholderColor: '#6e737a',
    textColorDisabled: '#6e737a',
  },
  Button: disabledButtons('#f3f4f6', '#5f646b', '#e0e2e6'),
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    // Light enough that primary text on its own tint (the "Active" tag) and on the body reaches 4.5:1.
    primaryColor: '#93b6f5',
    primaryColorHover: '#a9c5f7',
    primaryColorPressed: '#7da5ee',
    primaryColorSuppl: '#a9c5f7',
    bodyColor: '#17181c',
    // Red text on dark surfaces at WCAG AA with room to spare: Naive's #e88080 leaves little margin on lighter or
    // tinted surfaces (cards, alerts, tags) and none on dimmed rows; this lighter red measures 7:1 on the body.
    errorColor: '#f39c9c',
    errorColorHover: '#f6b0b0',
    errorColorPressed: '#ee8888',
    errorColorSuppl: '#e0566c',
    // Muted text, placeholders and disabled text: Naive's 52 % and 38 % white measure 4.1:1 and 2.9:1 on a dialog's
    // input; 60 % white measures 4.8:1 there and more on the page.
    textColor3: 'rgba(255, 255, 255, 0.6)',
    placeholderColor: 'rgba(255, 255, 255, 0.6)',
    textColorDisabled: 'rgba(255, 255, 255, 0.58)',
  },
  Button: disabledButtons('rgba(255, 255, 255, 0.06)', 'rgba(255, 255, 255, 0.6)', 'rgba(255, 255, 255, 0.12)'),
};
