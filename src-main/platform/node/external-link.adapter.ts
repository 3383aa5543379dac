// Browser mode's link opener: the deep links of "Use this key in…" (cherrystudio:, ccswitch:) handed to the system's
// own handler from main, as the desktop app's shell.openExternal does, so the key never goes to the page. End-to-end
// tests may pass a recorder instead (serve.ts), which appends each link to a 0600 file.
import { spawn } from 'node:child_process';
import { appendFile, chmod } from 'node:fs/promises';
import { NoAppForLinkError, type ExternalLinkPort } from '../ports';

/** How long the system's opener may take to hand the link over before it counts as failed. */
const OPENER_DEADLINE_MS = 15_000;

/**
 * The system's opener, as the desktop app reaches it: xdg-open on Linux and other Unixes (what Electron's
 * shell.openExternal runs there, so the link is on its command line the same way), macOS's open, and on Windows
 * rundll32's URL handler (ShellExecute's registered handler for the scheme). Spawned without a shell, so nothing in
 * the link is interpreted; the link is the only argument.
 */
function opener(platform: NodeJS.Platform): { command: string; args: (url: string) => string[] } {
  if (platform === 'darwin') return { command: 'open', args: (url) => [url] };
  if (platform === 'win32') return { command: 'rundll32.exe', args: (url) => ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: (url) => [url] };
}

/**
 * Opens a link with the system's handler and waits for the opener to say how it went: xdg-open and open exit non-zero
 * when no app is registered for the scheme (then NoAppForLinkError); Windows' handler always exits 0 once started.
 */
/** The link's scheme with its colon, read without parsing (a link the opener refused need not parse). */
const schemeOf = (url: string): string => url.slice(0, Math.max(url.indexOf(':') + 1, 0)).slice(0, 40);

export function systemExternalLinks(platform: NodeJS.Platform = process.platform): ExternalLinkPort {
  const { command, args } = opener(platform);
  return {
    isAvailable: true,
    open: (url) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(command, args(url), { stdio: 'ignore', detached: platform !== 'win32' });
        const timer = setTimeout(() => {
          child.unref();
          // Some openers stay until the app they started quits: started is handed over.
          resolve();
        }, OPENER_DEADLINE_MS);
        child.once('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          if (code === 0 || platform === 'win32') resolve();
          else reject(new NoAppForLinkError(`${command} exited with ${String(code)}`, schemeOf(url)));
        });
      }),
  };
}

/** Test double: records the links an OS would have opened, one per line, in a file readable by the user only. */
export function recordingExternalLinks(path: string): ExternalLinkPort {
  return {
    isAvailable: true,
    open: async (url) => {
      await appendFile(path, `${url}\n`, { mode: 0o600 });
      await chmod(path, 0o600);
    },
  };
}
