// Every runtime port main uses, and the one `Platform` that carries them all: fetch, the clock, the clipboard, the
// save dialog, notifications, the tray, power events, the window, the OS secret backends and the system browser.
// Every member is required: a runtime says what it has (a port that answers "not here") instead of leaving a hole a
// default fills in silently. Built by platform/electron (electronPlatform) and platform/node (nodePlatform).
import type { AppError, BalanceLevel, UpdateProgress, UpdateSupport } from '../../src-shared/contract';
import type { KeyringPort, SafeStoragePort } from './secret-backends';
import type { StoreEngine } from './store-engine';

/** Electron's net.fetch (system proxy and certificates) or Node's global fetch. */
export type FetchPort = (url: string, init: RequestInit) => Promise<Response>;

/** A timer handle of the clock that made it; only that clock's clearTimer understands it. */
export type TimerHandle = unknown;

/**
 * Time as one port, so retry, backoff, timeouts, schedules and clipboard clearing are tested without real waiting.
 * Services take the slice they need (`Pick<Clock, 'now'>`); the runtime gives the whole of it.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after ms; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Uniform in [0, 1), for jitter. */
  random(): number;
  /** Runs callback once after ms. A pending timer never keeps the process alive on its own. */
  setTimer(ms: number, callback: () => void): TimerHandle;
  clearTimer(handle: TimerHandle): void;
  /** Runs callback every ms until the returned stop is called; never keeps the process alive on its own. */
  every(ms: number, callback: () => void): () => void;
}

export type TrayIconState = 'ok' | 'low' | 'critical' | 'stale';

/** What a tray menu item does when clicked; the adapter hands it back to the tray controller. */
export type TrayAction =
  | { readonly kind: 'account'; readonly accountId: string }
  | { readonly kind: 'refresh' }
  | { readonly kind: 'open' }
  | { readonly kind: 'quit' };

export type TrayItem =
  | {
      readonly kind: 'item';
      /** Stable across renders, so an adapter can update the label of the same item in place. */
      readonly id: string;
      readonly label: string;
      readonly action: TrayAction;
      /** Account rows: the colour band of the balance, and whether it is the active account. */
      readonly level?: BalanceLevel;
      readonly isChecked?: boolean;
      readonly isEnabled?: boolean;
    }
  | { readonly kind: 'separator'; readonly id: string };

export interface TrayModel {
  readonly icon: TrayIconState;
  /** Text beside the icon where the platform draws it (macOS's menu bar); '' for none. */
  readonly title: string;
  readonly tooltip: string;
  readonly items: readonly TrayItem[];
}

export interface TrayPort {
  /** Draws the model: the first call creates the tray, later ones update it (labels in place when possible). */
  render(model: TrayModel): void;
  /** Clicks on menu items. */
  onAction(listener: (action: TrayAction) => void): void;
  /** The tray menu opened (or the icon was clicked): a refresh trigger. */
  onOpen(listener: () => void): void;
  dispose(): void;
}

export interface NativeNotification {
  readonly title: string;
  readonly body: string;
  readonly accountId: string;
  /** A button on the notification where the OS shows them (macOS): its label, and what is told when it is pressed. */
  readonly action?: { readonly id: string; readonly text: string };
}

export interface NotifierPort {
  /** false in browser mode: alerts then reach the user through the in-app alert centre only. */
  readonly isNative: boolean;
  notify(notification: NativeNotification): void;
  /** A click on a notification: open that account. */
  onClick(listener: (accountId: string) => void): void;
  /** A notification's button was pressed: the id its `action` carried. */
  onAction(listener: (actionId: string) => void): void;
}

export interface PowerPort {
  /** The machine woke from sleep or the network came back: refresh, spread out. Returns the unsubscribe. */
  onResume(listener: () => void): () => void;
}

/**
 * The system clipboard, as the clipboard guard needs it. `isAvailable` is false in browser mode: main runs under
 * plain Node there and has no clipboard, so copying falls back to the browser (one revealed key at a time).
 */
export interface ClipboardPort {
  readonly isAvailable: boolean;
  /** Asynchronous, as Electron's clipboard is from Electron 45 on (modelled on the web's navigator.clipboard). */
  readText(): Promise<string>;
  writeText(text: string): Promise<void>;
  clear(): void;
}

/**
 * Where an export of keys (secrets!) is written. Electron asks the user with a save dialog; browser mode writes
 * into `<dataDir>/exports/`. Either way the file is created with mode 0600. Resolves null when the user cancels.
 */
export interface SecretFileSinkPort {
  /** `title` heads the save dialog, in the user's language. Text is written as UTF-8, bytes as they are. */
  save(defaultName: string, contents: string | Uint8Array, title: string): Promise<string | null>;
}

/** A file the user chose to read (an import, a backup), with its bytes; or why it was not read. */
export type ChosenFile =
  | { readonly status: 'read'; readonly name: string; readonly bytes: Uint8Array }
  | { readonly status: 'cancelled' }
  | { readonly status: 'too_large' };

/**
 * The OS's open dialog, for a file main reads itself (so its contents never pass through the renderer): accounts to
 * import, a backup to restore. Electron only; browser mode has none (null): the page's own file input sends the
 * contents once instead.
 */
