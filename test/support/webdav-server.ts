// A real WebDAV server for the sync tests: Debian's Apache httpd with mod_dav, started unprivileged on a free
// loopback port from a config written here (FileETag Digest: strong ETags from each file's contents, so If-Match and
// If-None-Match: * are honoured on PUT; rclone 1.60's `serve webdav` ignores both, see the sync folder's README
// section). `apt-get install apache2` provides it (.ci/run does). Stopped by the process id it was started with.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const APACHE = '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

export interface WebdavServer {
  /** The served root, e.g. http://127.0.0.1:PORT/ (folders below it are made by the tests or by Keydesk). */
  readonly url: string;
  readonly username: string;
  readonly password: string;
  /** Where the served files are on disk: what a hostile or broken server could change. */
  readonly root: string;
  /** Every file below the root, with its bytes. */
  files(): { path: string; bytes: Buffer }[];
  close(): Promise<void>;
}

export const hasApache = (): boolean => existsSync(APACHE) && existsSync(join(MODULES, 'mod_dav_fs.so'));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** Resolves once the port accepts a connection; rejects if the server process ends first. */
async function listening(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`apache2 exited: ${readFileSync(log, 'utf8').slice(-2000)}`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => {
        resolve(false);
      });
    });
    if (isOpen) return;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 25)); // the next connection attempt, not a synchronisation
  }
  throw new Error('apache2 did not start listening');
}

export async function startWebdavServer(): Promise<WebdavServer> {
  const base = mkdtempSync(join(tmpdir(), 'keydesk-dav-'));
  const root = join(base, 'dav');
  mkdirSync(root);
  mkdirSync(join(base, 'lock'));
  const username = 'sync-user';
  const password = 'fake-dav-password-1';
  execFileSync('htpasswd', ['-bc', join(base, 'htpasswd'), username, password], { stdio: 'ignore' });
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    // httpd will not serve as root: its workers run as nobody, who must be able to write the folder.
    for (const dir of [root, join(base, 'lock')]) chownSync(dir, 65534, 65534);
    chmodSync(base, 0o755);
  }
  const log = join(base, 'error.log');
  writeFileSync(
    join(base, 'httpd.conf'),
    [
      `ServerRoot ${base}`,
      `Listen 127.0.0.1:${String(port)}`,
      `PidFile ${join(base, 'httpd.pid')}`,
      `ErrorLog ${log}`,
      'ServerName localhost',
      ...['mpm_event', 'authz_core', 'authn_core', 'auth_basic', 'authn_file', 'authz_user', 'dav', 'dav_fs'].map(
        (name) => `LoadModule ${name}_module ${MODULES}/mod_${name}.so`,
      ),
      ...(isRoot ? ['User nobody', 'Group nogroup'] : []),
      `Mutex file:${base} default`,
      `DavLockDB ${join(base, 'lock', 'davlock')}`,
      `DocumentRoot ${root}`,
      'FileETag Digest',
      `<Directory ${root}>`,
      '  Dav On',
      '  AuthType Basic',
      '  AuthName keydesk-sync-test',
      `  AuthUserFile ${join(base, 'htpasswd')}`,
      '  Require valid-user',
      '</Directory>',
    ].join('\n'),
  );
  const child = spawn(APACHE, ['-f', join(base, 'httpd.conf'), '-DFOREGROUND'], { stdio: 'ignore' });
  await listening(port, child, log);
  const files = (): { path: string; bytes: Buffer }[] => {
    const out: { path: string; bytes: Buffer }[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else out.push({ path, bytes: readFileSync(path) });
      }
    };
    walk(root);
    return out;
  };
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    username,
    password,
    root,
    files,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(base, { recursive: true, force: true });
    },
  };
}
