// Helpers of the profile tests: a gateway per era on a frozen clock, cookie handling, small seeds.
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import type { SeedInput } from '../seed.schema';
import type { CallInit, Reply } from './helpers';
import { T0, bind, call, startTestGateway } from './helpers';

export const ALICE_PASSWORD = 'demo-password-1';

export function startProfile(profile: ProfileName, seed?: SeedInput): Promise<Gateway> {
  return startTestGateway({ profile, ...(seed === undefined ? {} : { seed }) });
}

/** `name=value` of a Set-Cookie header with that cookie name, or undefined. */
export function cookieFrom(reply: Reply, name: string): string | undefined {
  return reply.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
}

export function setCookieLine(reply: Reply, name: string): string | undefined {
  return reply.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** Callers of one gateway plus cookie-aware helpers. */
export function bindProfile(gw: Gateway) {
  const b = bind(gw);
  return {
    ...b,
    withCookie: (path: string, cookie: string | undefined, init: CallInit = {}) =>
      call(gw.base_url + path, { ...init, headers: { ...init.headers, ...(cookie ? { Cookie: cookie } : {}) } }),
    patchSettings: (body: Record<string, unknown>) => b.admin('/settings', { method: 'PATCH', body }),
    advance: (seconds: number) => b.admin('/clock/advance', { body: { seconds } }),
  };
}

/** A small seed: one user with a password, a system token and three keys, in two groups. */
export function smallSeed(overrides: { user?: Record<string, unknown>; settings?: Record<string, unknown> } = {}) {
  return {
    settings: { ...overrides.settings },
    groups: { default: { models: ['gpt-4o'] }, vip: { models: ['gpt-4o'] }, 企业: { models: ['gpt-4o'] } },
    models: [{ id: 'gpt-4o', price: 1000 }],
    users: [
      {
        id: 7,
        username: 'erin',
        password: 'fake-password-7',
        quota: 10_000_000,
        used_quota: 2_500_000,
        usable_groups: ['default', 'vip'],
        access_tokens: [
          { token: 'fake-system-token-erin' },
          { token: 'fake-token-erin-no-profile', scopes: ['api_key:read', 'wallet:read'] },
        ],
        keys: [
          { id: 1, name: 'first', remain_quota: 1_000_000, used_quota: 500_000 },
          { id: 2, name: 'second', unlimited_quota: true, allow_ips: null },
          { id: 3, name: 'third', group: '企业', remain_quota: 5 },
        ],
        ...overrides.user,
      },
    ],
  } satisfies SeedInput;
}

/** The value, or a thrown error naming what was missing (tests only; keeps `!` out of the tests). */
export function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

export { T0 };
