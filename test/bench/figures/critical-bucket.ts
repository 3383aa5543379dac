// Figure 11: Keydesk's use of a site's critical bucket (new-api: 20 sign-ins, refreshes, reveals and /api/usage/*
// per client IP per 20 minutes) with 5 watched keys and a password account on one host, polling for a simulated
// hour with a burst of user reveals in the middle. The most critical requests in any 20 minutes ÷ Keydesk's 10.
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
const KEYDESK_SHARE = 10;

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
    const worst = maxInWindow(critical.map((r) => r.at));
    const ratio = worst / KEYDESK_SHARE;
    const usage = critical.filter((r) => r.url.includes('/api/usage/')).length;
    return {
      figure: '11. Critical bucket per host',
      value: `${ratio.toFixed(1)} (${worst} critical requests in the worst 20 min)`,
      ratio,
      target: '≤ 1',
      meetsTarget: ratio <= 1,
      how:
        `${WATCHED} watched keys + 1 password account on one host, refresh interval 1 min, a simulated hour on a fake ` +
        `clock, ${REVEALS} reveals in a row at 30 min; critical requests (login, refresh, reveal, /api/usage/*) as ` +
        `sent, the most in any 20-minute window ÷ Keydesk's share of 10. ${usage} key-usage polls, ${revealed} ` +
        `reveals sent, ${waits.length} answered with a wait the UI counts down (longest ${Math.ceil(
          Math.max(0, ...waits) / 1000,
        )} s).`,
      details: { worst, usagePolls: usage, revealed, held: waits.length, critical: critical.length },
    };
  } finally {
    await app.close();
    await gw.close();
  }
}
