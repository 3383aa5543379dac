// Electron entry: single instance, hardened window and session, the shared app carried over IPC.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, session, shell } from 'electron';
import { version } from '../package.json';
import { createApp, type App } from './app';
import { attachElectronIpc } from './bridge/electron-ipc.transport';
import { createLogger } from './log/logger';
import { userDataDir } from './paths';
import { CONTENT_SECURITY_POLICY_HEADER } from './security/csp';
import { isAllowedExternalLink, isAppUrl, isPermissionAllowed, webPreferences } from './security/window';

const log = createLogger();

if (process.env.KEYDESK_DATA_DIR) app.setPath('userData', userDataDir());

function hardenSession(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(isPermissionAllowed(permission));
  });
  ses.setPermissionCheckHandler((_contents, permission) => isPermissionAllowed(permission));
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY_HEADER] },
    });
  });
}

function createWindow(core: App): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 780,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Keydesk',
    webPreferences: webPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  const appUrl = devUrl ?? pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href;

  const detach = attachElectronIpc(core.router, core.events, window, appUrl, log.child('ipc'));
  window.on('closed', detach);
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  window.once('ready-to-show', () => {
    window.show();
  });
  void window.loadURL(appUrl);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: App | null = null;
  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
  });
  void app.whenReady().then(() => {
    hardenSession();
    core = createApp({
      mode: 'electron',
      dataDir: app.getPath('userData'),
      version,
      platform: process.platform,
      log,
    });
    mainWindow = createWindow(core);
  });
  app.on('window-all-closed', () => {
    app.quit();
  });
  app.on('will-quit', () => {
    void core?.dispose();
  });
}
