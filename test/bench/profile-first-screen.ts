// Where the first screen's time goes: `npx tsx test/bench/profile-first-screen.ts` opens All keys (20 accounts × 250
// keys, as figure 12) a few times under a Chromium trace and prints, per load, the first frame with a key row, each
// request's start and end, and the renderer main thread's busy time by script, from navigation on.
import { writeFileSync } from 'node:fs';
import { startGateway } from '../gateway';
import { CONTEXT, launchChromium } from './lib/browser';
import { draftFor } from './lib/drafts';
import { addAccounts, newDataDir, removeDataDir, shareSession, sleep, startApp } from './lib/keydesk';
import { benchSeed, tokenOf } from './lib/seed';
import { buildStackFloors, stackFloorOpener } from './figures/floor';

const ACCOUNTS = 20;
const RUNS = Number(process.env.RUNS ?? 3);
const PROBE = `new MutationObserver(() => {
  if (window.__first === undefined && document.querySelector('[data-testid="key-row"]'))
    requestAnimationFrame(() => { if (window.__first === undefined) { window.__first = performance.now(); performance.mark('first-rows'); } });
}).observe(document, { subtree: true, childList: true });`;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url?: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The sampled CPU profile of one thread, from the trace's Profile and ProfileChunk events. */
function profileOf(events: TraceEvent[], thread: string): CpuProfile {
  const start = events.find((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === thread);
  const id = (start as { id?: string } | undefined)?.id;
  const profile: CpuProfile = {
    nodes: [],
    startTime: Number(start?.args?.data?.startTime ?? 0),
    samples: [],
    timeDeltas: [],
  };
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || (e as { id?: string }).id !== id || e.pid !== start?.pid) continue;
    const data = e.args?.data as {
      cpuProfile?: { nodes?: CpuProfile['nodes']; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) profile.nodes.push(n);
    profile.samples.push(...(data.cpuProfile?.samples ?? []));
    profile.timeDeltas.push(...(data.timeDeltas ?? []));
  }
  return profile;
}

