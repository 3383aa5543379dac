// Paired A/B of All keys' first rows for two (or more) builds: `AB_ROOTS=/path/a,/path/b npx tsx
// test/bench/ab-first-rows.ts` starts each checkout's built serve.js on its own data dir, adds the same 20
// access-token accounts of one emulator (250 keys each), and opens All keys in Chromium in turn, RUNS times each
// (default 10) after one unmeasured round. A change worth keeping moves the median by more than two builds of the
// same code differ (name one root twice to see that: about ±30 ms on two shared cores).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startGateway, type Gateway } from '../gateway';
import { launchCodeOf, openBridgeSession } from '../support/bridge-session';
import { CONTEXT, launchChromium } from './lib/browser';
import { draftFor } from './lib/drafts';
import { benchSeed } from './lib/seed';
import { median } from './lib/stats';

const ACCOUNTS = 20;
const RUNS = Number(process.env.RUNS ?? 10);
/** The first frame painted with a key row, as figure 12 reads it (installed before any page script). */
const PROBE = `new MutationObserver(() => {
  if (window.__first === undefined && document.querySelector('[data-testid="key-row"]'))
    requestAnimationFrame(() => { window.__first ??= performance.now(); });
}).observe(document, { subtree: true, childList: true });`;

interface Build {
  readonly root: string;
  readonly child: ChildProcess;
  readonly dataDir: string;
  readonly origin: string;
  readonly cookie: string;
}

async function startBuild(root: string, gw: Gateway): Promise<Build> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keydesk-ab-'));
  const child = spawn(process.execPath, [join(root, 'out', 'main', 'serve.js')], {
    env: { ...process.env, KEYDESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((done, fail) => {
    lines.on('line', (line) => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#code=[0-9a-f]{64})/.exec(line);
      if (match?.[1]) done(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`${root}: serve.js exited with ${code} (built?)`)));
  });
  const origin = new URL(url).origin;
  const cookie = await openBridgeSession(origin, launchCodeOf(url));
  for (let i = 0; i < ACCOUNTS; i += 1) {
    const res = await fetch(`${origin}/bridge/invoke/${encodeURIComponent('accounts:add')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ args: draftFor(gw, i + 1, 'access_token') }),
    });
    if (!((await res.json()) as { ok: boolean }).ok) throw new Error(`${root}: adding account ${i + 1} failed`);
  }
  return { root, child, dataDir, origin, cookie };
}

const roots = (process.env.AB_ROOTS ?? '')
  .split(',')
  .filter(Boolean)
  .map((root) => resolve(root));
if (roots.length < 2) throw new Error('AB_ROOTS=<checkout>,<checkout>[,…]: each built with npx electron-vite build');
const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 250) });
const builds: Build[] = [];
const browser = await launchChromium();
try {
  for (const root of roots) builds.push(await startBuild(root, gw));
  const firstRows: number[][] = builds.map(() => []);
  for (let run = -1; run < RUNS; run += 1) {
    for (const [i, build] of builds.entries()) {
      const context = await browser.newContext(CONTEXT);
      try {
        const [name = '', value = ''] = build.cookie.split(/=(.*)/s);
        await context.addCookies([{ name, value, url: build.origin, httpOnly: true, sameSite: 'Strict' }]);
        const page = await context.newPage();
        await page.addInitScript(PROBE);
        await page.goto(`${build.origin}/#/keys`);
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
          if (first === undefined) await new Promise((done) => setTimeout(done, 50));
        }
        if (first === undefined) throw new Error(`${build.root}: no key row within 20 s`);
        if (run >= 0) firstRows[i]?.push(Math.round(first));
        await new Promise((done) => setTimeout(done, 1_500));
      } finally {
        await context.close();
      }
    }
  }
  for (const [i, build] of builds.entries()) {
    const runs = firstRows[i] ?? [];
    console.log(`${build.root}: first rows median ${median(runs)} ms (${runs.join(', ')})`);
  }
} finally {
  await browser.close();
  for (const build of builds) {
    const exited = once(build.child, 'exit');
    build.child.kill('SIGTERM');
    await exited;
    rmSync(build.dataDir, { recursive: true, force: true });
  }
  await gw.close();
}
