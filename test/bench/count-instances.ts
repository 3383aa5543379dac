// Which Vue component instances the first screen holds: `npx tsx test/bench/count-instances.ts` opens All keys (20
// accounts × 250 keys, as figure 12) once and prints, at the first frame with a key row, the live instances by name.
import { startGateway } from '../gateway';
import { CONTEXT, launchChromium } from './lib/browser';
import { draftFor } from './lib/drafts';
import { addAccounts, newDataDir, removeDataDir, shareSession, sleep, startApp } from './lib/keydesk';
import { benchSeed } from './lib/seed';

const ACCOUNTS = 20;
/** Walks the mounted tree from the app's root instance at the first frame with a key row (installed before the app). */
const PROBE = `new MutationObserver((_, observer) => {
  if (window.__counts !== undefined || !document.querySelector('[data-testid="key-row"]')) return;
  observer.disconnect();
  const counts = {};
  const visit = (vnode) => {
    if (!vnode) return;
    const inst = vnode.component;
    if (inst) {
      const name = inst.type.name ?? inst.type.__name ?? '(anonymous)';
      counts[name] = (counts[name] ?? 0) + 1;
      visit(inst.subTree);
    }
    if (Array.isArray(vnode.children)) vnode.children.forEach((c) => typeof c === 'object' && visit(c));
    if (vnode.suspense) visit(vnode.suspense.activeBranch);
  };
  // The container's _vnode is set in production builds too (app._instance only with devtools on).
  visit(document.querySelector('#app')?._vnode);
  window.__counts = counts;
}).observe(document, { subtree: true, childList: true });`;

const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 250) });
const dataDir = newDataDir();
const app = await startApp(dataDir, { root: process.env.ROOT });
const browser = await launchChromium();
try {
  await addAccounts(
    app,
    Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw, i + 1, 'access_token')),
  );
  const context = await browser.newContext(CONTEXT);
  await shareSession(context, app);
  const page = await context.newPage();
  await page.addInitScript(PROBE);
  await page.goto(app.pageUrl);
  let counts: Record<string, number> | undefined;
  for (let i = 0; i < 600 && counts === undefined; i += 1) {
    counts = await page.evaluate(() => (window as unknown as { __counts?: Record<string, number> }).__counts);
    if (counts === undefined) await sleep(50);
  }
  if (counts === undefined) throw new Error('no key row within 30 s');
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  console.log(`instances at first rows: ${rows.reduce((s, [, n]) => s + n, 0)}`);
  for (const [name, n] of rows) console.log(`${String(n).padStart(5)}  ${name}`);
} finally {
  await browser.close();
  await app.stop();
  removeDataDir(dataDir);
  await gw.close();
}
