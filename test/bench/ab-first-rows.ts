// Paired A/B of All keys' first rows and renderer heap for two (or more) builds: `AB_ROOTS=/path/a,/path/b npx tsx
// test/bench/ab-first-rows.ts` starts each checkout's built serve.js on its own data dir, adds the same 20
// access-token accounts of one emulator (250 keys each), and opens All keys in Chromium in turn, RUNS times each
// (default 10) after one unmeasured round; AB_STACK=1 puts figure 12's stack floor in the same rotation. First rows
// as figure 12 reads them; the heap once every list is in, after a forced collection, as figure 12 reads it. A change
// worth keeping moves the median by more than two builds of the same code differ (name one root twice to see that:
// about ±30 ms on two shared cores).
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startGateway } from '../gateway';
import { buildStackFloors, stackFloorOpener } from './figures/floor';
import { CONTEXT, launchChromium } from './lib/browser';
import { draftFor } from './lib/drafts';
import { addAccounts, newDataDir, removeDataDir, shareSession, sleep, startApp, type BenchApp } from './lib/keydesk';
import { benchSeed, tokenOf } from './lib/seed';
import { median } from './lib/stats';

const ACCOUNTS = 20;
const KEYS = 250;
const RUNS = Number(process.env.RUNS ?? 10);
/** The first frame painted with a key row, as figure 12 reads it (installed before any page script). */
const PROBE = `new MutationObserver(() => {
  if (window.__first === undefined && document.querySelector('[data-testid="key-row"]'))
    requestAnimationFrame(() => { if (window.__first === undefined) { window.__first = performance.now(); performance.mark('first-rows'); } });
}).observe(document, { subtree: true, childList: true });`;

interface Side {
  readonly name: string;
  readonly open: (context: BrowserContext, page: Page) => Promise<void>;
  readonly stop?: () => Promise<void>;
}

interface Load {
  readonly firstRows: number;
  readonly heapMB: number;
  /** AB_BUSY=1: the page's main-thread CPU time (ms) from navigation to first rows, from a trace of the load. */
  readonly busyMs: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread time: what the thread ran, not counting the time another process had its core. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly startTime?: number } };
}

/** Main-thread CPU time in tasks from navigation to the first-rows mark, read from a Chromium trace. */
function busyUntilFirstRows(trace: Buffer): number {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((e) => e.name === 'first-rows');
  if (mark === undefined) return Number.NaN;
  const end = mark.ts;
  const start = end - (mark.args?.data?.startTime ?? 0) * 1000;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === mark.pid && e.args?.name === 'CrRendererMain');
  return (
    events
      .filter((e) => e.tid === main?.tid && e.pid === mark.pid && e.ph === 'X' && e.name === 'RunTask')
      .filter((e) => e.ts >= start && e.ts <= end)
      .reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000
  );
}

/** Rows of the key lists the page has received: Keydesk's answers seen from outside, the floor's counted inside. */
function countLists(page: Page): { rows: number; answers: number } {
  const lists = { rows: 0, answers: 0 };
  page.on('response', (response) => {
    if (!response.url().includes('keys%3AlistChunk')) return;
    response.json().then(
      (body: { ok?: boolean; value?: { items?: unknown; next?: unknown } }) => {
        const items = body.value?.items;
        lists.rows += Array.isArray(items) ? items.length : 0;
        if (body.ok !== true || body.value?.next === null) lists.answers += 1;
      },
      () => {
        lists.answers += 1;
      },
    );
  });
  return lists;
}

