// Twelve accounts on one current new-api site, searched the way All keys searches them (once per account): the site
// lets a client search 10 times a minute, so Keydesk sends at most 8 a minute to that host and answers the rest at
// once with the wait, instead of drawing 429s and retrying into them. A 429 the site says anyway (the user's browser
// spent the bucket) is not retried, and holds the next searches back for as long as it asked.
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../src-shared/contract';
import { isSearchRequest } from '../../../src-main/gateway';
import type { Gateway } from '../../gateway/index';
import { startEmulator } from '../../support/emulator';
import { draftFor } from '../../bench/lib/drafts';
import { addAll, inProcessApp, type InProcessApp } from '../../bench/lib/in-process';
import { benchSeed, tokenOf } from '../../bench/lib/seed';

const START_MS = 1_780_000_000_000;
const ACCOUNTS = 12;

let gw: Gateway | null = null;
let app: InProcessApp | null = null;

afterEach(async () => {
  await app?.close();
  await gw?.close();
  app = null;
  gw = null;
});

const searchesLogged = (g: Gateway, since: number) =>
  g.log.list(since).filter((e) => isSearchRequest(e.method, `http://x${e.path}`));

async function searchAll(a: InProcessApp, ids: readonly string[]): Promise<Result<unknown>[]> {
  return Promise.all(
    ids.map(async (id) => (await a.accounts.management(id)).searchKeys({ keyword: 'key-0001' }, { page: 1 })),
  );
}

describe('key searches against one site', () => {
  it('sends at most 8 a minute to a host and answers the rest with the wait', { timeout: 60_000 }, async () => {
    gw = await startEmulator({ profile: 'new-api', seed: benchSeed(ACCOUNTS, 3), now: START_MS / 1000 });
    app = await inProcessApp(START_MS, 7);
    const ids = await addAll(
      app.accounts,
      Array.from({ length: ACCOUNTS }, (_, i) => draftFor(gw as Gateway, i + 1, 'access_token')),
    );
    const since = gw.log.list().at(-1)?.seq ?? 0;

    const first = await searchAll(app, ids);
    expect(first.filter((r) => r.ok)).toHaveLength(8);
    const held = first.flatMap((r) => (r.ok ? [] : [r.error]));
    expect(held).toHaveLength(ACCOUNTS - 8);
    for (const error of held) {
      expect(error).toMatchObject({ code: 'rate_limited', isLocalLimit: true, reason: 'rate.search_budget' });
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    const sent = searchesLogged(gw, since);
    expect(sent).toHaveLength(8);
    expect(sent.filter((e) => e.status === 429)).toEqual([]);

    // A minute later the window is free again.
    const later = START_MS + 61_000;
    gw.clock.set(later / 1000);
    await app.clock.advanceTo(later);
    const again = await searchAll(app, ids.slice(0, 3));
    expect(again.map((r) => r.ok)).toEqual([true, true, true]);
    expect(searchesLogged(gw, since)).toHaveLength(11);
  });

  it('does not retry a 429 the site says, and waits as long as it asked', { timeout: 60_000 }, async () => {
    gw = await startEmulator({ profile: 'new-api', seed: benchSeed(1, 3), now: START_MS / 1000 });
    app = await inProcessApp(START_MS, 8);
    const [id] = await addAll(app.accounts, [draftFor(gw, 1, 'access_token')]);
    // The user's browser, from the same address, spends the site's ten searches of this minute.
    for (let i = 0; i < 10; i += 1) {
      const res = await fetch(`${gw.base_url}/api/token/search?keyword=key-0002`, {
        headers: { Authorization: `Bearer ${tokenOf(1)}`, 'New-Api-User': '1' },
      });
      expect(res.status).toBe(200);
    }
    const since = gw.log.list().at(-1)?.seq ?? 0;
    const [refused] = await searchAll(app, [id ?? '']);
    expect(refused?.ok).toBe(false);
    if (refused?.ok !== false) return;
    expect(refused.error.code).toBe('rate_limited');
    expect(refused.error.retryAfterMs).toBeGreaterThan(0);
    // One request, answered 429, and no second try into the same wall.
    expect(searchesLogged(gw, since).map((e) => e.status)).toEqual([429]);

    // The next search within the wait does not reach the site at all.
    const [held] = await searchAll(app, [id ?? '']);
    expect(held).toMatchObject({ ok: false, error: { code: 'rate_limited', isLocalLimit: true } });
    expect(searchesLogged(gw, since)).toHaveLength(1);
  });
});
