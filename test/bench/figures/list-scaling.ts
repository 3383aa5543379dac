// Figure 5: list scaling of the All keys view in Chromium, 20 accounts × 250 keys (5,000 rows) ÷ 20 × 5 (100 rows):
// first rows painted (from navigation, as figure 12 reads them), p95 frame time while scrolling, p95 keystroke → next
// paint while searching. The two sizes load in turn (ABAB), so the machine's noise hits both alike.
import type { Browser, Page } from '@playwright/test';
import { startGateway } from '../../gateway';
import { CONTEXT } from '../lib/browser';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAccounts, newDataDir, removeDataDir, sleep, startApp, type BenchApp, shareSession } from '../lib/keydesk';
import { benchSeed } from '../lib/seed';
import { describe, median, percentile, round, summarise } from '../lib/stats';

const ACCOUNTS = 20;
/** Paired loads per size, after a warm-up load of each: the first-rows ratio is a ratio of medians of these. */
const RUNS = 5;
const SCROLL_FRAMES = 40;
const QUERY = 'key-0001';
const KEY_GAP_MS = 350;

/**
 * Installed before the app's scripts: the bridge's fetch is wrapped to time each account's key list as the app gets
 * it (keys:listChunk, a page at a time: an arrival is an account's first page; rows count every page), a frame loop
 * records when frames run, the first frame painted with a key row is noted, and every keydown records its latency to
 * the next painted frame.
 */
const PROBE = `(() => {
  const bench = { arrivals: [], completions: [], rows: 0, frames: [], keyLatency: [], firstRow: null };
  window.__bench = bench;
  new MutationObserver(() => {
    if (bench.firstRow === null && document.querySelector('[data-testid="key-row"]'))
      requestAnimationFrame(() => { if (bench.firstRow === null) bench.firstRow = performance.now(); });
  }).observe(document, { subtree: true, childList: true });
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (!url.includes('keys%3AlistChunk')) return response;
    const text = await response.text();
    const now = performance.now();
    try { bench.rows += JSON.parse(text).value.items.length; } catch {}
    try { if (JSON.parse(init.body).args.from === null) bench.arrivals.push(now); } catch {}
    try { if (JSON.parse(text).value.next === null) bench.completions.push(now); } catch {}
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const frame = () => { if (bench.frames.length < 5000) bench.frames.push(performance.now()); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  document.addEventListener('keydown', (event) => {
    const at = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => bench.keyLatency.push(performance.now() - at), 0));
  }, true);
})()`;

interface Probe {
  arrivals: number[];
  completions: number[];
  rows: number;
  frames: number[];
  keyLatency: number[];
  firstRow: number | null;
}

const readProbe = async (page: Page): Promise<Probe> => await page.evaluate<Probe>('window.__bench');

const SCROLL = `(async () => {
  const el = document.querySelector('[data-testid="key-table-scroller"]');
  if (!el) return null;
  const range = el.scrollHeight - el.clientHeight;
  const deltas = [];
  let last = null;
  let pos = 0;
  for (let i = 0; i < ${SCROLL_FRAMES}; i += 1) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    if (last !== null) deltas.push(now - last);
    last = now;
    pos = range > 0 ? (pos + 173) % range : 0;
    el.scrollTop = pos;
  }
  return { deltas, range };
})()`;

interface RunResult {
  firstRowsMs: number;
  allRowsMs: number;
  scrollP95: number;
  keyLatency: number[];
  rows: number;
  scrollRange: number;
}

