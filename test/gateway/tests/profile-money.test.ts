// /api/status and the billing endpoints per era: display type (USD, CNY, TOKENS, CUSTOM), the old
// display_in_currency flag, unlimited keys, and the key's numbers versus the account's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import type { ProfileName } from '../profiles';
import { bindProfile, smallSeed, startProfile, must } from './profile-helpers';

const gateways = new Map<ProfileName, Gateway>();
const PROFILES: ProfileName[] = ['spec', 'new-api', 'new-api-legacy', 'new-api-early', 'one-api'];

beforeAll(async () => {
  for (const p of PROFILES) gateways.set(p, await startProfile(p, smallSeed()));
});
afterAll(() => Promise.all([...gateways.values()].map((g) => g.close())));

async function on(profile: ProfileName) {
  const gw = must(gateways.get(profile));
  const h = bindProfile(gw);
  await h.reset();
  // reset restores the seed's settings object, so status changes from a previous test are gone too.
  const billing = async (keyId: number) => {
    const auth = { token: `sk-${h.keyOf(keyId)}` };
    const sub = await h.api('/v1/dashboard/billing/subscription', auth);
    const usage = await h.api('/v1/dashboard/billing/usage', auth);
    return { limit: sub.body.hard_limit_usd as number, usage: usage.body.total_usage as number };
  };
  return { gw, h, billing };
}

describe('/api/status', () => {
  it('new-api: version and every money field, defaults USD at 500000 per unit', async () => {
    const { h } = await on('new-api');
    const r = await h.base('/api/status');
    expect(r.body).toMatchObject({
      success: true,
      data: {
        version: 'v1.0.0-rc.24',
        quota_per_unit: 500000,
        quota_display_type: 'USD',
        usd_exchange_rate: 7.3,
        custom_currency_symbol: expect.any(String) as string,
        custom_currency_exchange_rate: 1,
        display_in_currency: true,
        price: 7.3,
        stripe_unit_price: expect.any(Number) as number,
      },
    });
  });

  it('early and one-api: only display_in_currency, no quota_display_type', async () => {
    for (const p of ['new-api-early', 'one-api'] as const) {
      const { h } = await on(p);
      const data = (await h.base('/api/status')).body.data as Record<string, unknown>;
      expect(data).toHaveProperty('display_in_currency', true);
      expect(data).toHaveProperty('quota_per_unit', 500000);
      expect(data).not.toHaveProperty('quota_display_type');
      expect(data).not.toHaveProperty('usd_exchange_rate');
    }
    // early new-api has the top-up price, one-api does not.
    expect((await (await on('new-api-early')).h.base('/api/status')).body.data).toHaveProperty('price', 7.3);
    expect((await (await on('one-api')).h.base('/api/status')).body.data).not.toHaveProperty('price');
  });

  it('seed settings choose the values; spec has no /api/status (text 404)', async () => {
    const g = await startProfile(
      'new-api-legacy',
      smallSeed({ settings: { status: { quota_display_type: 'CNY', price: 1 } } }),
    );
    try {
      const data = (await bindProfile(g).base('/api/status')).body.data as Record<string, unknown>;
      expect(data).toMatchObject({ quota_display_type: 'CNY', price: 1, version: 'v0.12.8' });
    } finally {
      await g.close();
    }
    const { h } = await on('spec');
    const r = await h.base('/api/status');
    expect(r.status).toBe(404);
    expect(r.text).toBe('404 page not found');
  });
});

describe('billing in the site display type', () => {
  // Key 1: remain 1,000,000 + used 500,000 = 1,500,000 units granted, 500,000 used.
  it('USD (default): units ÷ quota_per_unit; total_usage is ×100', async () => {
    const { billing } = await on('new-api');
    expect(await billing(1)).toEqual({ limit: 3, usage: 100 });
  });

  it('CNY: × usd_exchange_rate; TOKENS: raw units; CUSTOM: × custom rate', async () => {
    const { h, billing } = await on('new-api');
    await h.patchSettings({ status: { quota_display_type: 'CNY', usd_exchange_rate: 7 } });
    expect(await billing(1)).toEqual({ limit: 21, usage: 700 });
    await h.patchSettings({ status: { quota_display_type: 'TOKENS' } });
    expect(await billing(1)).toEqual({ limit: 1_500_000, usage: 50_000_000 });
    await h.patchSettings({ status: { quota_display_type: 'CUSTOM', custom_currency_exchange_rate: 2 } });
    expect(await billing(1)).toEqual({ limit: 6, usage: 200 });
  });

  it('unlimited keys answer 100000000 in every display type', async () => {
    const { h, billing } = await on('new-api');
    expect((await billing(2)).limit).toBe(100000000);
    await h.patchSettings({ status: { quota_display_type: 'TOKENS' } });
    expect((await billing(2)).limit).toBe(100000000);
  });

  it("DisplayTokenStatEnabled off: the account's quota + used instead of the key's", async () => {
    const { h, billing } = await on('new-api');
    await h.patchSettings({ display_token_stat_enabled: false });
    // Account: quota 10,000,000 + used 2,500,000 = 12,500,000 units = US$25; used US$5.
    expect(await billing(1)).toEqual({ limit: 25, usage: 500 });
  });

  it('early / one-api: display_in_currency divides by quota_per_unit, off shows raw units', async () => {
    const { h, billing } = await on('one-api');
    expect(await billing(1)).toEqual({ limit: 3, usage: 100 });
    await h.patchSettings({ status: { display_in_currency: false } });
    expect(await billing(1)).toEqual({ limit: 1_500_000, usage: 50_000_000 });
  });

  it("one-api with DisplayTokenStatEnabled off totals only the account's remaining quota (its billing.go)", async () => {
    const { h, billing } = await on('one-api');
    await h.patchSettings({ display_token_stat_enabled: false });
    // quota 10,000,000 units = 20; used 2,500,000 = 5 → total_usage 500.
    expect(await billing(1)).toEqual({ limit: 20, usage: 500 });
  });

  it('spec keeps ¥ at 500,000 units', async () => {
    const { h, billing } = await on('spec');
    await h.patchSettings({ status: { quota_display_type: 'CNY' } });
    expect(await billing(1)).toEqual({ limit: 3, usage: 100 });
  });
});
