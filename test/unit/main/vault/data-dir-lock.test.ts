// The browser-mode data dir lock: a live owner refuses a second start; a dead owner's lock is taken over.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from '../../../../src-main/vault/data-dir-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-lock-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lockPath = () => join(dir, LOCK_FILE);

/** A pid that certainly belonged to a process and certainly no longer does. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('acquireDataDirLock', () => {
  it('writes our pid with mode 0600 and removes the file on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid));
    expect(statSync(lockPath()).mode & 0o777).toBe(0o600);
    lock.release();
    expect(() => statSync(lockPath())).toThrow();
    acquireDataDirLock(dir).release(); // free again
  });

  it('refuses while another live process holds it, with a clear error', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const pid = other.pid ?? 0;
      writeFileSync(lockPath(), `${pid}\n`);
      let error: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as DataDirLockedError).pid).toBe(pid);
      expect((error as Error).message).toMatch(new RegExp(`Another Keydesk \\(pid ${pid}\\)`));
      expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(pid)); // not touched
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('refuses a second acquire in the same process (the holder is alive)', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock left by a dead process', () => {
    const pid = deadPid();
    writeFileSync(lockPath(), `${pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockPath(), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over an empty or garbled lock (a start killed before it wrote its pid)', () => {
    for (const content of ['', 'garbage']) {
      writeFileSync(lockPath(), content);
      acquireDataDirLock(dir).release();
    }
  });

  it('release leaves a lock that someone else has taken over', () => {
    const lock = acquireDataDirLock(dir, { pid: 4242, isAlive: () => false });
    writeFileSync(lockPath(), '5151\n');
    lock.release();
    expect(readFileSync(lockPath(), 'utf8')).toBe('5151\n');
  });
});
