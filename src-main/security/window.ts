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

/** Links the app itself offers (documentation, a gateway's console) that may open in the system browser. */
export function isAllowedExternalLink(url: string): boolean {
  try {
    const target = new URL(url);
    return target.protocol === 'https:' && target.username === '' && target.password === '';
  } catch {
    return false;
  }
}

/** Every permission request (camera, notifications from the page, geolocation, …) is denied. */
export const isPermissionAllowed = (_permission: string): boolean => false;
