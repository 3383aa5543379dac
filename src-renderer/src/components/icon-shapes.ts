// Outline icons (24×24, stroke) drawn inline: no icon font or extra package, and nothing for the CSP to block.
// Shapes follow Lucide (ISC licence).
import { h, type VNode } from 'vue';

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
  bell: [path('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9'), path('M10.3 21a1.94 1.94 0 0 0 3.4 0')],
  // account kinds: a person for one signed in with a password, a shield for one held by an access token
  user: [path('M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2'), { tag: 'circle', attrs: { cx: '12', cy: '7', r: '4' } }],
  shield: [
    path(
      'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
    ),
  ],
  eye: [
    path('M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0'),
    { tag: 'circle', attrs: { cx: '12', cy: '12', r: '3' } },
  ],
  eyeOff: [
    path('M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49'),
    path('M14.084 14.158a3 3 0 0 1-4.242-4.242'),
    path('M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143'),
    path('m2 2 20 20'),
  ],
  copy: [
    { tag: 'rect', attrs: { width: '14', height: '14', x: '8', y: '8', rx: '2' } },
    path('M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2'),
  ],
  lock: [
    { tag: 'rect', attrs: { width: '18', height: '11', x: '3', y: '11', rx: '2' } },
    path('M7 11V7a5 5 0 0 1 10 0v4'),
  ],
  chevronUp: [path('m18 15-6-6-6 6')],
  chevronDown: [path('m6 9 6 6 6-6')],
  pencil: [
    path(
      'M21.174 6.812a1 1 0 0 0-3.986-3.987L3.842 16.174a2 2 0 0 0-.5.83l-1.321 4.352a.5.5 0 0 0 .623.622l4.353-1.32a2 2 0 0 0 .83-.497z',
    ),
    path('m15 5 4 4'),
  ],
  trash: [path('M3 6h18'), path('M19 6v14c0 1-1 2-2 2H7c-1 0-2-1-2-2V6'), path('M8 6V4c0-1 1-2 2-2h4c1 0 2 1 2 2v2')],
  logIn: [path('m10 17 5-5-5-5'), path('M15 12H3'), path('M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4')],
  logOut: [path('m16 17 5-5-5-5'), path('M21 12H9'), path('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4')],
  ban: [{ tag: 'circle', attrs: { cx: '12', cy: '12', r: '10' } }, path('m4.9 4.9 14.2 14.2')],
  // Hide from / show in the sidebar: a panel, so it is not mistaken for hiding a key (eye-off).
  panelLeftClose: [
    { tag: 'rect', attrs: { width: '18', height: '18', x: '3', y: '3', rx: '2' } },
    path('M9 3v18'),
    path('m16 15-3-3 3-3'),
  ],
  panelLeftOpen: [
    { tag: 'rect', attrs: { width: '18', height: '18', x: '3', y: '3', rx: '2' } },
    path('M9 3v18'),
    path('m14 9 3 3-3 3'),
  ],
} as const satisfies Record<string, readonly IconShape[]>;

export type IconName = keyof typeof ICONS;

/**
 * One icon as a plain element tree: AppIcon draws it, and the key table calls it in every row it draws without an
 * AppIcon component per icon. Sized by the surrounding font (1em) and coloured by currentColor (`.app-icon`).
 */
export function iconNode(name: IconName): VNode {
  return h(
    'svg',
    {
      class: 'app-icon',
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '1.75',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
      'data-icon': name,
    },
    ICONS[name].map((shape, index) => h(shape.tag, { key: index, ...shape.attrs })),
  );
}
