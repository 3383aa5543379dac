import { describe, expect, it } from 'vitest';
import type { Result } from '../../../../src-shared/contract';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { KeyClient } from '../../../../src-main/gateway/key.client';
import type { UnitSettings } from '../../../../src-main/gateway/units';
import { jsonResponse, recordingLogger, settle, stubFetch, type Route } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

function setup(route: Route, units?: UnitSettings) {
  const clock = new FakeClock();
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger });
  const client = new KeyClient({
    transport,
    logger,
    apiUrl: 'https://api.example/',
    baseUrl: 'https://mgmt.example',
    apiKey: 'sk-secretvalue',
    ...(units ? { units } : {}),
  });
  return { client, fetch, run: <T>(p: Promise<Result<T>>) => settle(clock, p) };
}

const billing =
  (limit: number, usage: number): Route =>
  (req) =>
    req.url.pathname.endsWith('/subscription')
      ? jsonResponse({
          object: 'billing_subscription',
          has_payment_method: true,
          soft_limit_usd: limit,
          hard_limit_usd: limit,
          system_hard_limit_usd: limit,
          access_until: 0,
        })
      : jsonResponse({ object: 'list', total_usage: usage });

describe('KeyClient', () => {
  it('sends the key without sk- to api_url for /v1 and to base_url for key usage', async () => {
    const { client, fetch, run } = setup((req) =>
      req.url.pathname === '/v1/models'
        ? jsonResponse({
            object: 'list',
            success: true,
            data: [{ id: 'gpt-4o', object: 'model', created: 1, owned_by: 'openai' }],
          })
        : jsonResponse({
            code: true,
            message: 'ok',
            data: {
              object: 'token_usage',
              name: 'k',
              total_granted: 10,
              total_used: 20,
              total_available: -10,
              unlimited_quota: true,
              model_limits: {},
              model_limits_enabled: false,
              expires_at: 0,
            },
          }),
    );
    const models = await run(client.listModels());
    expect(models.ok && models.value.map((m) => m.id)).toEqual(['gpt-4o']);
    const usage = await run(client.getTokenUsage());
    expect(usage.ok && usage.value.total_available).toBe(-10);
    expect(fetch.sent.map((r) => `${r.url.origin}${r.url.pathname}`)).toEqual([
      'https://api.example/v1/models',
      'https://mgmt.example/api/usage/token/',
    ]);
    for (const r of fetch.sent) expect(r.headers.authorization).toBe('Bearer secretvalue');
  });

  it('computes the balance as hard limit − usage, in units', async () => {
    const { client, run } = setup(billing(10, 150));
    const balance = await run(client.getBalance());
    expect(balance.ok && balance.value).toEqual({
      remaining: { kind: 'limited', units: 4_250_000 },
      usedUnits: 750_000,
      limits: {
        soft: { kind: 'limited', units: 5_000_000 },
        hard: { kind: 'limited', units: 5_000_000 },
        accessUntil: null,
      },
    });
  });

  it('reads the 100000000 marker as unlimited', async () => {
    const { client, run } = setup(billing(100_000_000, 3));
    const balance = await run(client.getBalance());
    expect(balance.ok && balance.value.remaining).toEqual({ kind: 'unlimited' });
  });

  it('honours an account override of the divisor', async () => {
    const { client, run } = setup(billing(2, 0), {
      displayType: 'USD',
      quotaPerUnit: 1000,
      rate: '1',
      symbol: '$',
      price: null,
    });
    const limits = await run(client.getBillingLimits());
    expect(limits.ok && limits.value.hard).toEqual({ kind: 'limited', units: 2000 });
  });

  it('maps 401 to key.invalid, a group refusal to key.group_denied, model_not_found to its code', async () => {
    const cases: [Response, string][] = [
      [jsonResponse({ error: { message: 'token has been disabled', code: 'invalid_api_key' } }, 401), 'key.invalid'],
      [
        jsonResponse({ error: { message: 'access to group vip is not permitted', code: 'group_not_permitted' } }, 403),
        'key.group_denied',
      ],
      [
        jsonResponse({ error: { message: 'no channel', type: 'server_error', code: 'model_not_found' } }, 503),
        'model_not_found',
      ],
      [new Response('404 page not found', { status: 404 }), 'wrong_base_address'],
    ];
    for (const [response, code] of cases) {
      const { client, run } = setup(() => response.clone());
      const r = await run(client.testChat('gpt-4o'));
      expect(r.ok ? null : r.error.code).toBe(code);
    }
  });

  it('reads a server without /api/usage/token/ (before v0.9.0) as unsupported key_usage, not a wrong address', async () => {
    const { client, run } = setup(() =>
      jsonResponse({ error: { message: 'Invalid URL (GET /api/usage/token/)', type: 'new_api_error' } }, 404),
    );
    const r = await run(client.getTokenUsage());
    expect(r.ok ? null : r.error).toMatchObject({ code: 'unsupported', feature: 'key_usage' });
  });

  it('reads the Chinese group refusal with an empty code as key.group_denied', async () => {
    const { client, run } = setup(() =>
      jsonResponse({ error: { message: '无权访问 vip 分组', type: 'new_api_error', code: '' } }, 403),
    );
    const r = await run(client.listModels());
    expect(r.ok ? null : r.error.code).toBe('key.group_denied');
  });

  it('shows a balance it cannot parse as unknown (protocol), never as zero', async () => {
    const { client, run } = setup(() => jsonResponse({ object: 'list' }));
    const r = await run(client.getBillingUsage());
    expect(r.ok ? null : r.error.code).toBe('protocol');
  });
});

describe('KeyClient billing by the site display type', () => {
  const cny = { displayType: 'CNY', quotaPerUnit: 500_000, rate: '7.3', symbol: '¥', price: '7.3' } as const;
  const tokens = { displayType: 'TOKENS', quotaPerUnit: 500_000, rate: '1', symbol: '', price: null } as const;

  it('reads a CNY site’s limits at its exchange rate, not 7.3× too high', async () => {
    // US$10 of quota on a CNY site: the billing endpoints say 73 (yuan) and usage 730 (= ¥7.30 × 100).
    const { client, run } = setup(billing(73, 730), cny);
    const balance = await run(client.getBalance());
    expect(balance.ok && balance.value.limits.hard).toEqual({ kind: 'limited', units: 5_000_000 });
    expect(balance.ok && balance.value.usedUnits).toBe(500_000);
    expect(balance.ok && balance.value.remaining).toEqual({ kind: 'limited', units: 4_500_000 });
  });

  it('reads a TOKENS site’s limits as units, and takes the site settings per call', async () => {
    const { client, run } = setup(billing(5_000_000, 100_000_000));
    const limits = await run(client.getBillingLimits(undefined, tokens));
    expect(limits.ok && limits.value.hard).toEqual({ kind: 'limited', units: 5_000_000 });
    const used = await run(client.getBillingUsage(undefined, tokens));
    expect(used.ok && used.value).toBe(1_000_000);
  });
});
