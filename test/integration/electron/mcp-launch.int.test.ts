// The installed app's own executable answers `keydesk mcp` (deb/rpm put it on the PATH as /usr/bin/keydesk): the real
// Electron entry on the typed stand-in, launched with `mcp`, serves MCP on stdin/stdout — every line it writes there a
// JSON-RPC answer — until the client closes stdin, then exits 0, with no window, no app 'ready' and no
// single-instance lock asked for (asking would bring a running Keydesk's window up).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchCommand } from '../../../src-main/features/status/status.cli';
import { standIn } from '../../support/electron-stand-in';

vi.mock('electron', () => import('../../support/electron-stand-in'));

const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'upgrade', '2026-11-27-rate-budget-keyring', 'data');
let dir: string;
const printed: string[] = [];
const argv = process.argv;
const stdin = new PassThrough();
const realStdin = Object.getOwnPropertyDescriptor(process, 'stdin');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keydesk-mcp-launch-'));
  cpSync(FIXTURE, dir, { recursive: true });
  process.env.KEYDESK_DATA_DIR = dir;
  Object.defineProperty(process, 'stdin', { value: stdin, configurable: true });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  });
});
afterAll(() => {
  process.argv = argv;
  if (realStdin) Object.defineProperty(process, 'stdin', realStdin);
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('keydesk mcp through the desktop app', () => {
  it('reads the launch words of both commands, and nothing else', () => {
    expect(launchCommand(['/usr/bin/keydesk', 'mcp'], false)).toEqual({ command: 'mcp', args: [] });
    expect(launchCommand(['electron', '.', 'mcp', '--lang', 'zh-CN'], true)).toEqual({
      command: 'mcp',
      args: ['--lang', 'zh-CN'],
    });
    expect(launchCommand(['/opt/Keydesk/keydesk', '--no-sandbox', 'status', '--line'], false)).toEqual({
      command: 'status',
      args: ['--line'],
    });
    expect(launchCommand(['/opt/Keydesk/keydesk', 'mcpx'], false)).toBeNull();
    expect(launchCommand(['/opt/Keydesk/keydesk'], false)).toBeNull();
  });

  it('serves the protocol on stdout until stdin ends, then exits 0: no window, no lock, no ready', async () => {
    process.argv = ['/usr/bin/keydesk', 'mcp', '--lang', 'en-US'];
    await import('../../../src-main/index');
    const send = (message: unknown) => stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stand-in', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_balances', arguments: {} } });
    await vi.waitFor(() => {
      expect(printed.join('')).toContain('"id":2');
    });
    stdin.end();
    await vi.waitFor(() => {
      expect(standIn.app.state.hasExited).toBe(true);
    });
    expect(standIn.app.state.exitCode).toBe(0);
    const messages = printed
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { jsonrpc: string; id: number; result: unknown });
    expect(messages.map((m) => [m.jsonrpc, m.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
    ]);
    expect(JSON.stringify(messages[1]?.result)).toContain('Alice (password)');
    expect(standIn.app.state.lockRequests).toBe(0);
    expect(standIn.app.state.isReady).toBe(false);
    expect(standIn.windows.created).toHaveLength(0);
  });
});
