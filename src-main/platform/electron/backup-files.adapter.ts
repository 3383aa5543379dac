// Electron's open dialog behind the backup feature's BackupFilesPort: parented to the window, one file, read only
// when it is small enough to be a backup.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { BackupFilesPort } from '../../features/backup/backup.ports';

export function electronBackupFiles(window: () => BrowserWindow | null): BackupFilesPort {
  return {
    canChoose: true,
    choose: async (title, maxBytes) => {
      const options: OpenDialogOptions = {
        title,
        properties: ['openFile'],
        filters: [
          { name: 'Keydesk backup', extensions: ['keydesk'] },
          { name: '*', extensions: ['*'] },
        ],
      };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      const path = result.filePaths[0];
      if (result.canceled || path === undefined) return null;
      if ((await stat(path)).size > maxBytes) return 'too_large';
      return { name: basename(path), bytes: new Uint8Array(await readFile(path)) };
    },
  };
}
