// Browser mode has no native notifications, tray or power events: alerts reach the user through the in-app alert
// centre (the alerts:raised event), so these ports do nothing and say so.
import type { NotifierPort, PowerPort, TrayPort } from '../ports';

export class InAppOnlyNotifier implements NotifierPort {
  readonly isNative = false;
  notify(): void {
    // in-app only: the alerts service has already pushed alerts:raised to the renderer
  }
  onClick(): void {
    // nothing native to click
  }
  onAction(): void {
    // no native buttons either
  }
}

/** No power events under plain Node; the scheduler still notices a long sleep from its late timers. */
export const noPowerEvents: PowerPort = { onResume: () => () => undefined };

/** No tray under plain Node: the model is computed and dropped; nothing is ever clicked. */
export const noTray: TrayPort = {
  render: () => undefined,
  onAction: () => undefined,
  onOpen: () => undefined,
  dispose: () => undefined,
};
