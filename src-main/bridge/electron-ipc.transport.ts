// Transport A (Electron): one ipcMain.handle per contract channel, each call checked to come from our window's
// main frame at our own URL before the router sees it; events are sent to that window only.
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { INVOKE_CHANNELS, fail } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { isAppUrl } from '../security/window';
import type { EventBus } from '../event-bus';
import type { Router } from './router';

export function attachElectronIpc(
  router: Router,
  events: EventBus,
  window: BrowserWindow,
  appUrl: string,
  log: Logger,
): () => void {
  const isTrusted = (event: IpcMainInvokeEvent): boolean => {
    const frame = event.senderFrame;
    return (
      event.sender === window.webContents && frame !== null && frame.parent === null && isAppUrl(frame.url, appUrl)
    );
  };

  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, args: unknown) => {
      if (!isTrusted(event)) {
        log.warn('refused IPC from an untrusted sender', { channel, url: event.senderFrame?.url });
        return fail({ code: 'forbidden', reason: 'bridge.untrusted_sender' });
      }
      return router.dispatch(channel, args, { transport: 'electron' });
    });
  }
  const unsubscribe = events.subscribe((event, payload) => {
    if (!window.isDestroyed()) window.webContents.send(event, payload);
  });

  return () => {
    unsubscribe();
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel);
  };
}
