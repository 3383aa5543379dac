// Electron's clipboard, save dialog and open dialog behind the ClipboardPort, SecretFileSinkPort and OpenFilePort
// (see platform/ports.ts). What Keydesk copies is always a secret (a key, a snippet holding one), so it goes with the
// markers each platform defines for "do not keep this": clipboard history, sync and managers leave it out.
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { clipboard, ClipboardItem, dialog, type BrowserWindow } from 'electron';
import type { ClipboardPort, OpenFilePort, SecretFileSinkPort } from '../ports';
import { writePrivateFile } from '../private-file';

/** A native clipboard format and its payload. */
export interface ConcealMarker {
  readonly format: string;
  readonly data: Uint8Array<ArrayBuffer>;
}

const dword = (value: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value, true);
  return bytes;
};

/**
 * The markers each platform defines: macOS `org.nspasteboard.ConcealedType` (nspasteboard.org: its presence is what
 * counts); Windows `ExcludeClipboardContentFromMonitorProcessing` (present), `CanIncludeInClipboardHistory` and
 * `CanUploadToCloudClipboard` (a DWORD 0: not in Win+V history, not synced); KDE's Klipper the MIME type
 * `x-kde-passwordManagerHint` holding `secret`.
 */
export function concealMarkers(platform: string): readonly ConcealMarker[] {
  if (platform === 'darwin') return [{ format: 'org.nspasteboard.ConcealedType', data: new Uint8Array(0) }];
  if (platform === 'win32') {
    return [
      { format: 'ExcludeClipboardContentFromMonitorProcessing', data: dword(1) },
      { format: 'CanIncludeInClipboardHistory', data: dword(0) },
      { format: 'CanUploadToCloudClipboard', data: dword(0) },
    ];
  }
  return [{ format: 'x-kde-passwordManagerHint', data: new TextEncoder().encode('secret') }];
}

/** Electron's name for a raw platform format in a ClipboardItem. */
export const osFormat = (format: string): string => `electron application/osclipboard;format="${format}"`;

/**
 * The system clipboard. The text and its markers must arrive in one commit: every Electron write call replaces the
 * whole clipboard (writeText then a marker write would leave the marker without the text;
 * electron/electron shell/common/api/electron_api_clipboard.cc makes a new ScopedClipboardWriter per call), while one
 * `write([new ClipboardItem({...})])` commits all its entries at once.
 */
export function electronClipboard(platform: string = process.platform): ClipboardPort {
  return {
    isAvailable: true,
    readText: () => clipboard.readText(),
    writeText: async (text) => {
      const entries: Record<string, string | Blob> = { 'text/plain': text };
      for (const marker of concealMarkers(platform)) entries[osFormat(marker.format)] = new Blob([marker.data]);
      try {
        await clipboard.write([new ClipboardItem(entries)]);
      } catch {
        // A platform that refuses a marker format still gets the text: a copy that fails is worse than one kept.
        await clipboard.writeText(text);
      }
    },
    clear: () => {
      clipboard.clear();
    },
  };
}

/** A save dialog (parented to the window when there is one), then a 0600 file: an export holds full keys. */
export function electronSecretFileSink(window: () => BrowserWindow | null): SecretFileSinkPort {
  return {
    save: async (defaultName, contents, title) => {
      const options = { defaultPath: defaultName, title };
      const parent = window();
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      if (result.canceled || !result.filePath) return null;
      // The user may pick an existing file: it is narrowed to 0600 before the keys go in.
      await writePrivateFile(result.filePath, contents);
      return result.filePath;
    },
  };
}

/** The open dialog, parented to the window; the chosen file is read here in main, and only when small enough. */
export function electronOpenFile(window: () => BrowserWindow | null): OpenFilePort {
  return {
    choose: async (title, extensions, maxBytes) => {
      const options = {
        title,
        properties: ['openFile' as const],
        // All files second: a backup or an export renamed by hand is still one click away.
        filters: [
          { name: extensions.join(', '), extensions: [...extensions] },
          { name: '*', extensions: ['*'] },
        ],
      };
      const parent = window();
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      const path = result.filePaths[0];
      if (result.canceled || path === undefined) return { status: 'cancelled' };
      if ((await stat(path)).size > maxBytes) return { status: 'too_large' };
      return { status: 'read', name: basename(path), bytes: new Uint8Array(await readFile(path)) };
    },
  };
}
