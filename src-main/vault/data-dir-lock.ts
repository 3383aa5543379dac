// One writer per data dir in browser mode: <dataDir>/keydesk.lock holds the owner's pid. A lock left by a dead
// process is taken over; a live owner makes the second start fail with a clear error. (Electron has its own.)
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir, FILE_MODE } from './atomic-file';

export const LOCK_FILE = 'keydesk.lock';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `Another Keydesk (pid ${pid}) is using this data folder (${lockPath}). Close it first, or start this one ` +
        'with another KEYDESK_DATA_DIR. If no Keydesk is running, delete the lock file.',
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

export interface LockOptions {
  readonly pid?: number;
  /** Whether a pid belongs to a running process (injected by tests). */
  readonly isAlive?: (pid: number) => boolean;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 checks existence and permission without signalling
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string, options: LockOptions = {}): DataDirLock {
  const pid = options.pid ?? process.pid;
  const isAlive = options.isAlive ?? isProcessAlive;
  ensurePrivateDir(dataDir);
  const path = join(dataDir, LOCK_FILE);
  // Two rounds: create; if a stale lock is in the way, remove it and create again. If another starter takes it
  // over between our unlink and create, our exclusive create fails and the second round sees its live pid.
  for (let round = 0; round < 2; round++) {
    try {
      const fd = openSync(path, 'wx', FILE_MODE);
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      return { path, release: () => releaseIfOwned(path, pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(path);
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(path, owner);
    // Dead owner, or no pid at all (a start killed before it wrote one): stale, take it over.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const owner = readOwner(path);
  throw new DataDirLockedError(path, owner ?? -1);
}

function readOwner(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function releaseIfOwned(path: string, pid: number): void {
  if (readOwner(path) !== pid) return; // taken over meanwhile: not ours to remove
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
