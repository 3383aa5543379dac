// Browser mode's shell port: links (and the app's own URL with --open) go to the system's default browser.
import { spawn } from 'node:child_process';
import type { ShellPort } from '../ports';

/** Starts the platform's opener detached; a machine without a default browser is not an error worth a crash. */
export function openInSystemBrowser(url: string): Promise<void> {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}

export const systemBrowserShell: ShellPort = { openExternal: openInSystemBrowser };
