// Starts the built app in browser mode (node out/main/serve.js) on a data dir, as a user would run it. With
// `keyring: true` it runs under its own D-Bus session with gnome-keyring (HOME beside the data dir, so a restart in
// the same test finds the same keyring), which gives the vault the OS keyring instead of session-only memory.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const URL_LINE = /running in browser mode at (http:\/\/127\.0\.0\.1:\d+\/#code=[0-9a-f]{64})/;
const PID_LINE = /^KEYDESK_PID=(\d+)$/;
/** The throwaway keyring's password: it unlocks a keyring that lives in a temporary HOME only. */
const KEYRING_PASSWORD = 'keydesk-test';

export interface KeydeskProcess {
  readonly url: string;
  readonly origin: string;
  readonly dataDir: string;
  /** stdout and stderr lines, as printed. */
  readonly output: string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly env?: Readonly<Record<string, string>>;
  /** Run under dbus-run-session + gnome-keyring so the vault persists through the OS keyring. */
  readonly keyring?: boolean;
  /** Extra serve.js arguments (`--port N`). */
  readonly args?: readonly string[];
  /** Another checkout whose build to run (the bench's A/B of two builds); default this one. */
  readonly root?: string;
}

/** Why the keyring mode cannot run here, or null when it can. */
export function keyringUnavailable(): string | null {
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  return missing.length === 0 ? null : `${missing.join(', ')} not installed (apt-get install gnome-keyring dbus)`;
}

/** The per-test HOME of the keyring mode: beside the data dir, so it outlives a restart but not the test. */
export const keyringHome = (dataDir: string): string => `${dataDir}-home`;

export async function startKeydesk(dataDir: string, options: StartOptions = {}): Promise<KeydeskProcess> {
  const serve = join(options.root ?? ROOT, 'out', 'main', 'serve.js');
  const args = options.args ?? [];
  let child: ChildProcess;
  if (options.keyring) {
    const home = keyringHome(dataDir);
    mkdirSync(join(home, 'data'), { recursive: true });
    mkdirSync(join(home, 'config'), { recursive: true });
    // $$ is the shell's pid, which `exec` hands to node: stop() signals node itself, so it shuts down cleanly
    // (releasing the data-dir lock) and dbus-run-session then ends the bus and the keyring daemon.
    const inner = `printf ${KEYRING_PASSWORD} | gnome-keyring-daemon --unlock --components=secrets >/dev/null; echo KEYDESK_PID=$$; exec "${process.execPath}" "${serve}" ${args.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')}`;
    const { DBUS_SESSION_BUS_ADDRESS: _bus, ...env } = process.env;
    child = spawn('dbus-run-session', ['--', 'sh', '-c', inner], {
      cwd: ROOT,
      env: {
        ...env,
        ...options.env,
        KEYDESK_DATA_DIR: dataDir,
        HOME: home,
        XDG_DATA_HOME: join(home, 'data'),
        XDG_CONFIG_HOME: join(home, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } else {
    child = spawn(process.execPath, [serve, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...options.env, KEYDESK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  const output: string[] = [];
  let appPid = options.keyring ? null : (child.pid ?? null);
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  if (!child.stdout) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Keydesk did not start:\n${output.join('')}`)), 20_000);
    lines.on('line', (line) => {
      const pid = PID_LINE.exec(line);
      if (pid?.[1]) {
        appPid = Number(pid[1]);
        return;
      }
      output.push(line);
      const match = URL_LINE.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Keydesk exited with ${code}:\n${output.join('')}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      try {
        process.kill(appPid ?? child.pid ?? 0, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}
