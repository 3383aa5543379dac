// The preload: exposes window.keydesk, one method per contract channel plus on(event) → unsubscribe. It is a
// table built from the channel list, nothing else: no ipcRenderer, no generic invoke.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { API_GLOBAL, buildApi, type Result } from '../src-shared/contract';

contextBridge.exposeInMainWorld(
  API_GLOBAL,
  buildApi(
    (channel, args) => ipcRenderer.invoke(channel, args) as Promise<Result<unknown>>,
    (event, listener) => {
      const forward = (_event: IpcRendererEvent, payload: unknown): void => {
        listener(payload);
      };
      ipcRenderer.on(event, forward);
      return () => {
        ipcRenderer.removeListener(event, forward);
      };
    },
  ),
);
