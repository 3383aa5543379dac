// Real-server variants from recorded fixtures (test/fixtures/gateway), served through a fetch stub.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src-shared/contract';
import { isMaskedKey, maskKey } from '../../../../src-main/gateway/compat';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { KeyClient } from '../../../../src-main/gateway/key.client';
import { ManagementClient } from '../../../../src-main/gateway/management.client';
import { recordingLogger, settle, stubFetch, type Route } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

interface Fixture {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/gateway/${name}.json`, import.meta.url), 'utf8')) as Fixture;

const serve = (f: Fixture): Response =>
  new Response(typeof f.body === 'string' ? f.body : JSON.stringify(f.body), { status: f.status, headers: f.headers });

function clients(route: Route) {
  const clock = new FakeClock();
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const management = new ManagementClient({
    transport,
    logger,
    clock,
    baseUrl: 'https://gw.example',
    accessToken: 'tok',
  });
  const key = new KeyClient({
    transport,
    logger,
    apiUrl: 'https://gw.example',
    baseUrl: 'https://gw.example',
    apiKey: 'sk-k',
  });
  return { management, key, fetch, logger, run: <T>(p: Promise<Result<T>>) => settle(clock, p) };
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};

/** A key as one-api's Token model marshals it: no group, model limits or IP list; `models` and `subnet` instead. */
const oneApiKey = (id: number) => ({
  id,
  user_id: 7,
  key: `fakeoneapikey${String(id).padStart(3, '0')}`,
  status: 1,
  name: `k${id}`,
  created_time: 1_780_000_000,
  accessed_time: 1_780_000_000,
  expired_time: -1,
  remain_quota: 500_000,
  unlimited_quota: false,
  used_quota: 0,
  models: 'gpt-4o-mini,gpt-4o',
  subnet: '10.0.0.0/8',
});

describe('one-api key records', () => {
  it('reads one-api’s subnet and models as the IP and model lists, and pages until a short page when size is ignored', async () => {
    const all = Array.from({ length: 23 }, (_, i) => oneApiKey(23 - i));
    const { management, fetch, run } = clients((req) => {
      const p = Number(req.url.searchParams.get('p'));
      return new Response(JSON.stringify({ success: true, message: '', data: all.slice(p * 10, p * 10 + 10) }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const keys = value(await run(management.listAllKeys()));
    expect(keys).toHaveLength(23);
    expect(keys[0]).toMatchObject({
      group: '',
      model_limits_enabled: true,
      model_limits: 'gpt-4o-mini,gpt-4o',
      allow_ips: '10.0.0.0/8',
    });
    expect(fetch.sent.map((r) => r.url.searchParams.get('p'))).toEqual(['1', '0', '1', '2']);
  });

  it('a full update sends models and subnet back as read, so one-api does not clear them', async () => {
    const { management, fetch, run } = clients(
      (req) =>
        new Response(JSON.stringify({ success: true, message: '', data: oneApiKey(5) }), {
          headers: { 'content-type': 'application/json' },
          status: req.method === 'PUT' || req.method === 'GET' ? 200 : 404,
        }),
    );
    value(await run(management.updateKey(5, { name: 'renamed' })));
    const put = fetch.sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ id: 5, name: 'renamed', models: 'gpt-4o-mini,gpt-4o', subnet: '10.0.0.0/8' });
  });
});

/** A key as new-api lists it: masked, with group, model limits and IP list, and none of one-api's columns. */
const newApiKey = (id: number) => ({
  ...withoutOneApiColumns(oneApiKey(id)),
  key: `fake**********${String(id).padStart(4, '0')}`,
  group: 'default',
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
});

function withoutOneApiColumns<T extends { models: unknown; subnet: unknown }>(key: T): Omit<T, 'models' | 'subnet'> {
  const { models: _models, subnet: _subnet, ...rest } = key;
  return rest;
}

const newApiPage = (items: readonly unknown[], page: number, total: number) =>
  new Response(JSON.stringify({ success: true, message: '', data: { page, page_size: 100, total, items } }), {
    headers: { 'content-type': 'application/json' },
  });

describe('whole listings when the pages shift or repeat', () => {
  const ids = (n: number, from = n) => Array.from({ length: n }, (_, i) => from - i);

  it('a key created between two pages moves the next one down: every key is listed once', async () => {
    // 150 keys newest first; a 151st is created after page 1 is read, so page 2 starts with page 1's last key.
    const { management, fetch, run } = clients((req) => {
      const p = Number(req.url.searchParams.get('p'));
      return p === 1
        ? newApiPage(ids(100, 150).map(newApiKey), 1, 150)
        : newApiPage(ids(51, 51).map(newApiKey), 2, 151);
    });
    const keys = value(await run(management.listAllKeys()));
    expect(keys.map((k) => k.id)).toEqual(ids(150, 150));
    expect(fetch.sent).toHaveLength(2);
  });

  it('a server that ignores the page number ends the listing after its first page, and says so in the log', async () => {
    const first = ids(100, 235).map(newApiKey);
    const { management, fetch, logger, run } = clients(() => newApiPage(first, 1, 235));
    const keys = value(await run(management.listAllKeys()));
    expect(keys.map((k) => k.id)).toEqual(ids(100, 235));
    // Page 2 was the first again; page 3 is not asked for (the total alone would have asked for it).
    expect(fetch.sent.map((r) => r.url.searchParams.get('p'))).toEqual(['1', '2']);
    expect(logger.calls.filter((c) => c.level === 'warn').map((c) => c.message)).toEqual([
      'key list: the server sent the same page again; the listing ends there',
    ]);
  });

  it('the same with bare arrays (no total), which would otherwise go on to the 50-page cap', async () => {
    const first = ids(10, 23).map(oneApiKey);
    const { management, fetch, run } = clients(
      () =>
        new Response(JSON.stringify({ success: true, message: '', data: first }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const keys = value(await run(management.listAllKeys()));
    expect(keys.map((k) => k.id)).toEqual(ids(10, 23));
    // p=1 then p=0 (a bare array means 0-based pages), then page 2 (p=1) is the first page again.
    expect(fetch.sent.map((r) => r.url.searchParams.get('p'))).toEqual(['1', '0', '1']);
  });
});

describe('compat with real servers', () => {
  it('old servers: bare arrays mean 0-based pages; full keys in lists are detected as unmasked', async () => {
    const f = fixture('one-api-list-bare-array');
    const { management, fetch, run } = clients(() => serve(f));
    const page = value(await run(management.listKeys({ page: 1, size: 100 })));
    // First bare array: the request is repeated as p=0, and the next page goes out as p=1.
    expect(fetch.sent.map((r) => r.url.searchParams.get('p'))).toEqual(['1', '0']);
    expect(page.total).toBeNull();
    expect(page.items.map((k) => k.id)).toEqual([3, 2]);
    expect(page.items[0]?.isMasked).toBe(false);
    expect(page.items[0]?.key.startsWith('sk-')).toBe(true);
    value(await run(management.listKeys({ page: 2, size: 100 })));
    expect(fetch.sent.at(-1)?.url.searchParams.get('p')).toBe('1');
  });

  it('reads items: null as an empty page and ps as the page size', async () => {
    const { management, run } = clients(() => serve(fixture('new-api-list-items-null')));
    expect(value(await run(management.listKeys()))).toEqual({ page: 1, pageSize: 10, total: 0, items: [] });
  });

  it('accepts a string ratio for the auto group', async () => {
    const { management, run } = clients(() => serve(fixture('new-api-groups-auto-ratio')));
    expect(value(await run(management.getGroups()))).toEqual([
      { name: 'default', desc: '默认分组', ratio: 1 },
      { name: 'vip', desc: 'VIP', ratio: 0.8 },
      { name: 'auto', desc: '自动选择', ratio: null },
    ]);
  });

  it('returns login challenges as typed values', async () => {
    const a = clients(() => serve(fixture('new-api-login-2fa')));
    expect(value(await a.run(a.management.login('u', 'p')))).toEqual({ kind: 'second_factor', method: '2fa' });
    const b = clients(() => serve(fixture('new-api-login-verification')));
    const challenge = value(await b.run(b.management.login('u', 'p')));
    expect(challenge).toEqual({ kind: 'second_factor', method: 'verification', methods: ['totp', 'passkey'] });
    if (challenge.kind !== 'second_factor') throw new Error('unreachable');
    await b.run(b.management.answerSecondFactor(challenge, '123456', 'totp'));
    expect(b.fetch.sent.at(-1)?.url.pathname).toBe('/api/user/login/verify');
    expect(b.fetch.sent.at(-1)?.body).toEqual({ code: '123456', method: 'totp' });
  });

  it('maps the JSON "Invalid URL" 404 to wrong_base_address', async () => {
    const { management, run } = clients(() => serve(fixture('new-api-invalid-url-404')));
    const r = await run(management.listKeys());
    expect(r.ok ? null : r.error.code).toBe('wrong_base_address');
    expect(r.ok ? '' : r.error.serverMessage).toContain('Invalid URL');
  });

  it('reads key usage with the extra account member and null model_limits', async () => {
    const { key, fetch, run } = clients(() => serve(fixture('new-api-usage-with-account')));
    const usage = value(await run(key.getTokenUsage()));
    expect(usage.account).toEqual({ quota: 9_000_000, used_quota: 1_000_000 });
    expect(usage.model_limits).toEqual({});
    expect(fetch.sent[0]?.headers.authorization).toBe('Bearer k');
  });

  it('a rate-limited write is not retried and carries the Retry-After delay', async () => {
    const { management, fetch, run } = clients(() => serve(fixture('new-api-rate-limited')));
    const r = await run(management.revealKeys([1, 2]));
    expect(r.ok ? null : r.error).toMatchObject({ code: 'rate_limited', retryAfterMs: 20_000, retryable: true });
    expect(fetch.sent).toHaveLength(1);
  });

  it('an old server refusing a call without New-Api-User asks for the user id, with its message', async () => {
    const { management, run } = clients(() => serve(fixture('new-api-self-unauthorized-old')));
    const r = await run(management.getSelf());
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'auth.user_id_required',
      serverMessage: '无权进行此操作，未提供 New-Api-User',
    });
  });

  it('detects and applies the display mask', () => {
    expect(isMaskedKey('abcd**********wxyz')).toBe(true);
    expect(isMaskedKey('abcdefgh')).toBe(false);
    expect(maskKey('sk-Zq3v8YtKpL2mN4xR7sW9aB1cD5eF6gH0jK2lM3nP4qR5sT6u')).toBe('sk-Zq3v**********sT6u');
  });
});
