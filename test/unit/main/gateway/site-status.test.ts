// The /api/status reader: each era's answer becomes the money settings its console uses; a site that says
// nothing is "no settings", not an error; a site that cannot be reached is an error (the cache is kept).
import { describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { readSiteMoney, siteMoneyFromStatus } from '../../../../src-main/gateway/site-status';
import { okEnvelope, recordingLogger, settle, stubFetch, type Route } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

function read(route: Route) {
  const clock = new FakeClock();
  const fetch = stubFetch(route, clock);
  const logger = recordingLogger();
  const transport = new HttpTransport({ fetch, clock, logger, maxRetries: 0 });
  return { fetch, result: settle(clock, readSiteMoney(transport, logger, 'https://gw.example/', undefined)) };
}

describe('site status → money settings', () => {
  it('reads a current new-api site (USD by default) with its top-up price, without auth', async () => {
    const { fetch, result } = read(() =>
      okEnvelope({ quota_per_unit: 500000, quota_display_type: 'USD', usd_exchange_rate: 7.3, price: 7.3, other: 1 }),
    );
    expect(await result).toEqual({
      ok: true,
      value: { displayType: 'USD', quotaPerUnit: 500000, rate: '1', symbol: '$', price: '7.3' },
    });
    expect(fetch.sent[0]?.url.pathname).toBe('/api/status');
    expect(fetch.sent[0]?.headers.authorization).toBeUndefined();
  });

  it('reads CNY at the site exchange rate, CUSTOM with its symbol and rate, and keeps rates exact', () => {
    expect(siteMoneyFromStatus({ quota_display_type: 'CNY', usd_exchange_rate: 7.3, price: 1 })).toEqual({
      displayType: 'CNY',
      quotaPerUnit: 500000,
      rate: '7.3',
      symbol: '¥',
      price: '1',
    });
    expect(
      siteMoneyFromStatus({
        quota_display_type: 'CUSTOM',
        custom_currency_symbol: '€',
        custom_currency_exchange_rate: 0.85,
      }),
    ).toMatchObject({ displayType: 'CUSTOM', rate: '0.85', symbol: '€', price: null });
    // The console's own fallbacks: an empty symbol is ¤, a missing rate is 1, an unknown type renders as USD.
    expect(siteMoneyFromStatus({ quota_display_type: 'CUSTOM' })).toMatchObject({ rate: '1', symbol: '¤' });
    expect(siteMoneyFromStatus({ quota_display_type: 'EUR' })).toMatchObject({ displayType: 'USD', symbol: '$' });
  });

  it('reads one-api and older new-api by display_in_currency alone', () => {
    expect(siteMoneyFromStatus({ display_in_currency: true, quota_per_unit: 500000 })?.displayType).toBe('USD');
    expect(siteMoneyFromStatus({ display_in_currency: false, quota_per_unit: 500000 })?.displayType).toBe('TOKENS');
    expect(siteMoneyFromStatus({ price: 7.3 })).toBeUndefined();
  });

  it('treats a site without /api/status (text 404, HTML page) as saying nothing', async () => {
    expect(await read(() => new Response('404 page not found', { status: 404 })).result).toEqual({
      ok: true,
      value: null,
    });
    expect(
      await read(() => new Response('<html>app</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }))
        .result,
    ).toEqual({ ok: true, value: null });
  });

  it('reports a site it cannot reach as a failure, so the caller keeps what it had', async () => {
    const { result } = read(() => Promise.reject(new TypeError('fetch failed')));
    const r = await result;
    expect(r.ok ? null : r.error.code).toBe('network');
  });

  it('ignores junk in single fields rather than refusing the answer', () => {
    expect(siteMoneyFromStatus({ quota_display_type: 'CNY', usd_exchange_rate: -3, quota_per_unit: 0 })).toEqual({
      displayType: 'CNY',
      quotaPerUnit: 500000,
      rate: '1',
      symbol: '¥',
      price: null,
    });
  });
});
