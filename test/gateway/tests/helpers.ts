// Shared helpers of the emulator's conformance tests: a gateway on a frozen clock and tiny HTTP callers.
import type { Gateway, StartGatewayOptions } from '../index';
import { startGateway } from '../index';

export const T0 = 1_780_000_000; // 2026-05-28, after the demo's expired keys, before its future expiries
export const ALICE = 'demo-access-token-alice';
export const BOB_READONLY = 'demo-access-token-bob-readonly';
export const CAROL = 'demo-access-token-carol';
export const DAVE = 'demo-access-token-dave';

export function startTestGateway(options: StartGatewayOptions = {}): Promise<Gateway> {
  return startGateway({ clock: { now: T0, frozen: true }, ...options });
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read deep fields
}

export interface CallInit {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(url: string, init: CallInit = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token !== undefined) headers.Authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await res.text();
  let body: Reply['body'] = {};
  try {
    body = JSON.parse(text) as Reply['body'];
  } catch {
    // non-JSON bodies (404 text, HTML faults) are asserted through `text`
  }
  return { status: res.status, headers: res.headers, text, body };
}

/** Callers bound to one gateway's three listeners. */
export function bind(gw: Gateway) {
  return {
    base: (path: string, init?: CallInit) => call(gw.base_url + path, init),
    api: (path: string, init?: CallInit) => call(gw.api_url + path, init),
    admin: (path: string, init?: CallInit) => call(gw.admin_url + path, init),
    /** Full value of a key, straight from state (tests only). */
    keyOf: (id: number) => {
      const k = gw.state.keys.get(id);
      if (!k) throw new Error(`no key ${id}`);
      return k.key;
    },
    reset: async () => {
      await call(`${gw.admin_url}/reset`, { method: 'POST' });
      await call(`${gw.admin_url}/clock/set`, { body: { now: T0, frozen: true } });
    },
  };
}
