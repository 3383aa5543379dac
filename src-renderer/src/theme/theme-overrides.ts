// Naive UI theme overrides: one calm accent, system fonts, compact radii, for light and dark.
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

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    primaryColor: '#2f6bd8',
    primaryColorHover: '#4680e6',
    primaryColorPressed: '#2458b8',
    primaryColorSuppl: '#4680e6',
    bodyColor: '#ffffff',
  },
};

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    ...shared,
    primaryColor: '#6c9cf0',
    primaryColorHover: '#86aef3',
    primaryColorPressed: '#5687dd',
    primaryColorSuppl: '#86aef3',
    bodyColor: '#17181c',
  },
};
