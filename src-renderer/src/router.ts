// Routes: one per section, views lazy-loaded so the first paint only carries the shell.
import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw, type RouterHistory } from 'vue-router';

export const SECTIONS = ['keys', 'accounts', 'account', 'models', 'settings'] as const;
export type Section = (typeof SECTIONS)[number];

declare module 'vue-router' {
  interface RouteMeta {
    section?: Section;
    /** The top bar shows the search box on sections that list things. */
    isSearchable?: boolean;
    /** The top bar shows the refresh control on sections whose data comes from gateways. */
    isRefreshable?: boolean;
  }
}

/** The view of All keys, loaded ahead when the app opens on it (the router asks for the same module). */
export const loadKeysView = () => import('./views/KeysView.vue');

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/keys' },
  {
    path: '/keys',
    name: 'keys',
    component: loadKeysView,
    meta: { section: 'keys', isSearchable: true, isRefreshable: true },
  },
  {
    path: '/accounts',
    name: 'accounts',
    component: () => import('./views/AccountsView.vue'),
    meta: { section: 'accounts', isSearchable: true, isRefreshable: true },
  },
  {
    path: '/account',
    name: 'account',
    component: () => import('./views/AccountView.vue'),
    meta: { section: 'account', isRefreshable: true },
  },
  {
    path: '/models',
    name: 'models',
    component: () => import('./views/ModelsView.vue'),
    meta: { section: 'models', isSearchable: true, isRefreshable: true },
  },
  {
    path: '/settings',
    name: 'settings',
    component: () => import('./views/SettingsView.vue'),
    meta: { section: 'settings' },
  },
  { path: '/:pathMatch(.*)*', redirect: '/keys' },
];

export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({ history, routes });
}

/**
 * Whether the address the app opens at shows All keys unsearched (no account chosen, no search text): redirects are
 * followed as the router would. The start then asks for the view's code and the key lists without waiting for them.
 */
export function opensOnAllKeys(router: Router, hash: string): boolean {
  let to = router.resolve(hash.replace(/^#/, '') || '/');
  const redirect = to.matched[0]?.redirect;
  if (typeof redirect === 'string') to = router.resolve(redirect);
  return to.name === 'keys' && to.query.account === undefined && (to.query.q ?? '') === '';
}