async function oneRun(
  browser: Browser,
  app: BenchApp,
  expectedRows: number,
  isWarmUp = false,
): Promise<RunResult | null> {
  const context = await browser.newContext(CONTEXT);
  try {
    const page = await context.newPage();
    const t0 = performance.now();
    const phase = (name: string) => {
      process.stderr.write(
        `bench:      ${expectedRows} rows: ${name} at ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
      );
    };
    await page.addInitScript(PROBE);
    await shareSession(context, app);
    await page.goto(app.pageUrl);
    try {
      await page.waitForFunction(
        `window.__bench.completions.length >= ${ACCOUNTS} && document.querySelector('[data-testid="key-row"]') !== null && !document.querySelector('[data-testid="loading-accounts"]')`,
        undefined,
        { timeout: 60_000 },
      );
    } catch (error) {
      const state = await page.evaluate<string>(
        `JSON.stringify({ url: location.href, arrivals: window.__bench.arrivals.length, rows: window.__bench.rows, dom: document.querySelectorAll('[data-testid="key-row"]').length, note: document.querySelector('[data-testid="loading-accounts"]')?.textContent ?? null, text: document.querySelector('[data-testid="keys-view"]')?.textContent?.slice(0, 300) ?? null })`,
      );
      throw new Error(`All keys did not load: ${state}`, { cause: error });
    }
    phase('loaded');
    if (isWarmUp) return null;
    await sleep(300);
    const loaded = await readProbe(page);
    if (loaded.rows !== expectedRows) throw new Error(`expected ${expectedRows} rows, got ${loaded.rows}`);
    const last = Math.max(...loaded.completions);
    const afterLast = loaded.frames.find((t) => t > last) ?? Number.NaN;

    const scroll = await page.evaluate<{ deltas: number[]; range: number } | null>(SCROLL);
    if (!scroll) throw new Error('key table scroller not found');

    phase('scrolled');
    const input = page.getByTestId('search-input');
    await input.focus();
    const before = (await readProbe(page)).keyLatency.length;
    for (const ch of QUERY) {
      await page.keyboard.type(ch);
      await sleep(KEY_GAP_MS);
    }
    await sleep(800);
    const typed = (await readProbe(page)).keyLatency.slice(before);
    phase('typed');
    return {
      firstRowsMs: loaded.firstRow ?? Number.NaN,
      allRowsMs: afterLast - last,
      scrollP95: percentile(scroll.deltas, 95),
      keyLatency: typed,
      rows: loaded.rows,
      scrollRange: scroll.range,
    };
  } finally {
    await context.close();
  }
}

interface ConfigResult {
  runs: RunResult[];
  firstRows: number;
  allRows: number;
  scrollP95: number;
  keyP95: number;
}

interface Side {
  readonly keysPerAccount: number;
  readonly app: BenchApp;
  readonly runs: RunResult[];
}

const summary = (runs: RunResult[]): ConfigResult => ({
  runs,
  firstRows: median(runs.map((r) => r.firstRowsMs)),
  allRows: median(runs.map((r) => r.allRowsMs)),
  scrollP95: median(runs.map((r) => r.scrollP95)),
  keyP95: percentile(
    runs.flatMap((r) => r.keyLatency),
    95,
  ),
});

/** Both sizes at once, each its own emulator and Keydesk, loaded in turn: a warm-up load each, then RUNS pairs. */
async function measurePaired(browser: Browser, sizes: readonly number[]): Promise<ConfigResult[]> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const sides: Side[] = [];
    for (const keysPerAccount of sizes) {
      const gw = await startGateway({ seed: benchSeed(ACCOUNTS, keysPerAccount) });
      stops.push(() => gw.close());
      const dataDir = newDataDir();
      stops.push(() => {
        removeDataDir(dataDir);
        return Promise.resolve();
      });
      const app = await startApp(dataDir);
      stops.push(() => app.stop());
      await addAccounts(
        app,
        Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, 'access_token')),
      );
      sides.push({ keysPerAccount, app, runs: [] });
    }
    // One page load of each first, so the JS and the bridge are warm for every measured run alike.
    for (const side of sides) await oneRun(browser, side.app, ACCOUNTS * side.keysPerAccount, true);
    for (let run = 0; run < RUNS; run += 1) {
      for (const side of sides) {
        const result = await oneRun(browser, side.app, ACCOUNTS * side.keysPerAccount);
        if (result) side.runs.push(result);
      }
    }
    return sides.map((side) => summary(side.runs));
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

export async function listScaling(browser: Browser): Promise<Figure> {
  const [small, large] = await measurePaired(browser, [5, 250]);
  if (small === undefined || large === undefined) throw new Error('figure 5: a size was not measured');
  const ratios = {
    firstRows: large.firstRows / small.firstRows,
    allRows: large.allRows / small.allRows,
    scrollP95: large.scrollP95 / small.scrollP95,
    searchP95: large.keyP95 / small.keyP95,
  };
  const worst = Math.max(ratios.firstRows, ratios.scrollP95, ratios.searchP95);
  const pair = (l: number, s: number) => `${round(l)}/${round(s)} ms`;
  return {
    figure: '5. List scaling (5,000 ÷ 100 rows)',
    value:
      `first rows ${round(ratios.firstRows)} (${pair(large.firstRows, small.firstRows)}); ` +
      `scroll p95 ${round(ratios.scrollP95)} (${pair(large.scrollP95, small.scrollP95)}); ` +
      `search p95 ${round(ratios.searchP95)} (${pair(large.keyP95, small.keyP95)})`,
    ratio: worst,
    target: '≤ 2 each',
    meetsTarget: worst <= 2,
    how:
      `All keys view, ${ACCOUNTS} access-token accounts × 250 keys vs × 5 keys, serve.js + Chromium 1280×800. ` +
      `First rows: navigation → the first frame painted with a key row (as figure 12). Scroll: p95 rAF interval while moving the virtual list 173 px per frame ` +
      `for ${SCROLL_FRAMES} frames. Search: typing "${QUERY}" in the top bar, ${KEY_GAP_MS} ms apart (each ` +
      `keystroke's search lands while typing goes on), p95 of keydown → next frame. ${RUNS} runs each, the two ` +
      `sizes in turn (ABAB) after a warm-up load of each; medians (search: p95 over all keystrokes).`,
    details: {
      ratios,
      large: { ...large, runs: large.runs.map((r) => ({ ...r, keyLatency: r.keyLatency.map(round) })) },
      small: { ...small, runs: small.runs.map((r) => ({ ...r, keyLatency: r.keyLatency.map(round) })) },
      spread: {
        largeFirstRows: describe(summarise(large.runs.map((r) => r.firstRowsMs)), 'ms'),
        smallFirstRows: describe(summarise(small.runs.map((r) => r.firstRowsMs)), 'ms'),
      },
    },
  };
}
