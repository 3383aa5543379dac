// The key client against the emulator: spec 4.6 and 4.7, and the key-side errors of spec 7.
import { describe, expect, it } from 'vitest';
import { failure, makeClients, value, useSeededGateway } from './setup';

const seeded = useSeededGateway();

describe('key client', () => {
  it('reads billing limits, usage and balance in units', async () => {
    const key = makeClients(seeded.gw).keyClient(6);
    // granted = remaining 2,000,000 + used 500,000 units = ¥5; usage = ¥1 = 100 hundredths
    expect(value(await key.getBillingLimits())).toEqual({
      soft: { kind: 'limited', units: 2_500_000 },
      hard: { kind: 'limited', units: 2_500_000 },
      accessUntil: null,
    });
    expect(value(await key.getBillingUsage())).toBe(500_000);
    expect(value(await key.getBalance()).remaining).toEqual({ kind: 'limited', units: 2_000_000 });
  });

  it('reads an unlimited key as unlimited, whatever its negative remain_quota', async () => {
    const key = makeClients(seeded.gw).keyClient(4);
    expect(value(await key.getBalance()).remaining).toEqual({ kind: 'unlimited' });
    const usage = value(await key.getTokenUsage());
    expect(usage).toMatchObject({
      name: 'unlimited',
      unlimited_quota: true,
      total_available: -100,
      total_used: 600,
      expires_at: 0,
    });
  });

  it('lists the models of the key, narrowed by its model limits', async () => {
    const { keyClient } = makeClients(seeded.gw);
    expect(value(await keyClient(1).listModels()).map((m) => m.id)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(value(await keyClient(6).listModels())).toEqual([
      { id: 'gpt-4o-mini', object: 'model', created: 0, owned_by: 'openai', supported_endpoint_types: ['openai'] },
    ]);
    expect(value(await keyClient(6).getTokenUsage()).model_limits).toEqual({ 'gpt-4o-mini': true });
  });

  it('calls a model for a key test, and maps a model without a channel to model_not_found', async () => {
    const key = makeClients(seeded.gw).keyClient(1);
    expect(value(await key.testChat('gpt-4o-mini'))).toContain('gpt-4o-mini');
    const e = failure(await key.testChat('no-such-model'));
    expect(e.code).toBe('model_not_found');
    expect(e.serverMessage).toMatch(/no-such-model/);
  });

  it('maps invalid, disabled and expired keys to key.invalid on both surfaces', async () => {
    const { keyClient } = makeClients(seeded.gw);
    for (const id of [999, 3, 2]) {
      expect(failure(await keyClient(id).listModels()).code, `key ${String(id)}`).toBe('key.invalid');
      expect(failure(await keyClient(id).getTokenUsage()).code, `key ${String(id)}`).toBe('key.invalid');
    }
  });

  it('a key whose group is not permitted gets key.group_denied on /v1, but its usage still reads', async () => {
    const key = makeClients(seeded.gw).keyClient(5);
    const e = failure(await key.listModels());
    expect(e.code).toBe('key.group_denied');
    expect(e.serverMessage).toMatch(/premium/);
    expect(value(await key.getTokenUsage()).name).toBe('premium');
  });

  it('says which base address is wrong when api_url and base_url are swapped', async () => {
    const { keyClient } = makeClients(seeded.gw);
    const v1 = failure(await keyClient(1, { apiUrl: seeded.gw.base_url }).listModels());
    expect(v1.code).toBe('wrong_base_address');
    expect(v1.reason).toBe('address.api_url_not_models');
    const usage = failure(await keyClient(1, { baseUrl: seeded.gw.api_url }).getTokenUsage());
    expect(usage.code).toBe('wrong_base_address');
    expect(usage.reason).toBe('address.base_url_not_management');
  });
});
