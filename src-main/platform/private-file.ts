// Files that hold secrets the user asked for (key exports): written readable by the owner only, whether the file
// is new or replaces one, and under a name that never collides with an earlier export.
import { open } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;

/**
 * Writes `contents` to `path` with mode 0600. `mode` on open applies only to a new file, so an existing file is
 * narrowed (fchmod) before a byte of the new contents is in it: replacing a 0644 file never leaves keys readable.
 */
export async function writePrivateFile(
  path: string,
  contents: string | Uint8Array,
  flag: 'w' | 'wx' = 'w',
): Promise<void> {
  const handle = await open(path, flag, PRIVATE_FILE_MODE);
  try {
    if (process.platform !== 'win32') await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates a new private file in `dir` named `name`, or `name-2`, `name-3`… when that is taken (two exports of one
 * account in the same second). Never overwrites; answers the path written.
 */
export async function writeNewPrivateFile(dir: string, name: string, contents: string | Uint8Array): Promise<string> {
  const ext = extname(name);
  const stem = basename(name, ext);
  for (let n = 1; ; n++) {
    const path = join(dir, n === 1 ? name : `${stem}-${n}${ext}`);
    try {
      await writePrivateFile(path, contents, 'wx');
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw error;
    }
  }
}
