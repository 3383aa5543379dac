// Paired A/B of All keys' first rows for two (or more) builds: `AB_ROOTS=/path/a,/path/b npx tsx
// test/bench/ab-first-rows.ts` starts each checkout's built serve.js on its own data dir, adds the same 20
// access-token accounts of one emulator (250 keys each), and opens All keys in Chromium in turn, RUNS times each
// (default 10) after one unmeasured round. A change worth keeping moves the median by more than two builds of the
// same code differ (name one root twice to see that: about ±30 ms on two shared cores).
import { resolve } from 'node:path';
import { startGateway } from '../gateway';
import { CONTEXT, launchChromium } from './lib/browser';
import { draftFor } from './lib/drafts';
import { addAccounts, newDataDir, removeDataDir, shareSession, sleep, startApp, type BenchApp } from './lib/keydesk';
import { benchSeed } from './lib/seed';
import { median } from './lib/stats';

const ACCOUNTS = 20;
const RUNS = Number(process.env.RUNS ?? 10);
/** The first frame painted with a key row, as figure 12 reads it (installed before any page script). */
const PROBE = `new MutationObserver(() => {
  if (window.__first === undefined && document.querySelector('[data-testid="key-row"]'))
    requestAnimationFrame(() => { window.__first ??= performance.now(); });
}).observe(document, { subtree: true, childList: true });`;

const roots = (process.env.AB_ROOTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((root) => resolve(root));
if (roots.length < 2) throw new Error('AB_ROOTS=<checkout>,<checkout>[,…]: each built with npx electron-vite build');
const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 250) });
const builds: { root: string; dataDir: string; app: BenchApp }[] = [];
const browser = await launchChromium();
try {
  for (const root of roots) {
    const dataDir = newDataDir();
    const app = await startApp(dataDir, { root });
    builds.push({ root, dataDir, app });
    await addAccounts(
      app,
      Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, 'access_token')),
    );
  }
  const firstRows: number[][] = builds.map(() => []);
  for (let run = -1; run < RUNS; run += 1) {
    for (const [i, { root, app }] of builds.entries()) {
      const context = await browser.newContext(CONTEXT);
      try {
        await shareSession(context, app);
        const page = await context.newPage();
        await page.addInitScript(PROBE);
        await page.goto(app.pageUrl);
        // Polled over CDP: Playwright's own page script would land in the measured load (see figures/floor.ts).
        const cdp = await context.newCDPSession(page);
        let first: number | undefined;
        for (let poll = 0; poll < 400 && first === undefined; poll += 1) {
          const { result } = (await cdp.send('Runtime.evaluate', {
            expression: 'window.__first',
            returnByValue: true,
          })) as {
            result: { value?: number };
          };
          first = result.value;
          if (first === undefined) await sleep(50);
        }
        if (first === undefined) throw new Error(`${root}: no key row within 20 s`);
        if (run >= 0) firstRows[i]?.push(Math.round(first));
        await sleep(1_500);
      } finally {
        await context.close();
      }
    }
  }
  for (const [i, { root }] of builds.entries()) {
    const runs = firstRows[i] ?? [];
    console.log(`${root}: first rows median ${median(runs)} ms (${runs.join(', ')})`);
  }
} finally {
  await browser.close();
  for (const { app, dataDir } of builds) {
    await app.stop();
    removeDataDir(dataDir);
  }
  await gw.close();
}
