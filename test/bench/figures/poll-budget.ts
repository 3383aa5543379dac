// Figure 3: the polling rule under pressure. A simulated hour (fake scheduler clock) of random focus, manual, resume
// and tray triggers on top of 1-minute polling; the most requests any account got at one endpoint in any 60 s window.
import { startGateway } from '../../gateway';
import type { Trigger } from '../../../src-main/schedule/scheduler';
import { draftFor, mixedKind } from '../lib/drafts';
import { seededRandom } from '../../support/fake-clock';
import type { Figure } from '../lib/figure';
import { addAll, inProcessApp, type SentRequest } from '../lib/in-process';
import { benchSeed, keyIdOf, keyValueOf } from '../lib/seed';

const ACCOUNTS = 12;
const HOUR_MS = 3_600_000;
const WINDOW_MS = 60_000;
/** Mean gap between two random triggers. */
const MEAN_GAP_MS = 12_000;
const TRIGGERS: readonly Trigger[] = ['focus', 'manual', 'resume', 'tray'];

/** The most entries of one group inside any half-open window [t, t + WINDOW_MS). */
function maxInWindow(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= WINDOW_MS) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

export async function pollBudget(): Promise<Figure> {
  const gw = await startGateway({ seed: benchSeed(ACCOUNTS, 1) });
  const app = await inProcessApp(1_780_000_000_000, 3);
  try {
    const kinds = Array.from({ length: ACCOUNTS }, (_, i) => mixedKind(i));
    const ids = await addAll(
      app.accounts,
      kinds.map((kind, i) => draftFor(gw, i + 1, kind)),
    );
    // Who sent a request: New-Api-User for management calls, the key itself for a watched key.
    const ownerOf = new Map<string, string>();
    kinds.forEach((kind, i) => {
      const user = i + 1;
      if (kind === 'api_key') ownerOf.set(`key:${keyValueOf(user, keyIdOf(user, 0))}`, ids[i] ?? '');
      else ownerOf.set(`user:${user}`, ids[i] ?? '');
    });
    const owner = (r: SentRequest): string =>
      ownerOf.get(r.userId !== null ? `user:${r.userId}` : `key:${(r.bearer ?? '').replace(/^sk-/, '')}`) ?? 'unknown';

    const start = app.clock.now();
    app.sent.length = 0;
    const quota = app.startQuota(1);
    const random = seededRandom(20_260_101);
    const fired: Record<string, number> = {};
    let at = start;
    for (let i = 0; i < 10_000; i += 1) {
      at += Math.max(1, Math.floor(-Math.log(1 - random()) * MEAN_GAP_MS));
      if (at >= start + HOUR_MS) break;
      await app.clock.advanceTo(at);
      const trigger = TRIGGERS[Math.floor(random() * TRIGGERS.length)] ?? 'focus';
      fired[trigger] = (fired[trigger] ?? 0) + 1;
      if (trigger === 'resume') quota.monitor.resume();
      else if (trigger === 'manual' && random() < 0.5) {
        // "Refresh" on one account (account page) rather than all.
        void quota.monitor.refresh(ids[Math.floor(random() * ids.length)], 'manual');
      } else quota.monitor.trigger(trigger);
    }
    await app.clock.advanceTo(start + HOUR_MS);

    const perEndpoint = new Map<string, number[]>();
    const perAccount = new Map<string, number[]>();
    for (const r of app.sent) {
      const who = owner(r);
      const path = new URL(r.url).pathname;
      perEndpoint.set(`${who} ${path}`, [...(perEndpoint.get(`${who} ${path}`) ?? []), r.at]);
      perAccount.set(who, [...(perAccount.get(who) ?? []), r.at]);
    }
    const worstEndpoint = Math.max(...[...perEndpoint.values()].map(maxInWindow));
    const worstAccountAll = Math.max(...[...perAccount.values()].map(maxInWindow));
    const unknown = app.sent.filter((r) => owner(r) === 'unknown').length;
    const triggerCount = Object.values(fired).reduce((a, b) => a + b, 0);
    return {
      figure: '3. Poll budget',
      value: `${worstEndpoint} per account per 60 s (watched key incl. its billing call: ${worstAccountAll})`,
      ratio: worstEndpoint,
      target: '1',
      meetsTarget: worstEndpoint <= 1,
      how:
        `${ACCOUNTS} mixed accounts, refresh interval 1 min (the shortest), a simulated hour on a fake clock with ` +
        `${triggerCount} random triggers (exponential gaps, mean ${MEAN_GAP_MS / 1000} s: ${Object.entries(fired)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}); ${app.sent.length} real requests, each attributed to its account (New-Api-User or the ` +
        `key); the most any account got at one endpoint in any [t, t+60 s) window. A watched key's refresh is a ` +
        `usage + billing pair, counted as 2 in the second number.`,
      details: { fired, requests: app.sent.length, worstEndpoint, worstAccountAll, unattributed: unknown },
    };
  } finally {
    await app.close();
    await gw.close();
  }
}
