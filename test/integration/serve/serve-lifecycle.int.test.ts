// Browser mode's entry as a real process (src-main/serve.ts under tsx, no build needed): a start that fails says
// why in one message in the system's language and exits 1, changing nothing; SIGTERM and SIGINT run the ordered
// shutdown and exit 0, leaving no lock, local channel file or socket behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const folders: string[] = [];
const children: ChildProcess[] = [];

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keydesk-serve-'));
  folders.push(dir);
  return dir;
}

interface Ended {
  readonly code: number | null;
  readonly stderr: string;
}

/** Starts browser mode on `dir`; `running` resolves with its printed URL, `ended` when the process exits. */
function start(dir: string): { child: ChildProcess; running: Promise<string>; ended: Promise<Ended> } {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'src-main', 'serve.ts')], {
    cwd: root,
    env: { ...process.env, KEYDESK_DATA_DIR: dir, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const running = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /browser mode at (\S+)/.exec(stdout)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', () => {
      reject(new Error(`exited before running: ${stderr}`));
    });
  });
  running.catch(() => undefined);
  const ended = new Promise<Ended>((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
  return { child, running, ended };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('browser mode as a process', () => {
  it('refuses a data folder a newer Keydesk wrote: one message, exit 1, every file as it was', async () => {
    const dir = dataFolder();
    const newer = `${JSON.stringify({ version: 9, theme: 'dark' })}\n`;
    writeFileSync(join(dir, 'settings.json'), newer);
    const { ended } = start(dir);
    const { code, stderr } = await ended;
    expect(code).toBe(1);
    const said = stderr.split('\n').filter((line) => line.startsWith('Keydesk could not start: '));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('settings.json is in format 9, and this version reads up to 1');
    expect(readdirSync(dir)).toEqual(['settings.json']); // no lock left, nothing kept aside or added
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe(newer);
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s runs the shutdown and exits 0, leaving no lock behind',
    async (signal) => {
      const dir = dataFolder();
      const { child, running, ended } = start(dir);
      await running;
      expect(existsSync(join(dir, 'keydesk.lock'))).toBe(true);
      expect(existsSync(join(dir, 'local-channel.json'))).toBe(true);
      expect(existsSync(join(dir, 'keydesk.sock'))).toBe(true);
      child.kill(signal);
      const { code } = await ended;
      expect(code).toBe(0);
      expect(existsSync(join(dir, 'keydesk.lock'))).toBe(false);
      expect(existsSync(join(dir, 'local-channel.json'))).toBe(false);
      expect(existsSync(join(dir, 'keydesk.sock'))).toBe(false);
    },
    60_000,
  );
});
