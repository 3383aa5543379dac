// Starts the built app in browser mode (node out/main/serve.js) on a data dir, as a user would run it.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const URL_LINE = /running in browser mode at (http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64})/;

export interface KeydeskProcess {
  readonly url: string;
  readonly origin: string;
  readonly dataDir: string;
  readonly output: string[];
  stop(): Promise<void>;
}

export async function startKeydesk(dataDir: string, env: Record<string, string> = {}): Promise<KeydeskProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'out', 'main', 'serve.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, KEYDESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  if (!child.stdout) throw new Error('no stdout');
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Keydesk did not start:\n${output.join('')}`)), 20_000);
    lines.on('line', (line) => {
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
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
