// Browser mode has no native notifications: alerts reach the user through the in-app alert centre (the
// alert:raised event), so this notifier does nothing and says so.
import type { NotifierPort, PowerPort } from '../ports';

export class InAppOnlyNotifier implements NotifierPort {
  readonly isNative = false;
  notify(): void {
    // in-app only: the alerts service has already pushed alert:raised to the renderer
  }
  onClick(): void {
    // nothing native to click
  }
}

/** No power events under plain Node; the scheduler still notices a long sleep from its late timers. */
export const noPowerEvents: PowerPort = { onResume: () => () => undefined };