const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 250) });
const dataDir = newDataDir();
const app = await startApp(dataDir);
const browser = await launchChromium();
try {
  await addAccounts(
    app,
    Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, 'access_token')),
  );
  // TARGET=stack profiles the fixed stack's floor (figure 12) instead of Keydesk.
  await buildStackFloors();
  const openStack = stackFloorOpener(new URL(gw.base_url).origin, 'stack', {
    tokens: Array.from({ length: ACCOUNTS }, (_, i) => tokenOf(i + 1)),
    rowHeight: 57,
    viewportHeight: 647,
    pageSize: 100,
  });
  for (let run = -1; run < RUNS; run += 1) {
    const context = await browser.newContext(CONTEXT);
    try {
      await shareSession(context, app);
      const page = await context.newPage();
      await page.addInitScript(PROBE);
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'blink.user_timing',
          'loading',
          'toplevel',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
      if (process.env.TARGET === 'stack') await openStack(context, page);
      else await page.goto(app.pageUrl);
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
      await sleep(300);
      const buffer = await browser.stopTracing();
      if (process.env.HEAP_OUT && run >= 0) {
        // Once every list is in (as figure 12 reads the heap): a snapshot after a forced collection.
        await sleep(3_000);
        await cdp.send('HeapProfiler.collectGarbage');
        const { result: used } = (await cdp.send('Runtime.evaluate', {
          expression: 'performance.memory.usedJSHeapSize',
          returnByValue: true,
        })) as { result: { value: number } };
        const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        console.log(`heap used ${(usage.usedSize / 1048576).toFixed(2)} MB (${used.value})`);
        const chunks: string[] = [];
        cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        writeFileSync(`${process.env.HEAP_OUT}-${run}.heapsnapshot`, chunks.join(''));
      }
      if (run < 0) continue;
      if (process.env.TRACE_OUT) writeFileSync(`${process.env.TRACE_OUT}-${run}.json`, buffer);
      const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      // The page's own navigation: the last one (the first is the new tab's about:blank, in another process).
      // The origin is read off the first-rows mark (its startTime is ms since the page's time origin): a later
      // navigationStart (a router's same-document one) would hide everything before it.
      const mark = events.find((e) => e.name === 'first-rows');
      const nav = mark ?? events.filter((e) => e.name === 'navigationStart').at(-1);
      const mainKey = nav ? `${nav.pid}:${nav.tid}` : '';
      const t0 = mark ? mark.ts - Number(mark.args?.data?.startTime ?? 0) * 1000 : (nav?.ts ?? 0);
      const at = (ts: number) => Math.round((ts - t0) / 1000);
      const end = t0 + (first ?? 0) * 1000;
      console.log(`\nrun ${run}: first rows ${first === undefined ? '—' : Math.round(first)} ms`);
      // Requests: send → finish.
      const sends = new Map<string, { url: string; start: number }>();
      const lines: string[] = [];
      for (const e of events) {
        const data = e.args?.data ?? {};
        if (e.name === 'ResourceSendRequest') sends.set(String(data.requestId), { url: String(data.url), start: e.ts });
        if (e.name === 'ResourceFinish') {
          const s = sends.get(String(data.requestId));
          if (s && s.start <= end)
            lines.push(
              `  ${String(at(s.start)).padStart(5)} → ${String(at(e.ts)).padStart(5)}  ${s.url.replace(/^https?:\/\/[^/]+/, '')}`,
            );
        }
      }
      console.log(lines.join('\n'));
      // Main thread: top-level tasks' busy time until first rows, and scripts by URL.
      const busy = events
        .filter(
          (e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0 && e.ts <= end,
        )
        .reduce((sum, e) => sum + (e.dur ?? 0), 0);
      console.log(`  main thread busy ${Math.round(busy / 1000)} ms of ${Math.round((end - t0) / 1000)} ms`);
      const byKind = new Map<string, number>();
      for (const e of events) {
        if (`${e.pid}:${e.tid}` !== mainKey || e.ph !== 'X' || e.ts < t0 || e.ts > end) continue;
        const data = e.args?.data ?? {};
        const source = data.url ?? data.fileName;
        const url = (typeof source === 'string' ? source : '').replace(/^https?:\/\/[^/]+/, '');
        const key = `${e.name} ${url}`;
        if (
          [
            'EvaluateScript',
            'v8.evaluateModule',
            'v8.compileModule',
            'v8.compile',
            'FunctionCall',
            'ParseHTML',
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'MajorGC',
            'MinorGC',
            'V8.GC_MC_BACKGROUND',
            'EventDispatch',
            'TimerFire',
            'FireAnimationFrame',
            'v8.run',
            'XHRReadyStateChange',
            'ResourceReceivedData',
          ].includes(e.name)
        )
          byKind.set(key, (byKind.get(key) ?? 0) + (e.dur ?? 0));
      }
      for (const [key, dur] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${String(Math.round(dur / 1000)).padStart(5)} ms  ${key}`);
      // Main thread tasks over 8 ms, in order.
      const tasks = events
        .filter(
          (e) =>
            `${e.pid}:${e.tid}` === mainKey &&
            e.ph === 'X' &&
            e.name === 'RunTask' &&
            e.ts >= t0 &&
            e.ts <= end &&
            (e.dur ?? 0) > 8000,
        )
        .map((e) => `${at(e.ts)}+${Math.round((e.dur ?? 0) / 1000)}`);
      console.log(`  long tasks: ${tasks.join(' ')}`);
      // CPU samples from navigation to first rows: self time by script and by function.
      const profile = profileOf(events, mainKey);
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      const byUrl = new Map<string, number>();
      const byFn = new Map<string, number>();
      let ts = profile.startTime;
      for (let i = 0; i < profile.samples.length; i += 1) {
        ts += profile.timeDeltas[i] ?? 0;
        const next = ts + (profile.timeDeltas[i + 1] ?? 0);
        if (ts < t0 || ts > end) continue;
        const node = nodes.get(profile.samples[i] ?? -1);
        if (!node) continue;
        const url = (node.callFrame.url ?? '').replace(/^https?:\/\/[^/]+/, '') || node.callFrame.functionName;
        const fn = `${node.callFrame.functionName || '(anon)'} ${url}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
        byUrl.set(url, (byUrl.get(url) ?? 0) + (next - ts));
        byFn.set(fn, (byFn.get(fn) ?? 0) + (next - ts));
      }
      console.log(`  profile start ${at(profile.startTime)} ms`);
      for (const [key, dur] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 20))
        console.log(`  ${String(Math.round(dur / 1000)).padStart(5)} ms  ${key}`);
      if (process.env.FNS)
        for (const [key, dur] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.FNS)))
          console.log(`    ${String(Math.round(dur / 1000)).padStart(5)} ms  ${key}`);
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
  removeDataDir(dataDir);
  await gw.close();
}
