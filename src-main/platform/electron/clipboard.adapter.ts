// Electron's clipboard, save dialog and open dialog behind the ClipboardPort, SecretFileSinkPort and OpenFilePort
// (see platform/ports.ts).
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { clipboard, dialog, type BrowserWindow } from 'electron';
import type { ClipboardPort, OpenFilePort, SecretFileSinkPort } from '../ports';
import { writePrivateFile } from '../private-file';

export const electronClipboard: ClipboardPort = {
  isAvailable: true,
  readText: () => clipboard.readText(),
  writeText: (text) => clipboard.writeText(text),
  clear: () => {
    clipboard.clear();
  },
};

/** A save dialog (parented to the window when there is one), then a 0600 file: an export holds full keys. */
export function electronSecretFileSink(window: () => BrowserWindow | null): SecretFileSinkPort {
  return {
    save: async (defaultName, contents, title) => {
      const options = { defaultPath: defaultName, title };
      const parent = window();
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      // The user may pick an existing file: it is narrowed to 0600 before the keys go in.
      await writePrivateFile(result.filePath, contents);
      return result.filePath;
    },
  };
}

/** The open dialog, parented to the window; the chosen file is read here in main, and only when small enough. */
export function electronOpenFile(window: () => BrowserWindow | null): OpenFilePort {
  return {
    choose: async (title, extensions, maxBytes) => {
      const options = {
        title,
        properties: ['openFile' as const],
        // All files second: a backup or an export renamed by hand is still one click away.
        filters: [
          { name: extensions.join(', '), extensions: [...extensions] },
          { name: '*', extensions: ['*'] },
        ],
      };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      const path = result.filePaths[0];
      if (result.canceled || path === undefined) return { status: 'cancelled' };
      if ((await stat(path)).size > maxBytes) return { status: 'too_large' };
      return { status: 'read', name: basename(path), bytes: new Uint8Array(await readFile(path)) };
    },
  };
}
