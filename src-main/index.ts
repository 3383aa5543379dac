// Electron entry: single instance, hardened window and session, the Electron platform, and the shared app carried
// over IPC. Close-to-tray and launch-at-login live here: they are the desktop window's and login item's business.
// Quitting holds Electron at will-quit until the app's ordered shutdown has finished; a failed start says why in
// one dialog and exits non-zero. Launched as `keydesk status`, it prints the status and exits, touching nothing; as
// `keydesk mcp`, it serves MCP on stdin/stdout until the client closes it, without a window or the instance lock.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, dialog, session } from 'electron';
import { version } from '../package.json';
import { createApp, type App } from './app';
import { attachElectronIpc } from './bridge/electron-ipc.transport';
import { createLogger } from './log/logger';
import { userDataDir } from './paths';
import { systemLanguage } from './core';
import { electronPlatform } from './platform/electron/electron.platform';
import type { Platform } from './platform/ports';
import { systemClock } from './platform/system-clock';
import { trayIconDir } from './platform/tray-icons';
import { CONTENT_SECURITY_POLICY_HEADER } from './security/csp';
import { START_FAILED_EXIT_CODE, startFailureText } from './start-failure';
import { launchCommand, runStatusCommand } from './features/status/status.cli';
import { runMcp } from './features/mcp/mcp.command';
import {
  APP_LINKS,
  isAllowedExternalLink,
  isAppUrl,
  isPermissionAllowed,
  rendererUrl,
  webPreferences,
} from './security/window';

// The Electron platform's clock: the logger exists before the platform, whose adapters log.
const log = createLogger({ now: () => systemClock.now() });

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

function createWindow(core: App, platform: Platform): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 780,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Keydesk',
    webPreferences: webPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  const appUrl = rendererUrl({
    isPackaged: app.isPackaged,
    devUrl: process.env.ELECTRON_RENDERER_URL,
    builtIndexUrl: pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href,
  });

  const detach = attachElectronIpc(core.router, core.events, window, appUrl, log.child('ipc'));
  window.on('closed', detach);
  window.webContents.setWindowOpenHandler(({ url }) => {
    const offered = [...APP_LINKS, ...core.accounts.snapshot().accounts.map((account) => account.baseUrl)];
    if (isAllowedExternalLink(url, offered)) void platform.shell.openExternal(url);
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

/** Writes `text` and resolves once it has left the process (an exit right after a write could cut a pipe short). */
const written = (stream: NodeJS.WriteStream, text: string): Promise<void> =>
  new Promise((resolve) => {
    stream.write(text, () => {
      resolve();
    });
  });

// electron.d.ts types process.defaultApp as always there; Electron sets it only when started as `electron .`.
const isDefaultApp = (process as { readonly defaultApp?: boolean }).defaultApp === true;
const launched = launchCommand(process.argv, isDefaultApp);
if (launched !== null) {
  // `keydesk status` and `keydesk mcp` (the deb/rpm's /usr/bin/keydesk, or the app's executable on the PATH): answered
  // from the data folder or the running Keydesk's local channel, then exit. Before the single-instance lock: asking for
  // it would tell the running Keydesk a second copy started and bring its window up. No window, no app 'ready' needed.
  const pending: Promise<void>[] = [];
  const err = (text: string): void => {
    pending.push(written(process.stderr, text));
  };
  // An MCP server lives as long as its client: no Dock icon for it on macOS.
  if (launched.command === 'mcp') app.dock?.hide();
  const run =
    launched.command === 'mcp'
      ? runMcp(
          launched.args,
          { stdin: process.stdin, stdout: process.stdout, err },
          { version, now: () => systemClock.now() },
        )
      : runStatusCommand(launched.args, { out: (text) => pending.push(written(process.stdout, text)), err });
  void run.then(async (code) => {
    await Promise.all(pending);
    app.exit(code);
  });
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: App | null = null;
  let mainWindow: BrowserWindow | null = null;
  let isQuitting = false;
  const trayIcons = trayIconDir({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    moduleDir: import.meta.dirname,
  });

  /** Closing keeps Keydesk in the tray when the setting says so; focusing the window is a quota refresh trigger. */
  const watchWindow = (window: BrowserWindow): void => {
    window.on('close', (event) => {
      if (!isQuitting && core?.settings.get().closeToTray === true) {
        event.preventDefault();
        window.hide();
      }
    });
    window.on('focus', () => {
      core?.quota.monitor.trigger('focus');
    });
  };
  const applyLoginItem = (launchAtLogin: boolean): void => {
    if (app.getLoginItemSettings().openAtLogin !== launchAtLogin)
      app.setLoginItemSettings({ openAtLogin: launchAtLogin });
  };
  app.on('before-quit', () => {
    isQuitting = true;
  });
  // A second launch brings this one's window back, also from the tray.
  app.on('second-instance', () => {
    if (!mainWindow || mainWindow.isDestroyed()) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => {
      event.preventDefault();
    });
  });
  /** One dialog in the user's language, then a non-zero exit: a start that failed never leaves a process behind. */
  const failStart = (error: unknown): void => {
    log.error('Keydesk could not start', { error: error instanceof Error ? error.message : String(error) });
    const text = startFailureText(error, systemLanguage(), app.getPath('userData'));
    dialog.showErrorBox(text.title, text.body);
    app.exit(START_FAILED_EXIT_CODE);
  };
  app
    .whenReady()
    .then(async () => {
      hardenSession();
      const platform = electronPlatform(() => mainWindow, { trayIconDir: trayIcons, log: log.child('updater') });
      const created = await createApp({ mode: 'electron', dataDir: app.getPath('userData'), version, log, platform });
      core = created;
      applyLoginItem(created.settings.get().launchAtLogin);
      created.events.on('settings:changed', (settings) => {
        applyLoginItem(settings.launchAtLogin);
      });
      mainWindow = createWindow(created, platform);
      watchWindow(mainWindow);
    })
    .catch(failStart);
  app.on('window-all-closed', () => {
    app.quit();
  });
  // Electron ends the process right after will-quit unless it is prevented: hold it until the shutdown has run
  // (clipboard, calls in flight, features, sessions, stores), then quit again, this time through.
  let hasShutDown = false;
  app.on('will-quit', (event) => {
    const running = core;
    if (hasShutDown || running === null) return;
    event.preventDefault();
    void running
      .dispose()
      .catch((error: unknown) => {
        log.warn('shutdown did not finish cleanly', { error: String(error) });
      })
      .finally(() => {
        hasShutDown = true;
        app.quit();
      });
  });
}
