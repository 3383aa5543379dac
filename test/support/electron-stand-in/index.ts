// One typed stand-in for the parts of `electron` Keydesk uses, faithful to Electron's documented behaviour, so the
// real src-main/index.ts boots under Node in vitest: `vi.mock('electron', () => import('<this folder>'))`.
// The module's exports mirror electron's names; `standIn` is the test's side (the user's clicks, dialog answers,
// what was shown). Member signatures are checked against node_modules/electron/electron.d.ts where they overlap.
import { app, appControl } from './app';
import { ipcControl, ipcMain } from './ipc-main';
import { session, sessionControl } from './session';
import { StandInMenu, StandInNotification, StandInTray, shellControl } from './shell';
import {
  clipboard,
  ClipboardItem,
  dialog,
  nativeImage,
  powerMonitor,
  safeStorage,
  shell,
  systemControl,
} from './system';
import { StandInBrowserWindow, windowControl } from './window';

// Re-exported with `export … from` (a list of imported bindings re-exported through `export { … }` reads as
// undefined under vitest's module runner here).
export { app } from './app';
export { ipcMain } from './ipc-main';
export { session } from './session';
export { StandInMenu as Menu, StandInNotification as Notification, StandInTray as Tray } from './shell';
export { clipboard, ClipboardItem, dialog, nativeImage, powerMonitor, safeStorage, shell } from './system';
export { StandInBrowserWindow as BrowserWindow } from './window';

export const standIn = {
  app: appControl,
  ipc: ipcControl,
  session: sessionControl,
  shell: shellControl,
  system: systemControl,
  windows: windowControl,
};

export default {
  app,
  BrowserWindow: StandInBrowserWindow,
  clipboard,
  ClipboardItem,
  dialog,
  ipcMain,
  Menu: StandInMenu,
  nativeImage,
  Notification: StandInNotification,
  powerMonitor,
  safeStorage,
  session,
  shell,
  Tray: StandInTray,
};
