// Routes: one per section, views lazy-loaded so the first paint only carries the shell.
import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router';

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

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/keys' },
  {
    path: '/keys',
    name: 'keys',
    component: () => import('./views/KeysView.vue'),
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
