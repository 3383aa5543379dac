// Stand-ins for BrowserWindow, its webContents and their frames, with the behaviour Keydesk's hardening relies on:
// 'close' can be prevented (and then the window stays), 'will-navigate' and 'will-attach-webview' can be prevented,
// window.open asks the handler set by setWindowOpenHandler, and every frame knows its parent and URL.
import { EventEmitter } from 'node:events';
import type {
  BrowserWindow,
  BrowserWindowConstructorOptions,
  HandlerDetails,
  WebContents,
  WindowOpenHandlerResponse,
} from 'electron';
import { electronEvent } from './events';

let nextId = 1;

/** A frame of a page: the main frame (parent null) or a sub-frame (an iframe) inside it. */
export class StandInWebFrame {
  readonly routingId = nextId++;
  readonly processId = 1;
  readonly frames: StandInWebFrame[] = [];
  constructor(
    public url: string,
    readonly parent: StandInWebFrame | null,
  ) {
    parent?.frames.push(this);
  }
  get top(): StandInWebFrame {
    return this.parent ? this.parent.top : this;
  }
}

export interface SentMessage {
  readonly channel: string;
  readonly args: readonly unknown[];
}

type WindowOpenHandler = Parameters<WebContents['setWindowOpenHandler']>[0];

export class StandInWebContents
  extends EventEmitter
  implements Pick<WebContents, 'id' | 'send' | 'setWindowOpenHandler' | 'isDestroyed' | 'getURL'>
{
  readonly id = nextId++;
  readonly mainFrame = new StandInWebFrame('', null);
  readonly sent: SentMessage[] = [];
  #windowOpenHandler: WindowOpenHandler | null = null;
  #isDestroyed = false;

  getURL(): string {
    return this.mainFrame.url;
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.#isDestroyed) throw new Error('Object has been destroyed');
    // IPC carries structured clones: a payload that cannot be cloned fails here as it would in Electron.
    this.sent.push({ channel, args: args.map((arg) => structuredClone(arg)) });
  }

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.#windowOpenHandler = handler;
  }

  isDestroyed(): boolean {
    return this.#isDestroyed;
  }

  destroy(): void {
    this.#isDestroyed = true;
    this.emit('destroyed');
  }

  // ---- the page's side, for tests --------------------------------------------------------------------------
  /** The page calls window.open(url): Electron asks the handler; without one, the window would open. */
  windowOpen(url: string): WindowOpenHandlerResponse {
    const details: HandlerDetails = {
      url,
      frameName: '',
      features: '',
      disposition: 'new-window',
      referrer: { url: this.getURL(), policy: 'strict-origin-when-cross-origin' },
    };
    return this.#windowOpenHandler ? this.#windowOpenHandler(details) : { action: 'allow' };
  }

  /** The page tries to navigate its main frame; answers whether the navigation went ahead. */
  navigate(url: string): boolean {
    const event = electronEvent({
      url,
      isSameDocument: false,
      isMainFrame: true,
      frame: this.mainFrame,
      initiator: this.mainFrame,
    });
    this.emit('will-navigate', event, url, false, true, this.mainFrame.processId, this.mainFrame.routingId);
    if (event.defaultPrevented) return false;
    this.mainFrame.url = url;
    return true;
  }

  /** The page adds a <webview>; answers whether it was attached. */
  attachWebview(src: string): boolean {
    const event = electronEvent();
    const webPreferences = {};
    this.emit('will-attach-webview', event, webPreferences, { src });
    return !event.defaultPrevented;
  }

  /** An iframe inside the page, at its own URL. */
  addSubFrame(url: string): StandInWebFrame {
    return new StandInWebFrame(url, this.mainFrame);
  }
}

type WindowMember =
  | 'id'
  | 'show'
  | 'hide'
  | 'focus'
  | 'isVisible'
  | 'isFocused'
  | 'isMinimized'
  | 'minimize'
  | 'restore'
  | 'close'
  | 'destroy'
  | 'isDestroyed'
  | 'loadURL';

/** Every window ever created, in order; Electron's getAllWindows lists the ones not yet destroyed. */
const created: StandInBrowserWindow[] = [];
/** Told when a window is created or its last one closes (the app stand-in emits its events from these). */
export const windowHooks = {
  onCreated: (_window: StandInBrowserWindow): void => undefined,
  onAllClosed: (): void => undefined,
};

export class StandInBrowserWindow extends EventEmitter implements Pick<BrowserWindow, WindowMember> {
  readonly id = nextId++;
  readonly webContents = new StandInWebContents();
  #isVisible: boolean;
  #isMinimized = false;
  #isFocused = false;
  #isDestroyed = false;

  constructor(readonly options: BrowserWindowConstructorOptions = {}) {
    super();
    this.#isVisible = options.show !== false;
    created.push(this);
    windowHooks.onCreated(this);
  }

  static getAllWindows(): StandInBrowserWindow[] {
    return created.filter((window) => !window.isDestroyed());
  }

  static getFocusedWindow(): StandInBrowserWindow | null {
    return created.find((window) => !window.isDestroyed() && window.isFocused()) ?? null;
  }

  /** Loads the page; 'ready-to-show' follows once it has "rendered" (the next turn here). */
  loadURL(url: string): Promise<void> {
    this.#assertAlive();
    this.webContents.mainFrame.url = url;
    setImmediate(() => {
      if (!this.#isDestroyed) this.emit('ready-to-show', electronEvent());
    });
    return Promise.resolve();
  }

  show(): void {
    this.#assertAlive();
    this.#isVisible = true;
    this.#isMinimized = false;
    this.focus();
  }
  hide(): void {
    this.#assertAlive();
    this.#isVisible = false;
    this.#isFocused = false;
  }
  focus(): void {
    this.#assertAlive();
    if (!this.#isVisible) return;
    const wasFocused = this.#isFocused;
    for (const other of StandInBrowserWindow.getAllWindows()) if (other !== this) other.#blur();
    this.#isFocused = true;
    if (!wasFocused) this.emit('focus', electronEvent());
  }
  isVisible(): boolean {
    return this.#isVisible;
  }
  isFocused(): boolean {
    return this.#isFocused;
  }
  isMinimized(): boolean {
    return this.#isMinimized;
  }
  minimize(): void {
    this.#isMinimized = true;
    this.#blur();
  }
  restore(): void {
    this.#isMinimized = false;
  }

  /** As a click on the close button: 'close' may be prevented; otherwise the window is destroyed. */
  close(): void {
    if (this.#isDestroyed) return;
    const event = electronEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return;
    this.destroy();
  }

  /** Destroys without 'close' (documented: no 'close' event, no unload). */
  destroy(): void {
    if (this.#isDestroyed) return;
    this.#isDestroyed = true;
    this.#isVisible = false;
    this.#isFocused = false;
    this.webContents.destroy();
    this.emit('closed');
    if (StandInBrowserWindow.getAllWindows().length === 0) windowHooks.onAllClosed();
  }

  isDestroyed(): boolean {
    return this.#isDestroyed;
  }

  #blur(): void {
    if (!this.#isFocused) return;
    this.#isFocused = false;
    this.emit('blur', electronEvent());
  }

  #assertAlive(): void {
    // Electron throws on any call to a destroyed window.
    if (this.#isDestroyed) throw new TypeError('Object has been destroyed');
  }
}

export const windowControl = { created: created as readonly StandInBrowserWindow[] };
