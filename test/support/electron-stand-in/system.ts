// Stand-ins for Electron's process-wide modules Keydesk uses: clipboard, dialog (save, open), safeStorage, powerMonitor,
// shell, nativeImage. Each keeps what a test checks (the clipboard's text, dialogs asked, links opened) and behaves
// as the documentation says (safeStorage throws when encryption is unavailable, images from missing files are empty).
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import type {
  BaseWindow,
  Clipboard,
  DecryptStringAsyncReturnValue,
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
// The clipboard holds one commit of formats. As in Electron, every write call replaces the whole clipboard
// (electron_api_clipboard.cc makes a new ScopedClipboardWriter per call); `write([new ClipboardItem({...})])` commits
// every entry of its items at once. Electron 45's clipboard is asynchronous (reads and writes answer promises);
// `clear` stays synchronous. The system clipboard outlives the process: once the app has exited, nothing it does
// reaches the clipboard.
let board = new Map<string, string | Uint8Array>();
let hasProcessEnded = false;
/** A platform that refuses raw formats (the test's switch): `write` rejects, as Electron's does for such a format. */
let isRefusingRawFormats = false;
const TEXT = 'text/plain';

export class ClipboardItem {
  constructor(readonly entries: Record<string, string | Blob>) {}
  get types(): string[] {
    return Object.keys(this.entries);
  }
}

const commit = (next: Map<string, string | Uint8Array>): void => {
  if (!hasProcessEnded) board = next;
};

export const clipboard = {
  readText: () => {
    const text = board.get(TEXT);
    return Promise.resolve(typeof text === 'string' ? text : '');
  },
  writeText: (text: string) =>
    new Promise<void>((resolve) => {
      commit(new Map([[TEXT, text]]));
      resolve();
    }),
  write: async (items: readonly ClipboardItem[]): Promise<void> => {
    const next = new Map<string, string | Uint8Array>();
    if (isRefusingRawFormats && items.some((item) => item.types.some((type) => type !== TEXT))) {
      throw new Error('Failed to write to the clipboard');
    }
    for (const item of items) {
      for (const [type, value] of Object.entries(item.entries)) {
        next.set(type, typeof value === 'string' ? value : new Uint8Array(await value.arrayBuffer()));
      }
    }
    commit(next);
  },
  clear: () => {
    commit(new Map());
  },
} satisfies Pick<Clipboard, 'readText' | 'writeText' | 'clear'> & { write: unknown };

/** The app stand-in calls this when the process ends. */
export function processEnded(): void {
  hasProcessEnded = true;
}

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
export interface ErrorBox {
  readonly title: string;
  readonly content: string;
}
const errorBoxes: ErrorBox[] = [];
/** Documented as usable before 'ready' (the start-failure dialog); modal, so it has returned once closed. */
function showErrorBox(title: string, content: string): void {
  errorBoxes.push({ title, content });
}
export const dialog = { showSaveDialog, showOpenDialog, showErrorBox } satisfies Pick<
  Dialog,
  'showSaveDialog' | 'showOpenDialog' | 'showErrorBox'
>;

// ---- safeStorage --------------------------------------------------------------------------------------------
/** What safeStorage offers on this fake machine; Linux picks a backend, Keydesk refuses `basic_text`. */
const safeStorageState = {
  isReady: false,
  backend: 'gnome_libsecret' as ReturnType<SafeStorage['getSelectedStorageBackend']>,
  /** The OS key was rotated: the next asynchronous decrypts answer shouldReEncrypt (Electron 45's documented flag). */
  isKeyRotated: false,
  /** Calls of the synchronous API (deprecated in Electron 45, removed in 46), by name. */
  deprecatedCalls: [] as string[],
  /** Asynchronous encryptions waiting for a held gate (systemControl.holdEncryption). */
  waitingEncryptions: 0,
};
let encryptionGate: Promise<void> | null = null;
// One ciphertext format for both APIs, as Electron documents: what encryptString wrote, decryptStringAsync reads.
const SEALED = Buffer.from('v11');
const ROTATED = Buffer.from('v12');
const mask = (bytes: Buffer): Buffer => Buffer.from(bytes.map((byte, i) => byte ^ ((0x5a + i) % 256)));
const isAvailable = (): boolean => safeStorageState.isReady && safeStorageState.backend !== 'unknown';

function seal(plainText: string): Buffer {
  if (!isAvailable())
    throw new Error(
      'Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.',
    );
  return Buffer.concat([safeStorageState.isKeyRotated ? ROTATED : SEALED, mask(Buffer.from(plainText, 'utf8'))]);
}

function unseal(encrypted: Buffer): { result: string; shouldReEncrypt: boolean } {
  if (!isAvailable())
    throw new Error(
      'Error while decrypting the ciphertext provided to safeStorage.decryptString. Decryption is not available.',
    );
  if (!Buffer.isBuffer(encrypted)) throw new TypeError('Expected the first argument of decryptString() to be a buffer');
  const prefix = encrypted.subarray(0, SEALED.length);
  if (!prefix.equals(SEALED) && !prefix.equals(ROTATED))
    throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
  const result = mask(encrypted.subarray(SEALED.length)).toString('utf8');
  return { result, shouldReEncrypt: safeStorageState.isKeyRotated && prefix.equals(SEALED) };
}

// The synchronous members are kept, and counted, so a test can say Keydesk no longer calls them.
export const safeStorage = {
  // Documented: on Linux, true only once the app is ready and a secret store is there.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the stand-in offers what Electron 45 still has
  isEncryptionAvailable: () => {
    safeStorageState.deprecatedCalls.push('isEncryptionAvailable');
    return isAvailable();
  },
  getSelectedStorageBackend: () => (safeStorageState.isReady ? safeStorageState.backend : 'unknown'),
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above
  encryptString: (plainText: string): Buffer => {
    safeStorageState.deprecatedCalls.push('encryptString');
    return seal(plainText);
  },
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- as above
  decryptString: (encrypted: Buffer): string => {
    safeStorageState.deprecatedCalls.push('decryptString');
    return unseal(encrypted).result;
  },
  // The asynchronous encryptor starts lazily after 'ready'; before it, or without a store, it is unavailable.
  isAsyncEncryptionAvailable: () => Promise.resolve(isAvailable()),
  encryptStringAsync: async (plainText: string): Promise<Buffer> => {
    // A test may hold the OS's answer (a keychain that takes its time) to quit while a write is in flight.
    if (encryptionGate) {
      safeStorageState.waitingEncryptions += 1;
      await encryptionGate;
      safeStorageState.waitingEncryptions -= 1;
    }
    return seal(plainText);
  },
  decryptStringAsync: (encrypted: Buffer): Promise<DecryptStringAsyncReturnValue> =>
    new Promise((resolve) => resolve(unseal(encrypted))),
} satisfies Pick<
  SafeStorage,
  | 'isEncryptionAvailable'
  | 'getSelectedStorageBackend'
  | 'encryptString'
  | 'decryptString'
  | 'isAsyncEncryptionAvailable'
  | 'encryptStringAsync'
  | 'decryptStringAsync'
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
    const text = board.get(TEXT);
    return typeof text === 'string' ? text : '';
  },
  /** Every format on the clipboard now, as the last commit left it. */
  get clipboardFormats(): ReadonlyMap<string, string | Uint8Array> {
    return board;
  },
  /** The user (or another app) copies something. */
  userCopies(text: string): void {
    board = new Map([[TEXT, text]]);
  },
  /** The platform refuses raw formats in a ClipboardItem (true) or takes them (false, the default). */
  refuseRawFormats(isRefused: boolean): void {
    isRefusingRawFormats = isRefused;
  },
  saveDialogCalls: saveDialogCalls as readonly SaveDialogCall[],
  /** The next save dialog answers this path (or is cancelled when null). */
  answerNextSaveDialog(filePath: string | null): void {
    nextSaveAnswer = filePath === null ? { canceled: true, filePath: '' } : { canceled: false, filePath };
  },
  openDialogCalls: openDialogCalls as readonly OpenDialogCall[],
  errorBoxes: errorBoxes as readonly ErrorBox[],
  /** The next open dialog answers this file (or is cancelled when null). */
  answerNextOpenDialog(filePath: string | null): void {
    nextOpenAnswer = filePath === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [filePath] };
  },
  safeStorage: safeStorageState,
  /** Holds every asynchronous encryption until the returned release is called. */
  holdEncryption(): () => void {
    let release: () => void = () => undefined;
    encryptionGate = new Promise<void>((resolve) => {
      release = () => {
        encryptionGate = null;
        resolve();
      };
    });
    return release;
  },
  openedExternally: openedExternally as readonly string[],
  resume(): void {
    powerMonitor.emit('resume');
  },
};
