// Stand-in for ipcMain's invoke side as Electron documents it: one handler per channel (a second `handle` throws),
// `removeHandler`, and an invoke that arrives with the sender's webContents and frame and carries structured
// clones both ways. A thrown handler error reaches the renderer as "Error invoking remote method …".
import { EventEmitter } from 'node:events';
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { electronEvent } from './events';
import type { StandInWebContents, StandInWebFrame } from './window';

type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;

const handlers = new Map<string, InvokeHandler>();

class StandInIpcMain extends EventEmitter implements Pick<IpcMain, 'handle' | 'handleOnce' | 'removeHandler'> {
  handle(channel: string, listener: InvokeHandler): void {
    if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    handlers.set(channel, listener);
  }

  handleOnce(channel: string, listener: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      handlers.delete(channel);
      return listener(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    handlers.delete(channel);
  }
}

export const ipcMain = new StandInIpcMain();

/** Who calls: the webContents (its page) and the frame inside it (main frame or an iframe). */
export interface Sender {
  readonly webContents: StandInWebContents;
  readonly frame: StandInWebFrame | null;
}

export const ipcControl = {
  channels: (): string[] => [...handlers.keys()],
  /** ipcRenderer.invoke(channel, ...args) from `sender`, as main receives it. */
  async invoke(sender: Sender, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = handlers.get(channel);
    if (!handler)
      throw new Error(`Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`);
    const event = electronEvent({
      frameId: sender.frame?.routingId ?? -1,
      processId: sender.frame?.processId ?? -1,
      sender: sender.webContents,
      senderFrame: sender.frame,
      type: 'frame' as const,
    }) as unknown as IpcMainInvokeEvent;
    try {
      return structuredClone(await handler(event, ...args.map((arg) => structuredClone(arg))));
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`, { cause: error });
    }
  },
};
