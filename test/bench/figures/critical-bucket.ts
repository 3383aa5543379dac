// Figure 11: Keydesk's use of a site's critical bucket (new-api: 20 sign-ins, refreshes, reveals and /api/usage/*
// per client IP per 20 minutes) with 5 watched keys and a password account on one host, polling for a simulated
// hour with a burst of user reveals in the middle. Keydesk's own (background) critical requests in the worst 20
// minutes ÷ its share of 6; the user's reveals are counted apart: every one is sent, none held by Keydesk.
import { isCriticalRequest } from '../../../src-main/gateway';
import { startGateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAll, inProcessApp } from '../lib/in-process';
import { benchSeed, keyIdOf } from '../lib/seed';

const START_MS = 1_780_000_000_000;
const HOUR_MS = 3_600_000;
const WINDOW_MS = 20 * 60_000;
const STEP_MS = 15_000;
const WATCHED = 5;
const REVEALS = 12;
/** What Keydesk's background work may spend of the site's 20 per window (critical-budget.ts). */
const BACKGROUND_SHARE = 6;

function maxInWindow(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= WINDOW_MS) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

export async function criticalBucket(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(WATCHED + 1, 3), clock: { now: START_MS / 1000 } });
  const app = await inProcessApp(START_MS, 11);
  try {
    const userOfPassword = WATCHED + 1;
    const ids = await addAll(app.accounts, [
      ...Array.from({ length: WATCHED }, (_, i) => draftFor(gw, i + 1, 'api_key')),
      draftFor(gw, userOfPassword, 'password'),
    ]);
    const passwordId = ids[WATCHED] ?? '';
    // Adding accounts is the user's doing; the figure is about what follows.
    app.sent.length = 0;
    const quota = app.startQuota(1);
    let revealed = 0;
    const waits: number[] = [];
    for (let t = START_MS + STEP_MS; t <= START_MS + HOUR_MS; t += STEP_MS) {
      gw.clock.set(t / 1000);
      await app.clock.advanceTo(t);
      if (t === START_MS + HOUR_MS / 2) {
        // The user reveals keys one after another, faster than the bucket allows.
        const client = await app.accounts.management(passwordId);
        for (let i = 0; i < REVEALS; i += 1) {
          const r = await client.revealKey(keyIdOf(userOfPassword, i % 3));
          if (r.ok) revealed += 1;
          else if (r.error.code === 'rate_limited' && r.error.retryAfterMs !== undefined)
            waits.push(r.error.retryAfterMs);
          else throw new Error(`reveal failed: ${r.error.code}`);
        }
      }
    }
    quota.dispose();
    const critical = app.sent.filter((r) => isCriticalRequest(r.method, r.url));
    // The user's reveals apart; everything else critical here is Keydesk's own: polls and session refreshes.
    const isReveal = (url: string) => /\/api\/token\/(?:\d+|batch)\/keys?\/?$/.test(new URL(url).pathname);
    const own = critical.filter((r) => !isReveal(r.url));
    const worst = maxInWindow(own.map((r) => r.at));
    const worstAll = maxInWindow(critical.map((r) => r.at));
    const ratio = worst / BACKGROUND_SHARE;
    const usage = critical.filter((r) => r.url.includes('/api/usage/')).length;
    return {
      figure: '11. Keydesk’s own critical requests per host ÷ its share',
      value:
        `${ratio.toFixed(1)} (${worst} of Keydesk's own in the worst 20 min; the user's ${revealed} of ${REVEALS} ` +
        `reveals sent, ${waits.length} held)`,
      ratio,
      target: '≤ 1',
      meetsTarget: ratio <= 1 && revealed === REVEALS,
      how:
        `${WATCHED} watched keys + 1 password account on one host, refresh interval 1 min, a simulated hour on a fake ` +
        `clock, ${REVEALS} reveals in a row at 30 min; Keydesk's own critical requests (polls of /api/usage/*, ` +
        `session refreshes) as sent, the most in any 20-minute window ÷ its share of ${BACKGROUND_SHARE}. The user's ` +
        `reveals are apart: ${revealed} sent, ${waits.length} held back. ${usage} key-usage polls; ${worstAll} ` +
        `critical requests of both in the worst window (the site allows 20).`,
      details: { worst, worstAll, usagePolls: usage, revealed, held: waits.length, critical: critical.length },
    };
  } finally {
    await app.close();
    await gw.close();
  }
}
