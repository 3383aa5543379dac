// Figure 4: network independence of start-up. In Chromium, time from navigation to the sidebar showing every
// account's last known balance, with the emulator answering after 2,000 ms ÷ with no added latency (same data dir).
import type { Browser } from '@playwright/test';
import { startGateway, type Gateway } from '../../gateway';
import { CONTEXT } from '../lib/browser';
import { draftFor, mixedKind } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, sleep, startApp, shareSession } from '../lib/keydesk';
import { benchSeed } from '../lib/seed';
import { describe, median, round, summarise } from '../lib/stats';

const ACCOUNTS = 10;
const RUNS = 4;
const SLOW_MS = 2_000;

/** In-page (a string: this code is type-checked without the DOM library): resolves with performance.now(). */
const BALANCES_SHOWN = `(() => {
  const rows = [...document.querySelectorAll('[data-testid="account-row"]')];
  if (rows.length !== ${ACCOUNTS}) return false;
  const ok = rows.every((row) => /\\d/.test(row.querySelector('[data-testid="balance-remaining"]')?.textContent ?? ''));
  return ok ? performance.now() : false;
})()`;

async function setLatency(gw: Gateway, ms: number): Promise<void> {
  await fetch(`${gw.admin_url}/faults`, { method: 'DELETE' });
  if (ms === 0) return;
  const res = await fetch(`${gw.admin_url}/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ match: '*', kind: 'latency', latency_ms: ms, listener: 'any' }),
  });
  if (!res.ok) throw new Error(`latency fault refused: ${await res.text()}`);
}

async function timeToBalances(browser: Browser, dataDir: string): Promise<number> {
  const app = await startApp(dataDir, { keyring: true });
  const context = await browser.newContext(CONTEXT);
  await sleep(500); // let the freshly started process settle; the figure starts at navigation
  try {
    const page = await context.newPage();
    await shareSession(context, app);
    await page.goto(app.pageUrl);
    const handle = await page.waitForFunction(BALANCES_SHOWN, undefined, { polling: 'raf', timeout: 30_000 });
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
    await app.stop();
  }
}

export async function startupIndependence(browser: Browser): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 1) });
  const dataDir = newDataDir();
  try {
    // A previous run: accounts added (kept in the OS keyring) and their balances fetched and cached.
    const first = await startApp(dataDir, { keyring: true });
    try {
      await addAccounts(
        first,
        Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, mixedKind(i))),
      );
      await first.invoke('quota:refresh', {});
      for (let i = 0; i < 100; i += 1) {
        const views = await first.invoke<{ remainingUnits: number | null }[]>('quota:snapshot');
        if (views.every((v) => v.remainingUnits !== null)) break;
        await sleep(100);
      }
    } finally {
      await first.stop();
    }
    // One unmeasured start first, so every measured run starts from a state a start of its own left. (Watched keys
    // once had their first balance only from a poll through the site's critical bucket, which the adding had spent:
    // the first measured start fetched them then, 16 s against 1 s. Adding one now keeps the balance it read.)
    await setLatency(gw, 0);
    await timeToBalances(browser, dataDir);
    const fast: number[] = [];
    const slow: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Alternating, so drift on a noisy machine hits both sides alike.
      await setLatency(gw, 0);
      fast.push(await timeToBalances(browser, dataDir));
      await setLatency(gw, SLOW_MS);
      slow.push(await timeToBalances(browser, dataDir));
    }
    await setLatency(gw, 0);
    const ratios = slow.map((s, i) => s / (fast[i] ?? Number.NaN));
    const summary = summarise(ratios);
    const ratio = median(slow) / median(fast);
    return {
      figure: '4. Start-up independent of the network',
      value: `${round(ratio)} = ${describe(summarise(slow), 'ms')} ÷ ${describe(summarise(fast), 'ms')}`,
      ratio,
      target: '≤ 1.2',
      meetsTarget: ratio <= 1.2,
      how:
        `${ACCOUNTS} mixed accounts whose balances a previous run cached (same data dir, OS keyring); serve.js ` +
        `restarted for each run; Chromium time from navigation start to all ${ACCOUNTS} sidebar rows showing a ` +
        `balance, with every emulator request delayed ${SLOW_MS} ms (latency fault) ÷ with none; ${RUNS} ` +
        `alternating runs each; ratio of the medians (pair ratios in the JSON).`,
      details: { fastMs: fast.map(round), slowMs: slow.map(round), ratios: ratios.map(round) },
      summary,
    };
  } finally {
    removeDataDir(dataDir);
    await gw.close();
  }
}
