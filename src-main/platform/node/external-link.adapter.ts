// Browser mode's link opener: none (main runs under plain Node and Keydesk never hands a key-bearing link to the
// page). End-to-end tests pass a recorder instead (serve.ts), which appends each link to a 0600 file.
import { appendFile, chmod } from 'node:fs/promises';
import type { ExternalLinkPort } from '../ports';

export const noExternalLinks: ExternalLinkPort = {
  isAvailable: false,
  open: () => Promise.reject(new Error('No link opener in browser mode')),
};

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
