// Electron's clipboard and save dialog behind the ClipboardPort and SecretFileSinkPort (see platform/ports.ts).
import { clipboard, dialog, type BrowserWindow } from 'electron';
import type { ClipboardPort, SecretFileSinkPort } from '../ports';
import { writePrivateFile } from '../private-file';

export const electronClipboard: ClipboardPort = {
  isAvailable: true,
  readText: () => clipboard.readText(),
  writeText: (text) => {
    clipboard.writeText(text);
  },
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
