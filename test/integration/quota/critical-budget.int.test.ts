// Five watched keys and a password account on one emulator, polled by the real accounts service and quota monitor on
// a simulated clock: Keydesk's own critical requests (as the emulator logged them: polls and session refreshes) stay
// within its share of 6 per 20 minutes, every key is still polled, and the user's reveals get through in the middle
// of it; past the site's own 20, the user waits for the site's Retry-After and nothing more is sent.
import { afterEach, describe, expect, it } from 'vitest';
import { isCriticalRequest } from '../../../src-main/gateway';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { draftFor } from '../../bench/lib/drafts';
import { addAll, inProcessApp, type InProcessApp } from '../../bench/lib/in-process';
import { benchSeed, keyIdOf, keyValueOf } from '../../bench/lib/seed';

const START_MS = 1_780_000_000_000;
const MINUTE = 60_000;
const WINDOW_S = 20 * 60;
const WATCHED = 5;

const maxInWindow = (seconds: readonly number[]): number => {
  const sorted = [...seconds].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= WINDOW_S) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
};

let gw: Gateway | null = null;
let app: InProcessApp | null = null;

afterEach(async () => {
  await app?.close();
  await gw?.close();
  app = null;
  gw = null;
});

describe('critical budget with five watched keys on one host', () => {
  it('polls every key within the budget and keeps room for the user', { timeout: 60_000 }, async () => {
    gw = await startEmulator({ seed: benchSeed(WATCHED + 1, 2), now: START_MS / 1000 });
    app = await inProcessApp(START_MS, 5);
    const ids = await addAll(app.accounts, [
      ...Array.from({ length: WATCHED }, (_, i) => draftFor(gw as Gateway, i + 1, 'api_key')),
      draftFor(gw, WATCHED + 1, 'password'),
    ]);
    const since = gw.log.list().at(-1)?.seq ?? 0;
    const quota = app.startQuota(1);
    const reveals: { ok: boolean; code?: string; waitMs?: number }[] = [];
    for (let t = START_MS + MINUTE; t <= START_MS + 120 * MINUTE; t += MINUTE) {
      gw.clock.set(t / 1000);
      await app.clock.advanceTo(t);
      // The window gets focus every few minutes: triggers never buy polling more than its share.
      if ((t - START_MS) % (3 * MINUTE) === 0) quota.monitor.trigger('focus');
      if (t === START_MS + 60 * MINUTE) {
        const client = await app.accounts.management(ids[WATCHED] ?? '');
        for (let i = 0; i < 4; i += 1) {
          const r = await client.revealKey(keyIdOf(WATCHED + 1, i % 2));
          reveals.push(r.ok ? { ok: true } : { ok: false, code: r.error.code, waitMs: r.error.retryAfterMs ?? -1 });
        }
      }
    }
    const logged = gw.log.list(since);
    const critical = logged.filter((e) => isCriticalRequest(e.method, `http://x${e.path}`));
    const polls = critical.filter((e) => e.path.startsWith('/api/usage/'));
    const own = critical.filter((e) => !e.path.endsWith('/key'));
    expect(maxInWindow(own.map((e) => e.time))).toBeLessThanOrEqual(6);
    expect(maxInWindow(polls.map((e) => e.time))).toBeLessThanOrEqual(6);
    // Nobody else uses this emulator: the site never had to say 429.
    expect(critical.filter((e) => e.status === 429)).toEqual([]);
    // The user's four reveals went through in spite of two hours of polling.
    expect(reveals).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }]);
    // And the keys were still polled, about every 25 minutes rather than every minute (adding them spent the first
    // window, so the first round waits for it).
    expect(polls.length).toBeGreaterThanOrEqual(WATCHED * 4);
    expect(polls.length).toBeLessThanOrEqual(WATCHED * 5);
    for (const id of ids.slice(0, WATCHED)) {
      const view = quota.monitor.view(id);
      expect(view.remainingUnits).not.toBeNull();
      expect(view.isStale).toBe(false);
    }
  });

  it('adding a watched key reads its balance once: shown at once, polled again an interval later', async () => {
    gw = await startEmulator({ seed: benchSeed(WATCHED, 2), now: START_MS / 1000 });
    app = await inProcessApp(START_MS, 7);
    // Started first, as in the app: the monitor is running when the user adds keys.
    const quota = app.startQuota(5);
    const ids = await addAll(
      app.accounts,
      Array.from({ length: WATCHED }, (_, i) => draftFor(gw as Gateway, i + 1, 'api_key')),
    );
    const usageReads = () => (gw as Gateway).log.list().filter((e) => e.path.startsWith('/api/usage/'));
    // One read per key, by its verification; each key's balance (the seed's 1,000,000 units) is on screen, fresh.
    expect(usageReads()).toHaveLength(WATCHED);
    for (const id of ids) {
      expect(quota.monitor.view(id)).toMatchObject({ remainingUnits: 1_000_000, usedUnits: 0, isStale: false });
    }
    await app.clock.advanceTo(START_MS + 4 * MINUTE);
    expect(usageReads()).toHaveLength(WATCHED);
    // Later polls still come, within the budget, and still find the key.
    await app.clock.advanceTo(START_MS + 60 * MINUTE);
    expect(usageReads().length - WATCHED).toBeGreaterThanOrEqual(WATCHED);
    expect(usageReads().filter((e) => e.status !== 200)).toEqual([]);
    for (const id of ids) expect(quota.monitor.view(id).remainingUnits).toBe(1_000_000);
  });

  it('a watched key given a new key shows the new key’s balance at once, not the old one’s', async () => {
    gw = await startEmulator({ seed: benchSeed(1, 2), now: START_MS / 1000 });
    app = await inProcessApp(START_MS, 8);
    const quota = app.startQuota(5);
    const [id = ''] = await addAll(app.accounts, [draftFor(gw, 1, 'api_key')]);
    expect(quota.monitor.view(id)).toMatchObject({ remainingUnits: 1_000_000, usedUnits: 0 });
    // The seed's second key: 1,000,001 left, 10 used.
    const replaced = await app.accounts.setCredential(id, {
      kind: 'api_key',
      apiKey: `sk-${keyValueOf(1, keyIdOf(1, 1))}`,
    });
    expect(replaced.ok).toBe(true);
    expect(quota.monitor.view(id)).toMatchObject({
      remainingUnits: 1_000_001,
      usedUnits: 10,
      isStale: false,
      error: null,
    });
    // Read once each, by the checks: nothing else was needed to show them.
    expect(gw.log.list().filter((e) => e.path.startsWith('/api/usage/'))).toHaveLength(2);
  });

  it(
    'the user’s reveals all reach the site; its 429 is answered with its wait, and the next is not sent',
    {
      timeout: 60_000,
    },
    async () => {
      // Current new-api with its limits on: 20 critical requests per address per 20 minutes.
      gw = await startEmulator({ seed: benchSeed(1, 2), now: START_MS / 1000, profile: 'new-api' });
      app = await inProcessApp(START_MS, 6);
      const [id] = await addAll(app.accounts, [draftFor(gw, 1, 'password')]);
      const client = await app.accounts.management(id ?? '');
      const since = gw.log.list().at(-1)?.seq ?? 0;
      const outcomes = [];
      for (let i = 0; i < 22; i += 1) outcomes.push(await client.revealKey(keyIdOf(1, i % 2)));
      // The sign-in spent one of the site's 20; Keydesk held none of the user's back before the site said no.
      expect(outcomes.filter((r) => r.ok)).toHaveLength(19);
      const [refused, ...held] = outcomes.flatMap((r) => (r.ok ? [] : [r.error]));
      expect(refused).toMatchObject({ code: 'rate_limited', reason: 'rate.site_critical' });
      expect(refused?.isLocalLimit).toBeUndefined();
      expect(refused?.retryAfterMs).toBeGreaterThan(15 * MINUTE);
      // After the site's 429, nothing goes before its Retry-After: answered with the same wait, not sent.
      expect(held).toHaveLength(2);
      for (const error of held) {
        expect(error).toMatchObject({ code: 'rate_limited', isLocalLimit: true, reason: 'rate.site_critical' });
        expect(error.retryAfterMs).toBeGreaterThan(15 * MINUTE);
      }
      const reveals = gw.log.list(since).filter((e) => e.path.endsWith('/key'));
      expect(reveals).toHaveLength(20);
      expect(reveals.filter((e) => e.status === 429)).toHaveLength(1);
    },
  );
});
