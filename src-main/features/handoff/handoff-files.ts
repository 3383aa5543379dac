// The files a hand-off wrote, as a rotation finds them again: how one stands now (size and modification time, no
// contents read) and a rewrite in place, 0600, only while it stands as Keydesk left it. A file changed or moved since
// is never overwritten: the user's own edits, or a file another program now owns, are not Keydesk's to replace.
import { stat } from 'node:fs/promises';
import { writePrivateFile } from '../../platform/private-file';
import type { FileStamp } from './handoff-records';

export interface HandedFiles {
  /** How the file stands; null when it is gone. */
  stamp(path: string): Promise<FileStamp | null>;
  /** Replaces the file's contents (mode 0600) and answers how it stands afterwards. */
  rewrite(path: string, contents: string): Promise<FileStamp>;
}

export const handedFiles: HandedFiles = {
  stamp: async (path) => {
    try {
      const s = await stat(path);
      return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
    } catch {
      return null;
    }
  },
  rewrite: async (path, contents) => {
    await writePrivateFile(path, contents);
    const s = await stat(path);
    return { size: s.size, mtimeMs: s.mtimeMs };
  },
};

/** Whether the file still stands as Keydesk left it. */
export const isUnchanged = (now: FileStamp, then: FileStamp): boolean =>
  now.size === then.size && now.mtimeMs === then.mtimeMs;
