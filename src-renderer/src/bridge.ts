// The renderer's only way to main: window.keydesk (Electron preload) when present, else the loopback transport
// of browser mode (POST per invoke, server-sent events), both built from the contract's channel list.
import {
  API_GLOBAL,
  buildApi,
  isEventName,
  type EventName,
  type InvokeChannel,
  type KeydeskApi,
  type Result,
} from '../../src-preload/contract';

const TOKEN_STORAGE_KEY = 'keydesk.bridge-token';
const EVENTS_RETRY_MS = 1_000;

/** Takes the per-launch token from the URL fragment (`#token=…`), keeps it for reloads, and cleans the URL. */
export function takeBridgeToken(location: Location, storage: Storage, history: History): string | null {
  const match = /(?:^#|&)token=([0-9a-f]{64})(?:&|$)/.exec(location.hash);
  if (match?.[1]) {
    storage.setItem(TOKEN_STORAGE_KEY, match[1]);
    history.replaceState(null, '', `${location.pathname}${location.search}#/`);
    return match[1];
  }
  return storage.getItem(TOKEN_STORAGE_KEY);
}

const bridgeFailure = (message: string): Result<never> => ({
  ok: false,
  error: { code: 'forbidden', message },
});

export function createLoopbackApi(token: string | null, fetchImpl: typeof fetch = fetch.bind(globalThis)): KeydeskApi {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` };

  const invoke = async (channel: InvokeChannel, args: unknown): Promise<Result<unknown>> => {
    if (!token) return bridgeFailure('This page was opened without its launch token. Open the URL Keydesk printed.');
    try {
      const response = await fetchImpl(`/bridge/invoke/${encodeURIComponent(channel)}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ args: args ?? null }),
      });
      const text = await response.text();
      try {
        return JSON.parse(text) as Result<unknown>;
      } catch {
        // Not our bridge answering (a proxy, a plain-text refusal): report what the status says.
        return response.status === 403
          ? bridgeFailure(text || 'Refused by Keydesk')
          : { ok: false, error: { code: 'protocol', message: `HTTP ${response.status}` } };
      }
    } catch (error) {
      return { ok: false, error: { code: 'network', message: String(error), retryable: true } };
    }
  };

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let streaming = false;

  const dispatch = (block: string): void => {
    let event = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!isEventName(event)) return;
    const payload: unknown = JSON.parse(data);
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };

  const stream = async (): Promise<void> => {
    for (;;) {
      try {
        const response = await fetchImpl('/bridge/events', { headers });
        if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            dispatch(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // The app may be restarting; reconnect quietly. Invokes report their own failures.
      }
      await new Promise((resolve) => setTimeout(resolve, EVENTS_RETRY_MS));
    }
  };

  const subscribe = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!streaming && token) {
      streaming = true;
      void stream();
    }
    const set = listeners.get(event) ?? new Set();
    set.add(listener);
    listeners.set(event, set);
    return () => set.delete(listener);
  };

  return buildApi(invoke, subscribe);
}

function resolveApi(): KeydeskApi {
  const exposed = (globalThis as Record<string, unknown>)[API_GLOBAL];
  if (exposed) return exposed as KeydeskApi;
  return createLoopbackApi(takeBridgeToken(window.location, window.sessionStorage, window.history));
}

/** The bridge to main. Import this, never window.keydesk or fetch. */
export const keydesk: KeydeskApi = resolveApi();
