// Stand-in for Electron's `app`: ready (whenReady, 'ready', isReady), paths, the single-instance lock, login
// items, and quitting as documented — 'before-quit' (preventable), every window asked to close (a prevented close
// cancels the quit), then 'will-quit' (preventable) and 'quit'; the last window closing otherwise emits
// 'window-all-closed'. After 'quit', or app.exit(code), the process ends: the exit hooks see the machine as the
// process leaves it, and the stand-in's system modules take no effect afterwards (a clear that comes too late is
// lost, as it would be).
import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App, LoginItemSettings, Settings } from 'electron';
import { electronEvent } from './events';
import { processEnded, safeStorageReady } from './system';
import { StandInBrowserWindow, windowHooks } from './window';
import packageJson from '../../../package.json';

const state = {
  isReady: false,
  isQuitting: false,
  hasQuit: false,
  /** Another Keydesk already holds the single-instance lock. */
  isLockHeldElsewhere: false,
  /** How often the lock was asked for: each ask tells a running Keydesk that a second copy started. */
  lockRequests: 0,
  openAtLogin: false,
  loginItemCalls: [] as Settings[],
  /** The process ended (after 'quit', or app.exit); its code. */
  hasExited: false,
  exitCode: null as number | null,
};
const exitHooks: ((code: number) => void)[] = [];

/** The end of the process: nothing runs after it, so the hooks see what the process left behind. */
function endProcess(code: number): void {
  if (state.hasExited) return;
  state.hasExited = true;
  state.exitCode = code;
  processEnded();
  for (const hook of exitHooks) hook(code);
}
const paths = new Map<string, string>([['userData', join(tmpdir(), 'electron-stand-in', 'userData')]]);
// Electron sets process.resourcesPath in the main process (the app's resources folder; empty in development).
// Under plain Node it is absent (electron.d.ts types it as always there, hence Reflect).
if (!Object.hasOwn(process, 'resourcesPath')) {
  Reflect.set(process, 'resourcesPath', join(tmpdir(), 'electron-stand-in', 'resources'));
}
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

class StandInApp
  extends EventEmitter
  implements
    Pick<
      App,
      | 'getPath'
      | 'setPath'
      | 'getVersion'
      | 'getName'
      | 'requestSingleInstanceLock'
      | 'whenReady'
      | 'isReady'
      | 'quit'
      | 'exit'
      | 'isPackaged'
    >
{
  readonly isPackaged = false;

  getPath(name: Parameters<App['getPath']>[0]): string {
    const path = paths.get(name);
    if (path === undefined) throw new Error(`Failed to get '${name}' path`);
    return path;
  }
  setPath(name: string, path: string): void {
    paths.set(name, path);
  }
  /** Electron answers the version and name of the app's package.json (electron-store asks for the version). */
  getVersion(): string {
    return packageJson.version;
  }
  getName(): string {
    return packageJson.productName;
  }
  requestSingleInstanceLock(): boolean {
    state.lockRequests += 1;
    return !state.isLockHeldElsewhere;
  }
  whenReady(): Promise<void> {
    return ready;
  }
  isReady(): boolean {
    return state.isReady;
  }
  getLoginItemSettings(): LoginItemSettings {
    return { openAtLogin: state.openAtLogin } as LoginItemSettings;
  }
  setLoginItemSettings(settings: Settings): void {
    state.loginItemCalls.push(settings);
    if (settings.openAtLogin !== undefined) state.openAtLogin = settings.openAtLogin;
  }

  /** Documented: closes every window at once, without asking and without 'before-quit' or 'will-quit', and exits. */
  exit(exitCode = 0): void {
    if (state.hasExited) return;
    state.isQuitting = true;
    for (const window of StandInBrowserWindow.getAllWindows()) window.destroy();
    endProcess(exitCode);
  }

  quit(): void {
    if (state.hasExited || state.hasQuit || state.isQuitting) return;
    const beforeQuit = electronEvent();
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) return;
    state.isQuitting = true;
    for (const window of StandInBrowserWindow.getAllWindows()) {
      window.close();
      if (!window.isDestroyed()) {
        state.isQuitting = false; // a window refused to close: the quit is cancelled
        return;
      }
    }
    const willQuit = electronEvent();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      state.isQuitting = false;
      return;
    }
    state.hasQuit = true;
    this.emit('quit', electronEvent(), 0);
    endProcess(0);
  }
}

export const app = new StandInApp();

windowHooks.onCreated = (window) => {
  app.emit('web-contents-created', electronEvent(), window.webContents);
  app.emit('browser-window-created', electronEvent(), window);
};
windowHooks.onAllClosed = () => {
  if (state.isQuitting) return; // documented: not emitted while quitting
  // Without a listener Electron's default is to quit.
  if (app.listenerCount('window-all-closed') === 0) app.quit();
  else app.emit('window-all-closed');
};

export const appControl = {
  state: state as Readonly<typeof state>,
  holdLockElsewhere(): void {
    state.isLockHeldElsewhere = true;
  },
  setOpenAtLogin(isOpen: boolean): void {
    state.openAtLogin = isOpen;
  },
  /** Runs `hook` at the moment the process ends (to read the data folder as it was left, say). */
  onExit(hook: (code: number) => void): void {
    exitHooks.push(hook);
  },
  /** The app finished launching: 'ready', then whenReady resolves; safeStorage becomes usable. */
  ready(): void {
    if (state.isReady) return;
    state.isReady = true;
    safeStorageReady();
    app.emit('ready', electronEvent(), {});
    resolveReady();
  },
};
