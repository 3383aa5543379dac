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

async function rssWith(gw: Gateway, accounts: number): Promise<number> {
  const dataDir = newDataDir();
  const app = await startApp(dataDir);
  try {
    const ids = await addAccounts(
      app,
      Array.from({ length: accounts }, (_, i) => draftFor(gw, i + 1, 'access_token')),
    );
    let keys = 0;
    for (const accountId of ids) keys += (await app.invoke<unknown[]>('keys:listAll', { accountId })).length;
    if (keys !== accounts * KEYS) throw new Error(`listed ${keys} keys, expected ${accounts * KEYS}`);
    await app.invoke('quota:refresh', {});
    await sleep(3_000);
    return rssBytes(app.pid);
  } finally {
    await app.stop();
    removeDataDir(dataDir);
  }
}

export async function memoryScaling(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(MANY, KEYS) });
  try {
    const one: number[] = [];
    const many: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      one.push(await rssWith(gw, 1));
      many.push(await rssWith(gw, MANY));
    }
    const ratio = median(many) / median(one);
    return {
      figure: '6. Memory scaling (main RSS)',
      value: `${round(ratio)} = ${describe(summarise(many.map((b) => b / MB)), 'MB')} ÷ ${describe(summarise(one.map((b) => b / MB)), 'MB')}`,
      ratio,
      target: '≤ 1.5',
      meetsTarget: ratio <= 1.5,
      how:
        `serve.js on a fresh data dir; ${MANY} access-token accounts, keys:listAll of each (${MANY * KEYS} keys ` +
        `through main; main keeps no key cache of its own) and a balance refresh, then VmRSS after 3 s ÷ the same ` +
        `with 1 account (${KEYS} keys); ${RUNS} runs each, ratio of medians.`,
      details: { oneMB: one.map((b) => round(b / MB)), manyMB: many.map((b) => round(b / MB)) },
    };
  } finally {
    await gw.close();
  }
}
