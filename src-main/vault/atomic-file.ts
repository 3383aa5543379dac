// Crash-safe file writes for the data dir: temp file (mode 0600) + fsync + rename + directory fsync, so a reader
// sees the old bytes or the new bytes, never a mix. Failures throw; there is no non-atomic fallback.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Creates the data dir (0700) or tightens an existing one we own; other users' dirs are left as they are. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (process.platform === 'win32') return; // modes mean nothing there; the profile ACL protects it
  const info = statSync(dir);
  if ((info.mode & 0o777) !== DIR_MODE && info.uid === process.getuid?.()) chmodSync(dir, DIR_MODE);
}

const TEMP_MARK = '.tmp-';

export function writeFileAtomicSync(path: string, data: string | Uint8Array): void {
  const temp = `${path}${TEMP_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  try {
    // 'wx': never follow or reuse an existing file at the temp name.
    const fd = openSync(temp, 'wx', FILE_MODE);
    try {
      for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset);
      fsyncSync(fd); // the data is on disk before the rename can make it visible
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // the temp file may never have been created; the original error is the one to report
    }
    throw error;
  }
  syncDir(dirname(path));
}

/** Makes the rename itself durable. Windows cannot open a directory; NTFS journals the rename. */
export function syncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes temp files a killed writer left behind for this path (only one writer holds the data dir). */
export function removeStaleTemps(path: string): void {
  const prefix = `${basename(path)}${TEMP_MARK}`;
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    try {
      unlinkSync(join(dirname(path), name));
    } catch {
      // already gone
    }
  }
}
