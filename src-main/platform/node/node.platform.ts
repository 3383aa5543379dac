// The browser-mode Platform: main under plain Node. Node's fetch and timers, the OS keyring, exports into the data
// folder, the system browser for links and the system's handler for apps' deep links; no clipboard, tray, native
// notifications, power events or window of its own, each said honestly by its port (the renderer copies and alerts in
// the page instead).
import type { Platform } from '../ports';
import { systemClock } from '../system-clock';
import { browserModeUpdates } from './updater.adapter';
import { systemExternalLinks } from './external-link.adapter';
import { atomicFileEngine } from '../atomic-file.engine';
import { exportsFolderSink, noClipboard } from './clipboard.adapter';
import { InAppOnlyNotifier, noPowerEvents, noTray } from './in-app.notifier';
import { napiKeyring } from './keyring.adapter';
import { systemBrowserShell } from './system-browser';

export function nodePlatform(dataDir: string): Platform {
  return {
    os: process.platform,
    fetch: (url, init) => fetch(url, init),
    clock: systemClock,
    clipboard: noClipboard,
    secretFiles: exportsFolderSink(dataDir),
    // No dialog of main's own in a browser: the page's file input sends the chosen file's text once.
    openFile: null,
    notifier: new InAppOnlyNotifier(),
    tray: noTray,
    power: noPowerEvents,
    // The page is the window; a tray's "quit" cannot happen here, but if asked, stop the way Ctrl+C does.
    window: {
      show: () => undefined,
      quit: () => {
        process.kill(process.pid, 'SIGTERM');
      },
    },
    safeStorage: null,
    keyring: napiKeyring('Keydesk', 'vault-data-key'),
    shell: systemBrowserShell,
    storeEngine: atomicFileEngine(),
    // Deep links that carry a key go to the system's handler from here, as in the desktop app, never to the page.
    externalLinks: systemExternalLinks(),
    // Updates come with the desktop app; browser mode says so in Settings.
    updates: browserModeUpdates((url, init) => fetch(url, init)),
  } satisfies Platform;
}
