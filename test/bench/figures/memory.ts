// Figure 6: memory scaling of the main (Node) process. RSS of serve.js with 100 accounts whose 10,000 keys have gone
// through main (keys:listAll of every account, balances fetched) ÷ the same with one account; /proc/<pid>/status.
import { startGateway, type Gateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, rssBytes, sleep, startApp } from '../lib/keydesk';
import { benchSeed } from '../lib/seed';
import { describe, median, round, summarise } from '../lib/stats';

const MANY = 100;
const KEYS = 100;
const RUNS = 2;
const MB = 1024 * 1024;

interface Sample {
  /** After adding the accounts, before any key went through main. */
  readonly accountsOnly: number;
  /** After listing every key and a balance refresh: the figure. */
  readonly listed: number;
}

async function rssWith(gw: Gateway, accounts: number): Promise<Sample> {
  const dataDir = newDataDir();
  const app = await startApp(dataDir);
  try {
    const ids = await addAccounts(
      app,
      Array.from({ length: accounts }, (_, i) => draftFor(gw, i + 1, 'access_token')),
    );
    await sleep(3_000);
    const accountsOnly = rssBytes(app.pid);
    let keys = 0;
    for (const accountId of ids) keys += (await app.invoke<unknown[]>('keys:listAll', { accountId })).length;
    if (keys !== accounts * KEYS) throw new Error(`listed ${keys} keys, expected ${accounts * KEYS}`);
    await app.invoke('quota:refresh', {});
    await sleep(3_000);
    return { accountsOnly, listed: rssBytes(app.pid) };
  } finally {
    await app.stop();
    removeDataDir(dataDir);
  }
}

export async function memoryScaling(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(MANY, KEYS) });
  try {
    const oneSamples: Sample[] = [];
    const manySamples: Sample[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      oneSamples.push(await rssWith(gw, 1));
      manySamples.push(await rssWith(gw, MANY));
    }
    const one = oneSamples.map((s) => s.listed);
    const many = manySamples.map((s) => s.listed);
    const ratio = median(many) / median(one);
    return {
      figure: '6. Memory scaling (main RSS)',
      value: `${round(ratio)} = ${describe(summarise(many.map((b) => b / MB)), 'MB')} ÷ ${describe(summarise(one.map((b) => b / MB)), 'MB')}`,
      ratio,
      target: '≤ 1.3',
      meetsTarget: ratio <= 1.3,
      how:
        `serve.js on a fresh data dir; ${MANY} access-token accounts, keys:listAll of each (${MANY * KEYS} keys ` +
        `through main; main keeps no key cache of its own) and a balance refresh, then VmRSS after 3 s ÷ the same ` +
        `with 1 account (${KEYS} keys); ${RUNS} runs each, ratio of medians.`,
      details: {
        oneMB: one.map((b) => round(b / MB)),
        manyMB: many.map((b) => round(b / MB)),
        // Before listing keys: what the accounts themselves cost, apart from the keys that went through.
        oneAccountsOnlyMB: oneSamples.map((s) => round(s.accountsOnly / MB)),
        manyAccountsOnlyMB: manySamples.map((s) => round(s.accountsOnly / MB)),
      },
    };
  } finally {
    await gw.close();
  }
}