export interface OpenFilePort {
  /** `title` heads the dialog, in the user's language; `extensions` without dots; files over maxBytes are not read. */
  choose(title: string, extensions: readonly string[], maxBytes: number): Promise<ChosenFile>;
}

/** The app's window as the tray and notifications need it: bring it up (on an account), or quit the app. */
export interface WindowPort {
  /**
   * Restores, shows and focuses the window (the account, when given, was made active just before); browser mode
   * has no window of its own to raise.
   */
  show(accountId?: string): void;
  quit(): void;
}

/** The system browser for links the app offers (the window's own policy decides which). */
export interface ShellPort {
  openExternal(url: string): Promise<void>;
}

/**
 * Everything main needs from the runtime it runs in. All members required (no optional port, no default): the
 * compiler refuses a platform that forgets one, which is how the desktop app once shipped without its clipboard.
 */
export interface Platform {
  /** process.platform of the machine (`linux`, `darwin`, `win32`), shown in the app's info. */
  readonly os: string;
  readonly fetch: FetchPort;
  readonly clock: Clock;
  readonly clipboard: ClipboardPort;
  readonly secretFiles: SecretFileSinkPort;
  /** The open dialog for imports; null in browser mode (the page's file input instead). */
  readonly openFile: OpenFilePort | null;
  readonly notifier: NotifierPort;
  readonly tray: TrayPort;
  readonly power: PowerPort;
  readonly window: WindowPort;
  /** Electron's safeStorage; null where the runtime has none (browser mode). */
  readonly safeStorage: SafeStoragePort | null;
  /** The OS keyring; null where it must not be touched. */
  readonly keyring: KeyringPort | null;
  readonly shell: ShellPort;
  /** Deep links (`cherrystudio:`, `ccswitch:`) that carry a key: the OS opens the registered app, in both modes. */
  readonly externalLinks: ExternalLinkPort;
  /** The updater of this install (electron-updater), or none: browser mode and package-managed installs say so. */
  readonly updates: UpdatesPlatform;
  /**
   * Reads and atomically replaces every data file (settings, accounts, vault, caches): atomicFileEngine() in both
   * runtimes (ConfigStore keeps the schemas, versions and .bak on top).
   */
  readonly storeEngine: StoreEngine;
}

// Updates, as the runtime gives them: whether this install may update itself, which feed file it reads, where GitHub
// serves it, the downloader (electron-updater in the desktop app) and the fetch for the feed.

export interface InstallSupport {
  readonly support: UpdateSupport;
  readonly packageFormat: string | null;
}

export interface DownloadRequest {
  /** The feed address that answered the check: the download comes from the same place. */
  readonly feedUrl: string;
  /** `latest.yml`, … */
  readonly feedFile: string;
  /** The feed's exact text, as its signature was checked: the downloader reads this, never the feed again. */
  readonly feedText: string;
  readonly version: string;
}

export interface UpdateDownloaderPort {
  /** false where this build cannot download (browser mode): the service then only checks. */
  readonly canDownload: boolean;
  /**
   * Downloads the release the feed text names and answers the paths of the files it wrote (the service checks each
   * against the signed feed's sha512 and size before anything may install them).
   */
  download(request: DownloadRequest, onProgress: (progress: UpdateProgress) => void): Promise<readonly string[]>;
  /** Stops a download in flight; its promise then rejects. */
  cancel(): void;
  /** Quits Keydesk and runs the installer of the downloaded release. */
  install(): void;
}

/** What the platform tells the updates feature: see platform/electron/updater.adapter.ts and platform/node. */
export interface UpdatesPlatform {
  readonly install: InstallSupport;
  /** `latest.yml`, `latest-mac.yml`, `latest-linux.yml`, `latest-linux-arm64.yml`. */
  readonly feedFile: string;
  /** GitHub Releases of the repository the build was published from; null when unknown. */
  readonly githubFeedUrl: string | null;
  readonly downloader: UpdateDownloaderPort;
  /** How the feed file is fetched (Electron's net.fetch: the system proxy and certificates). */
  readonly fetch: FetchPort;
}

/**
 * Hands a deep link (`cherrystudio:`, `ccswitch:`) to the OS, which opens the app registered for it. Electron:
 * shell.openExternal; browser mode: the system's opener (xdg-open, open, the Windows URL handler) run from main, never
 * the page, since handing it to the page would put the key in the renderer.
 */
export interface ExternalLinkPort {
  readonly isAvailable: boolean;
  /** Rejects with NoAppForLinkError when the system says no app is registered for the link's scheme. */
  open(url: string): Promise<void>;
}

/** The system has no app for a link's scheme (its opener said so); the message is the opener's, for the log. */
export class NoAppForLinkError extends Error {
  override readonly name = 'NoAppForLinkError';
  constructor(
    message: string,
    /** The link's scheme with its colon (`cherrystudio:`), which the user is told has no app. */
    readonly scheme: string,
  ) {
    super(message);
  }
  /** Crosses the bridge as unavailable, naming the scheme (errors.ts converts through this). */
  toAppError(): AppError {
    return { code: 'unavailable', reason: 'handoff.no_app', params: { scheme: this.scheme } };
  }
}
