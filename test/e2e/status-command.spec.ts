// The README's `keydesk status` commands from a checkout, on the built app: `npm run -s status -- --line` and
// `node out/main/status.js --line` print exactly the status line and nothing else, so a terminal status line shows
// the balances and not npm's banner (which `npm run` without -s prints first).
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const FIXTURE = join(root, 'test', 'fixtures', 'upgrade', '2026-11-27-rate-budget-keyring', 'data');
const LINE = /^Alice \(password\) [^\n]* · Carol \(access token\) [^\n]*\n$/;

test('the checkout commands print the status line and nothing else', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'keydesk-status-cmd-'));
  try {
    cpSync(FIXTURE, dir, { recursive: true });
    const env = { ...process.env, KEYDESK_DATA_DIR: dir };
    const args = ['--line', '--cache', '--lang', 'en-US'];
    const direct = await run(process.execPath, [join(root, 'out', 'main', 'status.js'), ...args], { cwd: root, env });
    expect(direct.stdout).toMatch(LINE);
    const quiet = await run('npm', ['run', '-s', 'status', '--', ...args], { cwd: root, env });
    expect(quiet.stdout).toBe(direct.stdout);
    // Why the README says -s: without it npm prints its banner before the line.
    const loud = await run('npm', ['run', 'status', '--', ...args], { cwd: root, env });
    expect(loud.stdout).not.toBe(direct.stdout);
    expect(loud.stdout.endsWith(direct.stdout)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
