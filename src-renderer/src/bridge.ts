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
} from '../../src-shared/contract';
import { pageFirstFrame } from './page-first-frame';

/** Where an earlier Keydesk kept its launch token; removed on sight so no copy of it lingers on disk. */
const LEGACY_TOKEN_KEY = 'keydesk.bridge-token';
const EVENTS_RETRY_MS = 1_000;

/**
 * Takes the one-time launch code from the URL fragment (`#code=…`) and removes the fragment at once, before the
 * router or anything else reads or records the address. Answers the code, or null (a reload: the session cookie,
 * if any, already does the job).
 */
export function takeLaunchCode(location: Location, history: History, storage?: Storage): string | null {
  storage?.removeItem(LEGACY_TOKEN_KEY);
  const match = /(?:^#|&)code=([0-9a-f]{64})(?:&|$)/.exec(location.hash);
  if (!match?.[1]) return null;
  history.replaceState(null, '', `${location.pathname}${location.search}#/`);
  return match[1];
}

/**
 * Swaps the launch code for this launch's session, an HttpOnly cookie the page never sees (so no script, storage
 * or history entry holds a credential). Answers whether the page has a session.
 */
export async function openSession(code: string | null, fetchImpl: typeof fetch): Promise<boolean> {
  try {
    const response = await fetchImpl('/bridge/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The page's session: none to swap when main put the first frame into the page (it does that only for a request that
 * came with this launch's session cookie) and the address had no launch code; else the exchange above.
 */
export function pageSession(code: string | null, hasPageFrame: boolean, fetchImpl: typeof fetch): Promise<boolean> {
  return code === null && hasPageFrame ? Promise.resolve(true) : openSession(code, fetchImpl);
}

/** Keydesk's bridge refused the page; the refusal's own text (a proxy's, say) travels as the quoted detail. */
const bridgeFailure = (reason: 'bridge.no_session' | undefined, serverMessage?: string): Result<never> => ({
  ok: false,
  error: {
    code: 'forbidden',
    ...(reason === undefined ? {} : { reason }),
    ...(serverMessage ? { serverMessage } : {}),
  },
});

/**
 * Channels asked by the dozen (All keys lists or searches every account at once). A browser opens six connections to
 * a host and the event stream holds one; with twenty listings holding the rest, a click's invoke or a view's code
 * would wait behind them all. So at most BULK_AT_ONCE of these are in flight, and the others queue in the page.
 */
const BULK_CHANNELS: ReadonlySet<InvokeChannel> = new Set(['keys:listAll', 'keys:listChunk', 'keys:search']);
export const BULK_AT_ONCE = 3;

export function createLoopbackApi(
  session: Promise<boolean>,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
): KeydeskApi {
  const headers = { 'content-type': 'application/json' };
  let bulkInFlight = 0;
  const bulkQueue: (() => void)[] = [];

  const invoke = async (channel: InvokeChannel, args: unknown): Promise<Result<unknown>> => {
    if (!BULK_CHANNELS.has(channel)) return send(channel, args);
    if (bulkInFlight >= BULK_AT_ONCE) await new Promise<void>((resolve) => bulkQueue.push(resolve));
    bulkInFlight += 1;
    try {
      return await send(channel, args);
    } finally {
      bulkInFlight -= 1;
      bulkQueue.shift()?.();
    }
  };

  const send = async (channel: InvokeChannel, args: unknown): Promise<Result<unknown>> => {
    if (!(await session)) {
      return bridgeFailure('bridge.no_session');
    }
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
          ? bridgeFailure(undefined, text)
          : {
              ok: false,
              error: { code: 'protocol', reason: 'protocol.not_json', params: { status: response.status } },
            };
      }
    } catch {
      // The page could not reach its own Keydesk: the browser's words name no gateway and help no one here.
      return { ok: false, error: { code: 'network', retryable: true } };
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
        const response = await fetchImpl('/bridge/events');
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
    if (!streaming) {
      streaming = true;
      void session.then((hasSession) => (hasSession ? stream() : undefined));
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
  const fetchImpl = fetch.bind(globalThis);
  const code = takeLaunchCode(window.location, window.history, window.sessionStorage);
  return createLoopbackApi(pageSession(code, pageFirstFrame !== null, fetchImpl), fetchImpl);
}

/** The bridge to main. Import this, never window.keydesk or fetch. */
export const keydesk: KeydeskApi = resolveApi();
