// Native notifications through Electron's Notification; a click opens the account. Where the OS has no
// notification support, nothing is shown natively and the in-app alert centre still has the alert.
import { Notification } from 'electron';
import type { NativeNotification, NotifierPort } from '../ports';

export class ElectronNotifier implements NotifierPort {
  readonly isNative = Notification.isSupported();
  #onClick: (accountId: string) => void = () => undefined;
  /** Kept referenced until closed: a collected Notification loses its click handler. */
  readonly #shown = new Set<Notification>();

  notify(notification: NativeNotification): void {
    const native = new Notification({ title: notification.title, body: notification.body, silent: false });
    this.#shown.add(native);
    native.on('click', () => {
      this.#onClick(notification.accountId);
    });
    native.on('close', () => this.#shown.delete(native));
    native.show();
  }

  onClick(listener: (accountId: string) => void): void {
    this.#onClick = listener;
  }
}
