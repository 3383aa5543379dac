// Figure 14: HTTP requests per allowance refill counted at the emulator, ÷ the floor: one fresh read of the key and
// one full write (2). Measured on refills at start-up after a missed period (Keydesk stopped, the allowance file then
// saying its last refill was the day before, as a closed Keydesk finds it), three times in a row.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGateway, type Gateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, sleep, startApp, type BenchApp } from '../lib/keydesk';
import { benchSeed, keyIdOf } from '../lib/seed';
import { round } from '../lib/stats';

const FLOOR = 2;
const AMOUNT = 100_000;
const PASSPHRASE = 'an obviously fake bench passphrase';
const ENV = { KEYDESK_KEY_CARE_TEST_MS: '500' };
const RUNS = 3;

async function until(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export async function allowanceRefillRequests(): Promise<Figure> {
  const gw: Gateway = await startGateway({ seed: benchSeed(1, 3) });
  const dataDir = newDataDir();
  const keyId = keyIdOf(1, 0);
  const remain = (): number | undefined => gw.state.keys.get(keyId)?.remain_quota;
  let app: BenchApp = await startApp(dataDir, { env: ENV });
  try {
    // A passphrase vault: the account's token is still there after each restart.
    await app.invoke('vault:setPassphrase', { passphrase: PASSPHRASE });
    const [accountId] = await addAccounts(app, [draftFor(gw, 1, 'access_token')]);
    await app.invoke('allowance:set', {
      accountId,
      keyId,
      period: 'day',
      mode: 'refill',
      amountUnits: AMOUNT,
      timeZone: 'UTC',
    });
    await until('the first refill', () => remain() === AMOUNT);
    const refills: { requests: number; sent: string[] }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const key = gw.state.keys.get(keyId);
      if (key) {
        key.remain_quota -= 1_000;
        key.used_quota += 1_000;
      }
      await app.stop();
      const file = join(dataDir, 'allowances.json');
      const doc = JSON.parse(readFileSync(file, 'utf8')) as { allowances: Record<string, { lastPeriodStart: number }> };
      for (const record of Object.values(doc.allowances)) record.lastPeriodStart -= 86_400_000;
      writeFileSync(file, JSON.stringify(doc));
      gw.log.clear();
      app = await startApp(dataDir, { env: ENV });
      await app.invoke('vault:unlock', { passphrase: PASSPHRASE });
      await until('the refill after the restart', () => remain() === AMOUNT);
      await sleep(1_500); // anything the refill might still send
      const sent = gw.log
        .list()
        .filter((e) => e.path.startsWith('/api/token/'))
        .map((e) => `${e.method} ${e.path}`);
      refills.push({ requests: sent.length, sent });
    }
    const worst = Math.max(...refills.map((r) => r.requests));
    const ratio = worst / FLOOR;
    return {
      figure: '15. Requests per allowance refill',
      value: `${round(ratio)} (${refills.map((r) => r.requests).join(', ')} ÷ floor ${FLOOR})`,
      ratio,
      target: '1.0',
      meetsTarget: ratio <= 1.0,
      how:
        'serve.js with one access-token account on the emulator and a daily allowance on one key; Keydesk stopped, ' +
        'its allowance file set back a day (a missed midnight), started again: key requests counted in the emulator ' +
        'log until the refill is on the site, three times. Floor: one read and one full write.',
      details: { refills },
    };
  } finally {
    await app.stop();
    removeDataDir(dataDir);
    await gw.close();
  }
}
