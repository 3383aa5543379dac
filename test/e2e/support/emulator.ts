// The emulator's control plane as the key e2e tests use it: reset, settings, faults, the request log and the full
// key of a key id (to check what an export wrote).
import { startGateway, type Gateway, type SeedInput } from '../../gateway/index';
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

/** The server eras the emulator models (test/gateway/profiles.ts), in the order the era walks visit them. */
export const ERAS = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api', 'new-api-rc41'] as const;
export type Era = (typeof ERAS)[number];

/** What the era walks sign in with and find on the site: obviously fake credentials, a known balance. */
export const ERA_USER = {
  id: 7,
  username: 'era-alice',
  password: 'fake-era-password',
  accessToken: 'fake-era-access-token-alice',
  /** The watched key's full value (without sk-), an API key account of its own. */
  watchedKey: 'fakeerawatchedkey0000000000000000000000000000001',
  /** 10,000,000 units: $20 on a USD site at 500,000 per dollar. */
  quota: 10_000_000,
} as const;

/**
 * Each era's `/api/status` money, so the walks see every display the consoles have: the spec says nothing (¥ at
 * 500,000); current new-api in USD with a ¥7.30 top-up price; legacy new-api in CNY at its exchange rate; early
 * new-api with the old `display_in_currency` flag and a price; one-api in raw tokens (no price field at all).
 */
const ERA_STATUS: Record<Era, Record<string, unknown>> = {
  spec: {},
  'new-api': { quota_display_type: 'USD', price: 7.3 },
  'new-api-legacy': { quota_display_type: 'CNY', usd_exchange_rate: 7.2 },
  'new-api-early': { display_in_currency: true, price: 7.1 },
  'one-api': { display_in_currency: false },
  'new-api-rc41': { quota_display_type: 'USD', price: 7.3 },
};

/** Era settings beside the money: rc.41 encrypts passwords at login, as a site may choose to. */
const ERA_SETTINGS: Partial<Record<Era, Record<string, unknown>>> = {
  'new-api-rc41': { password_encryption: true },
};

/** A small seed that suits every era: one user with a password, an all-scope access token and a few keys. */
export function eraSeed(era: Era): SeedInput {
  return {
    settings: { profile: era, status: ERA_STATUS[era], ...ERA_SETTINGS[era] },
    groups: { default: { desc: 'Default', ratio: 1, models: ['gpt-4o-mini'] } },
    models: [{ id: 'gpt-4o-mini' }],
    users: [
      {
        id: ERA_USER.id,
        username: ERA_USER.username,
        display_name: 'Era Alice',
        password: ERA_USER.password,
        quota: ERA_USER.quota,
        used_quota: 2_500_000,
        request_count: 42,
        // Every scope, profile:read included: the newest new-api guards /api/user/self with it.
        access_tokens: [{ token: ERA_USER.accessToken }],
        keys: [
          { id: 1, name: 'watched', key: ERA_USER.watchedKey, remain_quota: 1_000_000, created_time: 1_700_000_000 },
          { id: 2, name: 'existing', remain_quota: 500_000, created_time: 1_700_000_100 },
          // Found by one-api's prefix search and early new-api's substring search for "existing": never shown for it.
          { id: 3, name: 'existing-old', remain_quota: 500_000, created_time: 1_700_000_200 },
        ],
      },
    ],
  };
}

/** One era's emulator for a spec file: started on first use, reset before each test, closed after the file. */
export function useEraGateway(era: Era): { readonly gw: Gateway } {
  const holder = {} as { gw: Gateway };
  test.beforeAll(async () => {
    holder.gw = await startGateway({ seed: eraSeed(era), profile: era });
  });
  test.afterAll(async () => {
    await holder.gw.close();
  });
  test.beforeEach(async () => {
    await resetGateway(holder.gw);
  });
  return holder;
}
