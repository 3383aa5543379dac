// The preload exposes exactly one object, built from the channel list, and nothing that reaches ipcRenderer.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOKE_CHANNELS } from '../../../src-shared/contract';

const exposed = new Map<string, unknown>();
const ipcRenderer = {
  invoke: vi.fn((channel: string) => Promise.resolve({ ok: true, value: channel })),
  on: vi.fn(),
  removeListener: vi.fn(),
};

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer,
}));

type Api = Record<string, unknown> & { on: (event: string, fn: (payload: unknown) => void) => () => void };

describe('preload', () => {
  beforeEach(async () => {
    exposed.clear();
    vi.resetModules();
    await import('../../../src-preload/index');
  });

  it('exposes only window.keydesk', () => {
    expect([...exposed.keys()]).toEqual(['keydesk']);
  });

  it('has one method per channel and on(), and no generic invoke or ipcRenderer', () => {
    const api = exposed.get('keydesk') as Api;
    const methods = Object.entries(api).flatMap(([domain, value]) =>
      typeof value === 'function' ? [domain] : Object.keys(value as object).map((verb) => `${domain}:${verb}`),
    );
    expect(methods.sort()).toEqual([...INVOKE_CHANNELS, 'on'].sort());
    expect(JSON.stringify(Object.keys(api))).not.toMatch(/invoke|ipc|send/i);
  });

  it('invokes the channel of the method called', async () => {
    const api = exposed.get('keydesk') as { settings: { get: () => Promise<unknown> } };
    await expect(api.settings.get()).resolves.toEqual({ ok: true, value: 'settings:get' });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('settings:get', undefined);
  });

  it('on() subscribes to the event channel and returns an unsubscribe that removes the same listener', () => {
    const api = exposed.get('keydesk') as Api;
    const received: unknown[] = [];
    const off = api.on('settings:changed', (payload) => received.push(payload));
    const [[event, forward]] = ipcRenderer.on.mock.calls as [[string, (e: unknown, p: unknown) => void]];
    expect(event).toBe('settings:changed');
    forward({ sender: 'hidden' }, { theme: 'dark' });
    expect(received).toEqual([{ theme: 'dark' }]); // the IpcRendererEvent is not passed on
    off();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith('settings:changed', forward);
  });
});
