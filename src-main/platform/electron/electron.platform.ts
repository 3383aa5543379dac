// The desktop Platform: every port backed by Electron (net.fetch through a private session, clipboard, save dialog,
// Notification, Tray, powerMonitor, safeStorage, shell) plus the OS keyring. Built once, after app 'ready'.
// The object is one literal that `satisfies Platform`, with no spread: leaving a port out does not compile.
import { app, session, shell, type BrowserWindow } from 'electron';
import { napiKeyring } from '../node/keyring.adapter';
import type { Platform } from '../ports';
import { systemClock } from '../system-clock';
import { electronClipboard, electronOpenFile, electronSecretFileSink } from './clipboard.adapter';
import { ElectronNotifier } from './notifier.adapter';
import type { Logger } from '../../log/logger';
import { electronUpdatesPlatform } from './updater.adapter';
import { electronExternalLinks } from './external-link.adapter';
import { atomicFileEngine } from '../atomic-file.engine';
import { electronPower } from './power.adapter';
import { electronSafeStorage } from './safe-storage.adapter';
import { ElectronTrayAdapter } from './tray.adapter';

export interface ElectronPlatformOptions {
  /** Where tray-<state>.png live (platform/tray-icons.ts knows the packaged and development places). */
  readonly trayIconDir: string;
  /** Where the updater writes what it did (never a secret). */
  readonly log: Logger;
}

/** `getWindow` answers the main window when there is one: dialogs are parented to it, notifications raise it. */
export function electronPlatform(getWindow: () => BrowserWindow | null, options: ElectronPlatformOptions): Platform {
  // Gateway HTTP goes through an in-memory session of its own: the system proxy and certificates, but no disk
  // cache and no cookies shared with the window.
  const gateway = session.fromPartition('keydesk-gateway', { cache: false });
  // Cookies are Keydesk's own, per account (SessionCookies, sent as a header): the partition's store must not
  // add or keep any of its own beside them.
  const gatewayFetch = (url: string, init: RequestInit): Promise<Response> =>
    gateway.fetch(url, { ...init, credentials: 'omit' });
  return {
    os: process.platform,
    fetch: gatewayFetch,
    clock: systemClock,
    clipboard: electronClipboard(),
    secretFiles: electronSecretFileSink(getWindow),
    openFile: electronOpenFile(getWindow),
    notifier: new ElectronNotifier(),
    tray: new ElectronTrayAdapter(options.trayIconDir),
    power: electronPower,
    window: {
      show: () => {
        const window = getWindow();
        if (!window || window.isDestroyed()) return;
        if (window.isMinimized()) window.restore();
        window.show();
        window.focus();
      },
      // before-quit (index.ts) marks the quit, so close-to-tray lets the window go.
      quit: () => {
        app.quit();
      },
    },
    safeStorage: electronSafeStorage,
    keyring: napiKeyring('Keydesk', 'vault-data-key'),
    shell: { openExternal: (url) => shell.openExternal(url) },
    storeEngine: atomicFileEngine(),
    externalLinks: electronExternalLinks,
    updates: electronUpdatesPlatform({
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      fetch: gatewayFetch,
      log: options.log,
    }),
  } satisfies Platform;
}
