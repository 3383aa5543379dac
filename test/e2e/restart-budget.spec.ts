// Keydesk restarted on one new-api site in the middle of the user's reveals: a reveal spends the site's shared
// critical bucket (20 per 20 minutes per address, with sign-ins and key-usage reads), of which Keydesk takes at most
// 10 so the user's browser keeps the rest. The count survives a restart (rate-budget.json): six reveals, a restart
// and six more send ten, and the last two answer with Keydesk's own wait instead of spending the browser's half.
import { expect, test } from '@playwright/test';
import { isCriticalRequest } from '../../src-main/gateway';
import { startGateway, type Gateway } from '../gateway/index';
import { draftFor } from '../bench/lib/drafts';
import { addAccounts, newDataDir, removeDataDir, startApp, type BenchApp } from '../bench/lib/keydesk';
import { benchSeed, keyIdOf } from '../bench/lib/seed';

const KEYS_EACH = 6;

let gw: Gateway;
let dataDir: string;
let app: BenchApp | null = null;

test.beforeEach(async () => {
  gw = await startGateway({ seed: benchSeed(2, KEYS_EACH), profile: 'new-api' });
  dataDir = newDataDir();
});
test.afterEach(async () => {
  await app?.stop();
  app = null;
  await gw.close();
  removeDataDir(dataDir);
});

interface Outcome {
  readonly ok: boolean;
  readonly error?: { readonly code: string; readonly isLocalLimit?: boolean; readonly retryAfterMs?: number };
}

/** keys:reveal over the bridge, answered as the renderer sees it (ok, or the error it would show). */
async function reveal(running: BenchApp, accountId: string, id: number): Promise<Outcome> {
  const res = await fetch(`${running.process.origin}/bridge/invoke/${encodeURIComponent('keys:reveal')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: running.cookie, origin: running.process.origin },
    body: JSON.stringify({ args: { accountId, id } }),
  });
  const { ok, error } = (await res.json()) as Outcome;
  return { ok, ...(error ? { error } : {}) };
}

test('a restart does not hand Keydesk a fresh share of the site’s critical bucket', async () => {
  test.setTimeout(90_000);
  const outcomes: Outcome[] = [];
  // Two accounts of the same site, one per run: without the OS keyring (as here) a restart forgets the first one's
  // token, and the budget is the site's (per host), not the account's.
  for (const user of [1, 2]) {
    await app?.stop();
    app = await startApp(dataDir);
    const [accountId = ''] = await addAccounts(app, [draftFor(gw, user, 'access_token')]);
    for (let i = 0; i < KEYS_EACH; i += 1) outcomes.push(await reveal(app, accountId, keyIdOf(user, i)));
  }
  const critical = gw.log.list().filter((e) => isCriticalRequest(e.method, `http://site${e.path}`));
  expect(critical).toHaveLength(10);
  expect(critical.filter((e) => e.status !== 200)).toEqual([]);
  expect(outcomes.slice(0, 10).every((o) => o.ok)).toBe(true);
  // The two past Keydesk's share wait for the window (about 20 minutes), said as Keydesk's own limit.
  for (const held of outcomes.slice(10)) {
    expect(held.ok).toBe(false);
    expect(held.error).toMatchObject({ code: 'rate_limited', isLocalLimit: true });
    expect(held.error?.retryAfterMs).toBeGreaterThan(15 * 60_000);
  }
});
