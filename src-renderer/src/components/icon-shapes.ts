// Outline icons (24×24, stroke) drawn inline: no icon font or extra package, and nothing for the CSP to block.
// Shapes follow Lucide (ISC licence).
export interface IconShape {
  readonly tag: 'path' | 'circle' | 'rect' | 'line';
  readonly attrs: Readonly<Record<string, string>>;
}

const path = (d: string): IconShape => ({ tag: 'path', attrs: { d } });

export const ICONS = {
  key: [
    path(
      'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z',
    ),
    { tag: 'circle', attrs: { cx: '16.5', cy: '7.5', r: '.5', fill: 'currentColor' } },
  ],
  server: [
    { tag: 'rect', attrs: { width: '20', height: '8', x: '2', y: '2', rx: '2' } },
    { tag: 'rect', attrs: { width: '20', height: '8', x: '2', y: '14', rx: '2' } },
    path('M6 6h.01'),
    path('M6 18h.01'),
  ],
  wallet: [
    path('M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1'),
    path('M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4'),
  ],
  box: [
    path(
      'M21 8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16Z',
    ),
    path('m3.3 7 8.7 5 8.7-5'),
    path('M12 22V12'),
  ],
  settings: [
    path('M20 7h-9'),
    path('M14 17H5'),
    { tag: 'circle', attrs: { cx: '17', cy: '17', r: '3' } },
    { tag: 'circle', attrs: { cx: '7', cy: '7', r: '3' } },
  ],
  plus: [path('M5 12h14'), path('M12 5v14')],
  search: [{ tag: 'circle', attrs: { cx: '11', cy: '11', r: '8' } }, path('m21 21-4.3-4.3')],
  refresh: [
    path('M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8'),
    path('M21 3v5h-5'),
    path('M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16'),
    path('M8 16H3v5'),
  ],
  info: [{ tag: 'circle', attrs: { cx: '12', cy: '12', r: '10' } }, path('M12 16v-4'), path('M12 8h.01')],
} as const satisfies Record<string, readonly IconShape[]>;

export type IconName = keyof typeof ICONS;
