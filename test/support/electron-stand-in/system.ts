// Stand-ins for Electron's process-wide modules Keydesk uses: clipboard, dialog (save, open), safeStorage, powerMonitor,
// shell, nativeImage. Each keeps what a test checks (the clipboard's text, dialogs asked, links opened) and behaves
// as the documentation says (safeStorage throws when encryption is unavailable, images from missing files are empty).
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import type {
  BaseWindow,
  Clipboard,
  Dialog,
  OpenDialogOptions,
  OpenDialogReturnValue,
  SafeStorage,
  SaveDialogOptions,
  SaveDialogReturnValue,
  Shell,
} from 'electron';
import type { StandInBrowserWindow } from './window';

// ---- clipboard ----------------------------------------------------------------------------------------------
// The clipboard holds one commit of formats. As in Electron, every write call replaces the whole clipboard (a
// writeBuffer after a writeText leaves only the buffer: electron_api_clipboard.cc makes a new ScopedClipboardWriter
// per call). Electron 44 and later also take `write([new ClipboardItem({...})])`, every entry in one commit; that API
// is offered only when a test switches it on (the Electron this project pins, 41, has no ClipboardItem).
let board = new Map<string, string | Uint8Array>();
const TEXT = 'text/plain';

export let ClipboardItem: (new (entries: Record<string, string | Blob>) => StandInClipboardItem) | undefined;

export class StandInClipboardItem {
  constructor(readonly entries: Record<string, string | Blob>) {}
}

export const clipboard = {
  readText: () => {
    const text = board.get(TEXT);
    return typeof text === 'string' ? text : '';
  },
  writeText: (text: string) => {
    board = new Map([[TEXT, text]]);
  },
  writeBuffer: (format: string, buffer: Buffer) => {
    board = new Map([[format, new Uint8Array(buffer)]]);
  },
  write: (data: unknown): Promise<void> | undefined => {
    if (!Array.isArray(data)) {
      const { text } = data as { text?: string };
      board = new Map(text === undefined ? [] : [[TEXT, text]]);
      return undefined;
    }
    if (ClipboardItem === undefined) throw new TypeError('clipboard.write takes an object in this Electron');
    return (async () => {
      const next = new Map<string, string | Uint8Array>();
      for (const item of data as StandInClipboardItem[]) {
        for (const [type, value] of Object.entries(item.entries)) {
          next.set(type, typeof value === 'string' ? value : new Uint8Array(await value.arrayBuffer()));
        }
      }
      board = next;
    })();
  },
  clear: () => {
    board = new Map();
  },
} satisfies Pick<Clipboard, 'readText' | 'writeText' | 'writeBuffer' | 'clear'> & { write: unknown };

// ---- dialog -------------------------------------------------------------------------------------------------
export interface SaveDialogCall {
  readonly parent: StandInBrowserWindow | null;
  readonly options: SaveDialogOptions;
}
const saveDialogCalls: SaveDialogCall[] = [];
let nextSaveAnswer: SaveDialogReturnValue = { canceled: true, filePath: '' };

function showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
function showSaveDialog(window: BaseWindow, options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
function showSaveDialog(
  first: BaseWindow | SaveDialogOptions,
  second?: SaveDialogOptions,
): Promise<SaveDialogReturnValue> {
  const isWindowFirst = second !== undefined;
  saveDialogCalls.push({
    parent: isWindowFirst ? (first as unknown as StandInBrowserWindow) : null,
    options: isWindowFirst ? second : first,
  });
  const answer = nextSaveAnswer;
  nextSaveAnswer = { canceled: true, filePath: '' };
  return Promise.resolve(answer);
}
export interface OpenDialogCall {
  readonly parent: StandInBrowserWindow | null;
  readonly options: OpenDialogOptions;
}
const openDialogCalls: OpenDialogCall[] = [];
let nextOpenAnswer: OpenDialogReturnValue = { canceled: true, filePaths: [] };

function showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
function showOpenDialog(window: BaseWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
function showOpenDialog(
  first: BaseWindow | OpenDialogOptions,
  second?: OpenDialogOptions,
): Promise<OpenDialogReturnValue> {
  const isWindowFirst = second !== undefined;
  openDialogCalls.push({
    parent: isWindowFirst ? (first as unknown as StandInBrowserWindow) : null,
    options: isWindowFirst ? second : first,
  });
  const answer = nextOpenAnswer;
  nextOpenAnswer = { canceled: true, filePaths: [] };
  return Promise.resolve(answer);
}
export const dialog = { showSaveDialog, showOpenDialog } satisfies Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>;

// ---- safeStorage --------------------------------------------------------------------------------------------
/** What safeStorage offers on this fake machine; Linux picks a backend, Keydesk refuses `basic_text`. */
const safeStorageState = {
  isReady: false,
  backend: 'gnome_libsecret' as ReturnType<SafeStorage['getSelectedStorageBackend']>,
};
const SEALED = Buffer.from('v11');
const mask = (bytes: Buffer): Buffer => Buffer.from(bytes.map((byte, i) => byte ^ ((0x5a + i) % 256)));

export const safeStorage = {
  // Documented: on Linux, true only once the app is ready and a secret store is there.
  isEncryptionAvailable: () => safeStorageState.isReady && safeStorageState.backend !== 'unknown',
  getSelectedStorageBackend: () => (safeStorageState.isReady ? safeStorageState.backend : 'unknown'),
  encryptString: (plainText: string): Buffer => {
    if (!safeStorage.isEncryptionAvailable())
      throw new Error(
        'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
      );
    return Buffer.concat([SEALED, mask(Buffer.from(plainText, 'utf8'))]);
  },
  decryptString: (encrypted: Buffer): string => {
    if (!safeStorage.isEncryptionAvailable())
      throw new Error(
        'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
      );
    if (!Buffer.isBuffer(encrypted))
      throw new TypeError('Expected the first argument of decryptString() to be a buffer');
    if (!encrypted.subarray(0, SEALED.length).equals(SEALED))
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    return mask(encrypted.subarray(SEALED.length)).toString('utf8');
  },
} satisfies Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
>;

/** The app stand-in calls this at 'ready': safeStorage is not usable before. */
export function safeStorageReady(): void {
  safeStorageState.isReady = true;
}

// ---- powerMonitor -------------------------------------------------------------------------------------------
export const powerMonitor = new EventEmitter();

// ---- shell --------------------------------------------------------------------------------------------------
const openedExternally: string[] = [];
export const shell = {
  openExternal: (url: string) => {
    openedExternally.push(url);
    return Promise.resolve();
  },
} satisfies Pick<Shell, 'openExternal'>;

// ---- nativeImage --------------------------------------------------------------------------------------------
/** An image read from a file; as in Electron, a path that cannot be read gives an empty image, not an error. */
export class StandInNativeImage {
  constructor(readonly path: string) {}
  isEmpty(): boolean {
    return this.path === '' || !existsSync(this.path);
  }
}
export const nativeImage = {
  createFromPath: (path: string) => new StandInNativeImage(path),
  createEmpty: () => new StandInNativeImage(''),
};

/** The test's side of these modules. */
export const systemControl = {
  get clipboardText(): string {
    return clipboard.readText();
  },
  /** Every format on the clipboard now, as the last commit left it. */
  get clipboardFormats(): ReadonlyMap<string, string | Uint8Array> {
    return board;
  },
  /** The user (or another app) copies something. */
  userCopies(text: string): void {
    board = new Map([[TEXT, text]]);
  },
  /** Offers Electron 44's ClipboardItem API (true) or takes it away, as the Electron this project pins has none. */
  offerClipboardItems(isOffered: boolean): void {
    ClipboardItem = isOffered ? StandInClipboardItem : undefined;
  },
  saveDialogCalls: saveDialogCalls as readonly SaveDialogCall[],
  /** The next save dialog answers this path (or is cancelled when null). */
  answerNextSaveDialog(filePath: string | null): void {
    nextSaveAnswer = filePath === null ? { canceled: true, filePath: '' } : { canceled: false, filePath };
  },
  openDialogCalls: openDialogCalls as readonly OpenDialogCall[],
  /** The next open dialog answers this file (or is cancelled when null). */
  answerNextOpenDialog(filePath: string | null): void {
    nextOpenAnswer = filePath === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [filePath] };
  },
  safeStorage: safeStorageState,
  openedExternally: openedExternally as readonly string[],
  resume(): void {
    powerMonitor.emit('resume');
  },
};
