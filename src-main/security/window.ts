// Hardening of the Electron window, as pure data and predicates so they are unit-tested without Electron:
// the window's webPreferences, which navigations, new windows, permissions and external links are allowed.

export interface HardenedWebPreferences {
  readonly preload: string;
  readonly sandbox: true;
  readonly contextIsolation: true;
  readonly nodeIntegration: false;
  readonly nodeIntegrationInWorker: false;
  readonly nodeIntegrationInSubFrames: false;
  readonly webSecurity: true;
  readonly allowRunningInsecureContent: false;
  readonly webviewTag: false;
  readonly navigateOnDragDrop: false;
  readonly spellcheck: false;
  readonly safeDialogs: true;
}

export function webPreferences(preload: string): HardenedWebPreferences {
  return {
    preload,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
  };
}

/** The renderer's own pages: the built index.html (file:) or, in development, the dev server's origin. */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    const app = new URL(appUrl);
    if (app.protocol === 'file:') return target.protocol === 'file:' && target.pathname === app.pathname;
    return target.origin === app.origin;
  } catch {
    return false;
  }
}

/** Documentation the app links to; the other links it offers are the consoles of the user's own gateways. */
export const APP_LINKS: readonly string[] = ['https://github.com/QuantumNous/new-api', 'https://docs.newapi.pro/'];

/**
 * Whether a window.open may go to the system browser: only links the app offers — a page under one of `offered`
 * (APP_LINKS and the accounts' base URLs), same scheme and origin, no credentials in the URL. A compromised or
 * confused renderer cannot use this to open arbitrary sites or schemes.
 */
export function isAllowedExternalLink(url: string, offered: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username !== '' || target.password !== '') return false;
  return offered.some((link) => {
    try {
      const base = new URL(link);
      const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
      return target.origin === base.origin && (target.pathname === base.pathname || target.pathname.startsWith(prefix));
    } catch {
      return false;
    }
  });
}

/**
 * The page the window loads, which is also the only origin the IPC sender check trusts: the dev server's URL only
 * in an unpackaged build, so an environment variable cannot point a shipped Keydesk (and its bridge) elsewhere.
 */
export function rendererUrl(options: {
  readonly isPackaged: boolean;
  readonly devUrl: string | undefined;
  readonly builtIndexUrl: string;
}): string {
  return !options.isPackaged && options.devUrl ? options.devUrl : options.builtIndexUrl;
}

/** Every permission request (camera, notifications from the page, geolocation, …) is denied. */
export const isPermissionAllowed = (_permission: string): boolean => false;
