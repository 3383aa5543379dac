// The installed app's own executable answers `keydesk status` (deb/rpm put it on the PATH as /usr/bin/keydesk): the
// real Electron entry on the typed stand-in, launched with `status --line`, prints exactly what the status command
// prints and exits 0, with no window, no app 'ready' and no single-instance lock asked for (asking would bring a
// running Keydesk's window up).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runStatusCommand, statusLaunchArgs } from '../../../src-main/features/status/status.cli';
import { standIn } from '../../support/electron-stand-in';

vi.mock('electron', () => import('../../support/electron-stand-in'));

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'upgrade', '2026-11-27-rate-budget-keyring', 'data');
let dir: string;
const printed: string[] = [];
const argv = process.argv;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-status-launch-'));
  cpSync(FIXTURE, dir, { recursive: true });
  process.env.KEYDESK_DATA_DIR = dir;
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  });
});
afterAll(() => {
  process.argv = argv;
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('keydesk status through the desktop app', () => {
  it('reads the launch words: installed, from a checkout, behind Chromium switches, or an ordinary launch', () => {
    expect(statusLaunchArgs(['/usr/bin/keydesk', 'status', '--line'], false)).toEqual(['--line']);
    expect(statusLaunchArgs(['electron', '.', 'status', '--json'], true)).toEqual(['--json']);
    expect(statusLaunchArgs(['/opt/Keydesk/keydesk', '--no-sandbox', 'status'], false)).toEqual([]);
    expect(statusLaunchArgs(['/opt/Keydesk/keydesk'], false)).toBeNull();
    expect(statusLaunchArgs(['electron', '.'], true)).toBeNull();
    expect(statusLaunchArgs(['/opt/Keydesk/keydesk', 'https://example.com/status'], false)).toBeNull();
  });

  it('prints exactly the status line and exits 0: no window, no lock, no ready', async () => {
    const expected: string[] = [];
    const code = await runStatusCommand(['--line', '--cache', '--lang', 'en-US'], {
      out: (text) => expected.push(text),
      err: (text) => expected.push(`ERR ${text}`),
    });
    expect(code).toBe(0);
    expect(expected.join('')).toMatch(/^Alice \(password\) .*Carol \(access token\).*\n$/);

    process.argv = ['/usr/bin/keydesk', 'status', '--line', '--cache', '--lang', 'en-US'];
    await import('../../../src-main/index');
    await vi.waitFor(() => {
      expect(standIn.app.state.hasExited).toBe(true);
    });
    expect(standIn.app.state.exitCode).toBe(0);
    expect(printed.join('')).toBe(expected.join(''));
    expect(standIn.app.state.lockRequests).toBe(0);
    expect(standIn.app.state.isReady).toBe(false);
    expect(standIn.windows.created).toHaveLength(0);
  });
});
