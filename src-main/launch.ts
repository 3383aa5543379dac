// `npm start`: runs Electron when its binary is installed; otherwise tries once to install it, and if that fails
// says so in one line and starts browser mode (the same app in the default browser).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const requireFromRoot = createRequire(join(root, 'package.json'));
const attemptMarker = join(root, 'node_modules', '.cache', 'keydesk', 'electron-install-failed');

function electronBinary(): string | null {
  try {
    const path = requireFromRoot('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function tryInstallElectron(): boolean {
  // Once per installation: a machine that cannot reach the download host should not wait on every start.
  if (existsSync(attemptMarker)) return false;
  const installer = join(dirname(requireFromRoot.resolve('electron/package.json')), 'install.js');
  const result = spawnSync(process.execPath, [installer], { stdio: 'ignore', timeout: 120_000 });
  if (result.status === 0 && electronBinary()) return true;
  mkdirSync(dirname(attemptMarker), { recursive: true });
  writeFileSync(attemptMarker, new Date().toISOString());
  return false;
}

const binary = electronBinary() ?? (tryInstallElectron() ? electronBinary() : null);
if (binary) {
  const child = spawn(binary, [root], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stdout.write(
    `Electron is not available here (its download failed; delete ${attemptMarker} to retry): starting browser mode.\n`,
  );
  process.argv.push('--open');
  await import('./serve');
}
