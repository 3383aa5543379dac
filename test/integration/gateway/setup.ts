// Shared setup of the gateway client's integration tests: a seed made for them (start the emulator with it through
// test/support/emulator.ts), clients wired with real fetch and the emulator's clock, and admin control-plane helpers.
import { systemClock } from '../../../src-main/platform/system-clock';
import type { Result } from '../../../src-shared/contract';
import { HttpTransport, type TransportOptions } from '../../../src-main/gateway/http';
import { KeyClient } from '../../../src-main/gateway/key.client';
import { ManagementClient, type ManagementClientOptions } from '../../../src-main/gateway/management.client';
import type { FaultInput, Gateway, LogEntry, SeedInput } from '../../gateway/index';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { T0, emulatorClock, startEmulator } from '../../support/emulator';
import { recordingLogger } from '../../unit/main/gateway/fakes';

export { T0 };
export const ALICE_PASSWORD = 'alice-password';
export const ALICE_TOKEN = 'sys-token-alice-full';
export const ALICE_READONLY = 'sys-token-alice-readonly';
export const BOB_TOKEN = 'sys-token-bob-full';

const KEY = (id: number) => `k${String(id).padStart(3, '0')}${'x'.repeat(44)}`;
export const keyValue = KEY;

export const SEED: SeedInput = {
  settings: { propagation_delay_s: 0 },
  groups: {
    default: { desc: '默认分组', ratio: 1, models: ['gpt-4o-mini'] },
    vip: { desc: 'VIP', ratio: 2, models: ['gpt-4o-mini', 'gpt-4o'] },
    premium: { desc: 'not for alice', ratio: 3, models: ['gpt-4o'] },
  },
  models: [
    { id: 'gpt-4o-mini', price: 1000 },
    { id: 'gpt-4o', price: 5000 },
  ],
  users: [
    {
      id: 1,
      username: 'alice',
      password: ALICE_PASSWORD,
      quota: 50_000_000,
      usable_groups: ['default', 'vip'],
      access_tokens: [{ token: ALICE_TOKEN }, { token: ALICE_READONLY, scopes: ['api_key:read'] }],
      subscription: { billing_preference: 'subscription_first', subscriptions: [{ plan: 'basic' }] },
      keys: [
        {
          id: 1,
          key: KEY(1),
          name: 'main',
          created_time: T0 - 1000,
          remain_quota: 5_000_000,
          group: 'vip',
          allow_ips: '',
          model_limits: '',
        },
        {
          id: 2,
          key: KEY(2),
          name: 'expired',
          status: 3,
          created_time: T0 - 900,
          expired_time: T0 - 100,
          remain_quota: 1000,
        },
        { id: 3, key: KEY(3), name: 'exhausted', status: 2, created_time: T0 - 800, remain_quota: 0 },
        {
          id: 4,
          key: KEY(4),
          name: 'unlimited',
          created_time: T0 - 700,
          unlimited_quota: true,
          remain_quota: -100,
          used_quota: 600,
        },
        { id: 5, key: KEY(5), name: 'premium', created_time: T0 - 600, remain_quota: 1000, group: 'premium' },
        {
          id: 6,
          key: KEY(6),
          name: 'limits',
          created_time: T0 - 500,
          remain_quota: 2_000_000,
          used_quota: 500_000,
          model_limits_enabled: true,
          model_limits: 'gpt-4o-mini',
          allow_ips: '127.0.0.1',
          cross_group_retry: true,
        },
      ],
    },
    { id: 2, username: 'bob', access_tokens: [{ token: BOB_TOKEN }], keys: [{ id: 20, key: KEY(20), name: 'bobs' }] },
  ],
};

/** Short deadlines so a hang costs seconds, not minutes, yet loose enough that a loaded CI machine never turns a
 * slow answer into a timeout (which would also make a retry look early); retries otherwise as in production. */
export const FAST: Partial<TransportOptions> = { attemptTimeoutMs: 3000, totalTimeoutMs: 7000, backoffBaseMs: 20 };

export function makeClients(
  gw: Gateway,
  options: Partial<Omit<ManagementClientOptions, 'transport'>> & { transportOptions?: Partial<TransportOptions> } = {},
) {
  const logger = recordingLogger();
  const clock = emulatorClock(gw);
  const transport = new HttpTransport({
    fetch: (url, init) => fetch(url, init),
    logger,
    ...FAST,
    ...options.transportOptions,
    // Real time for the transport's timeouts and backoff (the emulator's clock is for the sites' own expiries).
    clock: options.transportOptions?.clock ?? systemClock,
  });
  const { transportOptions: _, ...clientOptions } = options;
  const management = new ManagementClient({
    accessToken: ALICE_TOKEN,
    baseUrl: gw.base_url,
    ...clientOptions,
    transport,
    logger,
    clock,
  });
  const keyClient = (id: number, overrides: { apiUrl?: string; baseUrl?: string } = {}) =>
    new KeyClient({
      transport,
      logger,
      apiUrl: gw.api_url,
      baseUrl: gw.base_url,
      apiKey: `sk-${KEY(id)}`,
      ...overrides,
    });
  return { management, keyClient, logger, transport };
}

export async function admin(gw: Gateway, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${gw.admin_url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  if (!res.ok) throw new Error(`admin ${method} ${path}: ${String(res.status)} ${await res.text()}`);
  return res.json();
}

export const addFault = (gw: Gateway, fault: FaultInput) => admin(gw, 'POST', '/faults', fault);
export const readLog = async (gw: Gateway): Promise<LogEntry[]> =>
  ((await admin(gw, 'GET', '/log')) as { entries: LogEntry[] }).entries;
/** Seed state, no faults, empty log, and the clock back at T0 (reset keeps the clock as it is). */
export const reset = async (gw: Gateway, options: { isClockRunning?: boolean } = {}) => {
  await admin(gw, 'POST', '/reset');
  await admin(gw, 'POST', '/clock/set', { now: T0, frozen: options.isClockRunning !== true });
};

/**
 * The seeded emulator of one test file: started once, reset (seed, faults, log, clock) before each test, closed after
 * the file. Read `seeded.gw` inside hooks and tests.
 */
export function useSeededGateway(seed: SeedInput = SEED): { readonly gw: Gateway } {
  let started: Gateway | undefined;
  beforeAll(async () => {
    started = await startEmulator({ seed });
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(async () => {
    if (started) await reset(started);
  });
  return {
    get gw(): Gateway {
      if (!started) throw new Error('the emulator starts in beforeAll: read seeded.gw inside hooks and tests');
      return started;
    },
  };
}

export const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};
export const failure = <T>(r: Result<T>) => {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.error;
};
