// The emulator's control plane as the key e2e tests use it: reset, settings, faults, the request log and the full
// key of a key id (to check what an export wrote).
import { startGateway, type Gateway } from '../../gateway/index';
import { test } from './fixtures';

export interface LogEntry {
  readonly seq: number;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  readonly body: Record<string, unknown> | null;
  readonly status: number;
}

async function admin<T>(gw: Gateway, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${gw.admin_url}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Any control-plane call (spend, set quota, clock, faults…): see test/gateway/README.md. */
export const control = (gw: Gateway, method: string, path: string, body?: unknown): Promise<unknown> =>
  admin(gw, path, method, body);

export const resetGateway = (gw: Gateway) => admin(gw, '/reset', 'POST');
export const patchSettings = (gw: Gateway, settings: Record<string, unknown>) =>
  admin(gw, '/settings', 'PATCH', settings);
export const addFault = (gw: Gateway, fault: Record<string, unknown>) => admin(gw, '/faults', 'POST', fault);
export const clearLog = (gw: Gateway) => admin(gw, '/log', 'DELETE');
export const requestLog = async (gw: Gateway): Promise<LogEntry[]> =>
  (await admin<{ entries: LogEntry[] }>(gw, '/log')).entries;
/** The full key (without `sk-`) of a key id, from the emulator's admin view. */
export const fullKey = async (gw: Gateway, id: number): Promise<string> =>
  (await admin<{ key: string }>(gw, `/keys/${id}`)).key;

/** The demo-seed emulator of a spec file: started once, reset before each test, closed after the file. */
export function useDemoGateway(): { readonly gw: Gateway } {
  const demo = {} as { gw: Gateway };
  test.beforeAll(async () => {
    demo.gw = await startGateway();
  });
  test.afterAll(async () => {
    await demo.gw.close();
  });
  test.beforeEach(async () => {
    await resetGateway(demo.gw);
  });
  return demo;
}
