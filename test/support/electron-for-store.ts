// A minimal stand-in for the electron module as electron-store reads it in the main process (app.getPath,
// app.getVersion, ipcMain.on, shell), for tests that run the electron-store engine under Node via vi.mock.
export const ELECTRON_USER_DATA = '/nonexistent/electron-user-data';

/** The ipcMain listeners electron-store registered, by channel. */
export const ipcMainListeners = new Map<string, unknown>();

const app = {
  getPath: (name: string): string => {
    if (name !== 'userData') throw new Error(`unexpected app.getPath(${name})`);
    return ELECTRON_USER_DATA;
  },
  getVersion: (): string => '0.0.0-test',
};
const ipcMain = {
  on: (channel: string, listener: unknown): void => {
    ipcMainListeners.set(channel, listener);
  },
};
const shell = { openPath: (): Promise<string> => Promise.resolve('') };

/** What `vi.mock('electron', …)` should answer: the default export electron-store imports, and named ones. */
export const electronForStore = { default: { app, ipcMain, shell }, app, ipcMain, shell };
