// Native notifications through Electron's Notification; a click opens the account, and a notification's button
// (a runaway key's Disable now) is shown where Electron offers buttons, macOS (elsewhere the click opens the account,
// whose alert centre has the same button). Where the OS has no notification support, nothing is shown natively and
// the in-app alert centre still has the alert.
import { Notification } from 'electron';
import type { NativeNotification, NotifierPort } from '../ports';

export class ElectronNotifier implements NotifierPort {
  readonly isNative = Notification.isSupported();
  #onClick: (accountId: string) => void = () => undefined;
  #onAction: (actionId: string) => void = () => undefined;
  readonly #hasButtons: boolean;

  constructor(platform: NodeJS.Platform = process.platform) {
    this.#hasButtons = platform === 'darwin';
  }
  /** Kept referenced until closed: a collected Notification loses its click handler. */
  readonly #shown = new Set<Notification>();

  notify(notification: NativeNotification): void {
    const action = this.#hasButtons ? notification.action : undefined;
    const native = new Notification({
      title: notification.title,
      body: notification.body,
      silent: false,
      ...(action ? { actions: [{ type: 'button' as const, text: action.text }] } : {}),
    });
    this.#shown.add(native);
    native.on('click', () => {
      this.#onClick(notification.accountId);
    });
    if (action) {
      native.on('action', () => {
        this.#onAction(action.id);
      });
    }
    native.on('close', () => this.#shown.delete(native));
    native.show();
  }

  onClick(listener: (accountId: string) => void): void {
    this.#onClick = listener;
  }

  onAction(listener: (actionId: string) => void): void {
    this.#onAction = listener;
  }
}
