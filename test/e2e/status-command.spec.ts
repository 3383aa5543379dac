// The user guide's `keydesk status` and `keydesk mcp` commands from a checkout, on the built app: `npm run -s status --
// --line` and `node out/main/status.js --line` print exactly the status line and nothing else, so a terminal status
// line shows the balances and not npm's banner (which `npm run` without -s prints first); `node out/main/mcp.js`
// writes the protocol alone on stdout.
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
    // Why the guide says -s: without it npm prints its banner before the line.
    const loud = await run('npm', ['run', 'status', '--', ...args], { cwd: root, env });
    expect(loud.stdout).not.toBe(direct.stdout);
    expect(loud.stdout.endsWith(direct.stdout)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// `keydesk mcp` from a checkout, as the agents guide gives it: `node out/main/mcp.js` (and `npm run -s mcp`). Its
// stdout is the protocol and nothing else — every line a JSON-RPC message answering ours — however the cache reads.
test('the checkout MCP command writes nothing but the protocol on stdout', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'keydesk-mcp-cmd-'));
  try {
    cpSync(FIXTURE, dir, { recursive: true });
    const env = { ...process.env, KEYDESK_DATA_DIR: dir };
    const requests = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_balances', arguments: {} } },
    ];
    const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
    for (const [command, args] of [
      [process.execPath, [join(root, 'out', 'main', 'mcp.js'), '--lang', 'en-US']],
      ['npm', ['run', '-s', 'mcp', '--', '--lang', 'en-US']],
    ] as const) {
      const child = execFile(command, [...args], { cwd: root, env });
      let stdout = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin?.write(input);
      // The answer to the last call is the cue to end the session (the client closes stdin).
      await expect.poll(() => stdout.includes('"id":3'), { timeout: 20_000 }).toBe(true);
      child.stdin?.end();
      await exited;
      const lines = stdout.split('\n').filter((line) => line !== '');
      const messages = lines.map((line) => JSON.parse(line) as { jsonrpc: string; id?: number; result?: unknown });
      expect(messages.map((m) => [m.jsonrpc, m.id])).toEqual([
        ['2.0', 1],
        ['2.0', 2],
        ['2.0', 3],
      ]);
      expect(JSON.stringify(messages[2]?.result)).toContain('From Keydesk’s cache');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
