// Models of a group on a site without a model list of its own (the spec's): read through a key that does not narrow
// them, refused when every key does, and a revealed probe key reused for a while instead of spending a reveal
// (new-api's critical rate bucket) on every visit.
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../../src-shared/contract';
import { DEFAULT_UNITS, HttpTransport, KeyClient, ManagementClient } from '../../../../../src-main/gateway';
import type { AccountDirectory, AccountHandle } from '../../../../../src-main/features/accounts/account-directory';
import { AccountInfoService, pickProbeKey } from '../../../../../src-main/features/account/account.service';
import { toKeyRecord } from '../../../../../src-main/gateway/compat';
import { jsonResponse, okEnvelope, recordingLogger, settle, stubFetch } from '../../gateway/fakes';
import { FakeClock } from '../../../../support/fake-clock';

const BASE = 'https://gw.example';
const NOW_SEC = 1_780_000_000;
const GROUP_MODELS = ['gpt-4o', 'gpt-4o-mini', 'o3'];

const wire = (id: number, limits: string, extra: Record<string, unknown> = {}) => ({
  id,
  key: 'abcd**********wxyz',
  status: 1,
  name: `k${String(id)}`,
  created_time: NOW_SEC - 100,
  expired_time: -1,
  remain_quota: 1000,
  unlimited_quota: false,
  model_limits_enabled: limits !== '',
  model_limits: limits,
  allow_ips: '',
  used_quota: 0,
  group: 'vip',
  ...extra,
});

function setup(keys: ReturnType<typeof wire>[]) {
  const clock = new FakeClock();
  clock.time = NOW_SEC * 1000;
  const revoked = new Set<string>();
  const fetch = stubFetch((req) => {
    const path = req.url.pathname;
    const reveal = /^\/api\/token\/(\d+)\/key$/.exec(path);
    if (reveal) return okEnvelope({ key: `fakeprobekey${reveal[1] ?? ''}` });
    if (path === '/api/token/') return okEnvelope({ page: 1, page_size: 100, total: keys.length, items: keys });
    if (path === '/v1/models') {
      const key = (req.headers.authorization ?? '').replace('Bearer ', '');
      if (revoked.has(key)) return jsonResponse({ error: { message: 'invalid token', code: 'invalid_api_key' } }, 401);
      const id = Number(key.replace('fakeprobekey', ''));
      const limits = keys.find((k) => k.id === id)?.model_limits ?? '';
      const models = limits === '' ? GROUP_MODELS : limits.split(',');
      return jsonResponse({ object: 'list', data: models.map((m) => ({ id: m })) });
    }
    return new Response('404 page not found', { status: 404 });
  }, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const management = new ManagementClient({ transport, logger, clock, baseUrl: BASE, accessToken: 'fake-token' });
  const handle = { id: 'a', kind: 'access_token', units: DEFAULT_UNITS } as AccountHandle;
  const directory = {
    list: () => [handle],
    get: () => handle,
    management: () => Promise.resolve(management),
    keyClient: (_: string, apiKey?: string) =>
      Promise.resolve(new KeyClient({ transport, logger, apiUrl: BASE, baseUrl: BASE, apiKey: apiKey ?? '' })),
    activeId: () => 'a',
    switch: () => undefined,
    onChange: () => () => undefined,
  } satisfies AccountDirectory;
  const service = new AccountInfoService({ directory, clock });
  const run = <T>(p: Promise<Result<T>>) => settle(clock, p);
  const reveals = () => fetch.sent.filter((r) => r.url.pathname.endsWith('/key')).map((r) => r.url.pathname);
  return { service, clock, run, reveals, revoked };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
};

describe('models of a group', () => {
  it('reads them through a key that does not narrow models, though a narrowing key is newer', async () => {
    const { service, run, reveals } = setup([wire(9, 'gpt-4o-mini'), wire(4, '')]);
    const answer = value(await run(service.models('a', 'vip')));
    expect(answer).toMatchObject({ source: 'key' });
    expect(answer.models.map((m) => m.id)).toEqual(GROUP_MODELS);
    expect(reveals()).toEqual(['/api/token/4/key']);
  });

  it('never reads them through a key with its own model list: when every usable key has one, says so, revealing none', async () => {
    const expired = wire(5, '', { expired_time: NOW_SEC - 1 });
    const { service, run, reveals } = setup([wire(9, 'gpt-4o-mini'), wire(8, 'gpt-4o,o3'), expired]);
    const r = await run(service.models('a', 'vip'));
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'not_found',
      reason: 'models.only_narrowed_keys',
      params: { group: 'vip' },
    });
    expect(reveals()).toEqual([]);
  });

  it('reuses the revealed probe key on later visits instead of revealing again', async () => {
    const { service, run, reveals, clock } = setup([wire(4, '')]);
    value(await run(service.models('a', 'vip')));
    clock.time += 10 * 60_000; // past the models cache, within the probe's lifetime
    value(await run(service.models('a', 'vip')));
    expect(reveals()).toHaveLength(1);
  });

  it('picks again once when the remembered probe key stopped working', async () => {
    const { service, run, reveals, clock, revoked } = setup([wire(4, '')]);
    value(await run(service.models('a', 'vip')));
    revoked.add('fakeprobekey4');
    clock.time += 10 * 60_000;
    const r = await run(service.models('a', 'vip'));
    // The fresh pick is the same key (still listed), revealed again, and still refused: reported, not looped.
    expect(r.ok ? null : r.error.code).toBe('key.invalid');
    expect(reveals()).toHaveLength(2);
  });

  it('treats an enabled but empty model list as not narrowing', () => {
    const keys = [wire(9, 'gpt-4o'), { ...wire(4, ''), model_limits_enabled: true }].map(toKeyRecord);
    expect(pickProbeKey(keys, 'vip', NOW_SEC)).toMatchObject({ id: 4 });
    expect(pickProbeKey(keys.slice(0, 1), 'vip', NOW_SEC)).toBe('narrowed');
    expect(pickProbeKey(keys, 'default', NOW_SEC)).toBeUndefined();
  });
});
