// Ports of the desktop shell the services use without importing Electron: the tray, native notifications and
// power events. Adapters: platform/electron (real tray, Notification, powerMonitor) and platform/node (browser
// mode: no tray, in-app alerts only, no power events).
import type { BalanceLevel } from '../../src-shared/contract';

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
}

export interface NotifierPort {
  /** false in browser mode: alerts then reach the user through the in-app alert centre only. */
  readonly isNative: boolean;
  notify(notification: NativeNotification): void;
  /** A click on a notification: open that account. */
  onClick(listener: (accountId: string) => void): void;
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
  readText(): string;
  writeText(text: string): void;
  clear(): void;
}

/**
 * Where an export of keys (secrets!) is written. Electron asks the user with a save dialog; browser mode writes
 * into `<dataDir>/exports/`. Either way the file is created with mode 0600. Resolves null when the user cancels.
 */
export interface SecretFileSinkPort {
  save(defaultName: string, contents: string): Promise<string | null>;
}

/**
 * Hands a deep link (`cherrystudio:`, `ccswitch:`) to the OS, which opens the app registered for it. Electron:
 * shell.openExternal. Browser mode has no such opener in main (`isAvailable` false): the user is told the link
 * needs the desktop app, since handing it to the page would put the key in the renderer.
 */
export interface ExternalLinkPort {
  readonly isAvailable: boolean;
  open(url: string): Promise<void>;
}
