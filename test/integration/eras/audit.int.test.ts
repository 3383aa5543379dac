// The charge audit on every era, through the management client and the emulator: calls made with real /v1 requests
// (one of them overcharged by the emulator's fault) are recomputed from the site's published prices; the overcharged
// call is flagged by exactly what it was overcharged, the others pass; a price change after some calls shows as a
// recorded ratio that is not the published one; eras without prices or logs say so, after as few requests as that
// takes; nothing of the site's critical bucket is spent.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditReport } from '../../../src-shared/contract';
import { AuditService } from '../../../src-main/features/audit/audit.service';
import { isCriticalRequest } from '../../../src-main/gateway';
import type { Gateway, SeedInput } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { emulatorClock } from '../../support/emulator';
import { T0, addFault, admin, readLog, value } from '../gateway/setup';
import { ERAS, credentials, eraApp, expectNoTokenMinting, resetEra, startEra, type EraApp } from './setup';

const KEY = (id: number) => `a${String(id).padStart(3, '0')}${'z'.repeat(44)}`;
const seed = (profile: ProfileName): SeedInput => ({
  settings: { profile, propagation_delay_s: 0, rate_limit_enabled: false },
  groups: {
    default: { ratio: 1, models: ['per-call', 'by-token'] },
    vip: { ratio: 1.5, models: ['per-call', 'by-token'] },
  },
  models: [
    { id: 'per-call', price: 1500 },
    { id: 'by-token', model_ratio: 0.075, completion_ratio: 4 },
  ],
  users: [
    {
      id: 1,
      username: 'alice',
      group: 'default',
      quota: 50_000_000,
      usable_groups: ['default', 'vip'],
      access_tokens: [{ token: 'sys-token-alice-full' }],
      keys: [
        { id: 1, key: KEY(1), name: 'main', remain_quota: 5_000_000, group: 'vip' },
        { id: 2, key: KEY(2), name: 'plain', remain_quota: 5_000_000 },
      ],
    },
  ],
});

/** A real call with a key, as an app using it would make one. */
async function chat(gw: Gateway, keyId: number, model: string, content = 'ping'): Promise<void> {
  const res = await fetch(`${gw.api_url}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: `Bearer sk-${KEY(keyId)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content }], max_tokens: 20 }),
  });
  if (res.status !== 200) throw new Error(`chat ${String(res.status)}: ${await res.text()}`);
}

describe.each(ERAS)('charge audit on %s', (profile: ProfileName) => {
  let gw: Gateway;
  let app: EraApp;
  let audit: AuditService;
  let alice: string;
  const hasPrices = profile !== 'spec' && profile !== 'one-api';

  beforeAll(async () => {
    gw = await startEra(profile, seed(profile));
    app = await eraApp(gw);
    alice = await app.add('alice', credentials.accessToken(1));
    audit = new AuditService({ directory: app.accounts, clock: emulatorClock(gw) });
  });
  afterAll(async () => {
    await app.close();
    await gw.close();
  });
  beforeEach(() => resetEra(gw));
  afterEach(() => expectNoTokenMinting(gw));

  const report = async (): Promise<AuditReport> => {
    const outcome = value(await audit.run(alice, 24));
    if (outcome.kind !== 'report') throw new Error(`no report: ${outcome.why}`);
    return outcome;
  };

  it('flags the call the site overcharged, by what it overcharged, and passes the others', async () => {
    if (!hasPrices) return;
    await chat(gw, 1, 'per-call');
    await chat(gw, 2, 'by-token', 'a longer question about prices');
    await admin(gw, 'POST', '/clock/advance', { seconds: 60 });
    await addFault(gw, { match: '/v1/chat/completions', kind: 'overcharge', factor: 2, times: 1 });
    await chat(gw, 1, 'per-call');
    await chat(gw, 1, 'by-token');
    await admin(gw, 'DELETE', '/log');

    const r = await report();
    expect(r.totals).toMatchObject({ calls: 4, checked: 4, asPublished: 3, above: 1, aboveUnits: 2250, below: 0 });
    expect(r.totals.ratioDiffers).toBe(0);
    expect(r.flagged).toEqual([
      expect.objectContaining({ keyName: 'main', model: 'per-call', chargedUnits: 4500, expectedUnits: 2250 }),
    ]);
    const main = r.keys.find((k) => k.keyName === 'main');
    expect(main).toMatchObject({ calls: 3, above: 1, aboveUnits: 2250, keyId: 1 });
    expect(r.keys.find((k) => k.keyName === 'plain')).toMatchObject({ calls: 1, asPublished: 1 });
    // Read only, nothing critical: the prices, one page of calls, and the keys where rows do not name their group.
    const sent = await readLog(gw);
    expect(sent.every((e) => e.method === 'GET' && !isCriticalRequest(e.method, `http://x${e.path}`))).toBe(true);
    expect(sent.filter((e) => e.path === '/api/pricing')).toHaveLength(1);
    expect(sent.filter((e) => e.path === '/api/log/self')).toHaveLength(1);
  });

  it('calls made before a price change show their recorded ratio beside the published one', async () => {
    if (!hasPrices) return;
    await chat(gw, 2, 'by-token', 'twenty characters...');
    await admin(gw, 'PUT', '/models/by-token/pricing', { model_ratio: 0.15 });
    await chat(gw, 2, 'by-token', 'twenty characters...');
    const r = await report();
    expect(r.totals).toMatchObject({ calls: 2, checked: 2, ratioDiffers: 1 });
    const [older] = r.flagged;
    expect(older?.differences).toEqual([{ name: 'model_ratio', recorded: 0.075, published: 0.15 }]);
    // Charged what its own row recorded: below today's price, not a fault of the site.
    expect(older?.recordedUnits).toBe(older?.chargedUnits);
    expect(r.totals.below).toBe(1);
  });

  it('eras without prices or logs say which, after the fewest requests', async () => {
    if (hasPrices) {
      const outcome = value(await audit.run(alice, 24));
      expect(outcome).toEqual({ kind: 'unavailable', accountId: alice, why: 'no_calls' });
      return;
    }
    await chat(gw, 2, 'per-call');
    await admin(gw, 'DELETE', '/log');
    expect(value(await audit.run(alice, 168))).toEqual({ kind: 'unavailable', accountId: alice, why: 'no_prices' });
    // One request: the prices are asked first, so a site without them is not asked for pages of calls.
    expect((await readLog(gw)).map((e) => e.path)).toEqual(['/api/pricing']);
  });

  it('reads only the window asked: a call older than it is not counted', async () => {
    if (!hasPrices) return;
    await admin(gw, 'POST', '/clock/set', { now: T0 - 2 * 86_400, frozen: true });
    await chat(gw, 1, 'per-call');
    await admin(gw, 'POST', '/clock/set', { now: T0, frozen: true });
    await chat(gw, 1, 'per-call');
    expect((await report()).totals.calls).toBe(1);
  });
});
