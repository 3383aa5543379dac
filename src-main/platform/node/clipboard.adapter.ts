// Browser mode's stand-ins for the clipboard and save dialog: main runs under plain Node with no clipboard, so the
// port says so honestly (keys:copy answers `unavailable`, the renderer copies one revealed key itself); exports go
// to `<dataDir>/exports/` as 0600 files in a 0700 folder, and the path is shown to the user.
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipboardPort, SecretFileSinkPort } from '../ports';
import { writeNewPrivateFile } from '../private-file';

export const noClipboard: ClipboardPort = {
  isAvailable: false,
  readText: () => Promise.resolve(''),
  writeText: () => Promise.reject(new Error('No system clipboard in browser mode')),
  clear: () => undefined,
};

export function exportsFolderSink(dataDir: string): SecretFileSinkPort {
  return {
    save: async (defaultName, contents) => {
      const dir = join(dataDir, 'exports');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
      // The name is ours (account label sanitised + time); never let it climb out of the folder.
      // A second export in the same second gets `-2`, never an EEXIST.
      return writeNewPrivateFile(dir, defaultName.replace(/[\\/]/g, '_'), contents);
    },
  };
}
