// The spec-profile emulator has no /api/status (its one site is configured as 500,000 units = ¥1): Keydesk reads
// that as "the site says nothing" and keeps the spec's ¥, and the watched key's billing answer reads back exactly.
import { systemClock } from '../../../src-main/platform/system-clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../src-main/gateway/http';
import { readSiteMoney } from '../../../src-main/gateway/site-status';
import { SPEC_MONEY } from '../../../src-main/gateway/units';
import { accountMoney } from '../../../src-main/features/site/account-money';
import type { Gateway } from '../../gateway/index';
import { recordingLogger } from '../../unit/main/gateway/fakes';
import { FAST, SEED, makeClients } from './setup';
import { startEmulator } from '../../support/emulator';

let gw: Gateway;
beforeAll(async () => {
  gw = await startEmulator({ seed: SEED });
});
afterAll(async () => {
  await gw.close();
});

describe('site status on the spec emulator', () => {
  it('reads "says nothing", so the account shows the spec’s ¥ at 500,000 units', async () => {
    const logger = recordingLogger();
    const transport = new HttpTransport({
      fetch: (url, init) => fetch(url, init),
      logger,
      clock: systemClock,
      ...FAST,
    });
    const read = await readSiteMoney(transport, logger, gw.base_url);
    expect(read).toEqual({ ok: true, value: null });
    const money = accountMoney({ money: read.ok ? read.value : null, fetchedAt: 1 }, null);
    expect(money.site).toEqual(SPEC_MONEY);
    expect(money.origin).toBe('spec');
  });

  it('reads the watched key’s billing limit in the spec’s yuan, exactly', async () => {
    const { keyClient } = makeClients(gw);
    const limits = await keyClient(1).getBillingLimits(undefined, SPEC_MONEY);
    expect(limits.ok && limits.value.hard).toEqual({ kind: 'limited', units: 5_000_000 });
  });
});