async function load(browser: Browser, side: Side): Promise<Load> {
  const context = await browser.newContext(CONTEXT);
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const lists = countLists(page);
    const isTraced = process.env.AB_BUSY === '1';
    if (isTraced)
      await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline', 'blink.user_timing'] });
    await side.open(context, page);
    // Polled over CDP: Playwright's own page script would land in the measured load (see figures/floor.ts).
    const cdp = await context.newCDPSession(page);
    const state = async () => {
      const { result } = (await cdp.send('Runtime.evaluate', {
        expression: `JSON.stringify({ first: window.__first ?? null, rows: window.__bench?.rows ?? 0, arrivals: window.__bench?.arrivals?.length ?? 0 })`,
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(result.value) as { first: number | null; rows: number; arrivals: number };
    };
    const by = Date.now() + 30_000;
    for (;;) {
      const now = await state();
      if (now.first !== null && now.rows + lists.rows >= ACCOUNTS * KEYS && now.arrivals + lists.answers >= ACCOUNTS) {
        await sleep(500);
        await cdp.send('HeapProfiler.collectGarbage');
        const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        const busyMs = isTraced ? busyUntilFirstRows(await browser.stopTracing()) : Number.NaN;
        return { firstRows: Math.round(now.first), heapMB: usedSize / (1024 * 1024), busyMs };
      }
      if (Date.now() > by) throw new Error(`${side.name}: keys did not load: ${JSON.stringify(now)}`);
      await sleep(50);
    }
  } finally {
    await context.close();
  }
}

const roots = (process.env.AB_ROOTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((root) => resolve(root));
if (roots.length < (process.env.AB_STACK === '1' ? 1 : 2))
  throw new Error('AB_ROOTS=<checkout>,<checkout>[,…]: each built with npx electron-vite build');
const gw = await startGateway({ seed: benchSeed(ACCOUNTS, KEYS) });
const sides: Side[] = [];
const dataDirs: string[] = [];
const browser = await launchChromium();
try {
  for (const root of roots) {
    const dataDir = newDataDir();
    dataDirs.push(dataDir);
    const app: BenchApp = await startApp(dataDir, { root });
    await addAccounts(
      app,
      Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, 'access_token')),
    );
    sides.push({
      name: root,
      open: async (context, page) => {
        await shareSession(context, app);
        await page.goto(app.pageUrl);
      },
      stop: () => app.stop(),
    });
  }
  if (process.env.AB_STACK === '1') {
    await buildStackFloors();
    const open = stackFloorOpener(new URL(gw.base_url).origin, 'stack', {
      tokens: Array.from({ length: ACCOUNTS }, (_, i) => tokenOf(i + 1)),
      rowHeight: 57,
      viewportHeight: 647,
      pageSize: 100,
    });
    sides.push({ name: 'stack floor', open });
  }
  const loads: Load[][] = sides.map(() => []);
  for (let run = -1; run < RUNS; run += 1) {
    for (const [i, side] of sides.entries()) {
      const result = await load(browser, side);
      if (run >= 0) loads[i]?.push(result);
    }
    process.stderr.write(`ab: round ${run + 1}/${RUNS}\n`);
  }
  const stack = loads.at(-1) ?? [];
  for (const [i, { name }] of sides.entries()) {
    const runs = loads[i] ?? [];
    const first = median(runs.map((r) => r.firstRows));
    const heap = median(runs.map((r) => r.heapMB));
    const vsStack =
      process.env.AB_STACK === '1' && i < sides.length - 1
        ? ` · ÷ stack floor: first rows ${(first / median(stack.map((r) => r.firstRows))).toFixed(2)}, heap ${(heap / median(stack.map((r) => r.heapMB))).toFixed(2)}`
        : '';
    const busy = median(runs.map((r) => r.busyMs));
    const busyText = Number.isNaN(busy) ? '' : `, main-thread CPU before them ${Math.round(busy)} ms`;
    console.log(
      `${name}: first rows median ${first} ms (${runs.map((r) => r.firstRows).join(', ')})${busyText}, heap median ${heap.toFixed(2)} MB${vsStack}`,
    );
  }
} finally {
  await browser.close();
  for (const side of sides) await side.stop?.();
  for (const dir of dataDirs) removeDataDir(dir);
  await gw.close();
}
