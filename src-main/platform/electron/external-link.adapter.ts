// Electron's shell.openExternal behind the ExternalLinkPort: the OS opens the app registered for a deep link.
import { shell } from 'electron';
import type { ExternalLinkPort } from '../ports';

export const electronExternalLinks: ExternalLinkPort = {
  isAvailable: true,
  open: (url) => shell.openExternal(url, { activate: true }),
};
