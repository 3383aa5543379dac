// All keys reads each account's whole list a page at a time (keys:listChunk), so rows show as each page lands. On
// every era the emulator models, the pages read that way are exactly listAll's keys in listAll's order, with one
// gateway request a page, and the listing ends where that era's pages end: a total (new-api), a short page, or an
// empty one (bare arrays that ignore the size asked, as one-api's 10 a page). A cursor main could not have handed out
// is refused before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyListChunk, KeyListCursor } from '../../../src-shared/contract';
import type { Gateway } from '../../gateway/index';
import type { ProfileName } from '../../gateway/profiles';
import { admin, failure, keyValue, readLog, value } from '../gateway/setup';
import { ERAS, credentials, eraApp, eraSeed, expectNoTokenMinting, startEra, type EraApp } from './setup';

const KEYS = 235;

function manyKeysSeed(profile: ProfileName) {
  const seed = eraSeed(profile);
  const [alice, ...others] = seed.users ?? [];
  if (alice === undefined) throw new Error('the era seed has no alice');
  const keys = Array.from({ length: KEYS }, (_, i) => ({
    id: 101 + i,
    key: keyValue(101 + i),
    name: `bulk-${String(i)}`,
  }));
  return { ...seed, users: [{ ...alice, keys }, ...others] };
}

describe.each(ERAS)('a whole key list read page by page on %s', (profile: ProfileName) => {
  let gw: Gateway;
  let app: EraApp;
  let alice: string;

  beforeAll(async () => {
    gw = await startEra(profile, manyKeysSeed(profile));
    app = await eraApp(gw);
    alice = await app.add('alice', credentials.accessToken(1));
  });
  afterAll(async () => {
    await expectNoTokenMinting(gw);
    await app.close();
    await gw.close();
  });

  it('reads listAll’s keys, in its order, one request a page, ending where the era’s pages end', async () => {
    const all = value(await app.call('keys:listAll', { accountId: alice }));
    expect(all).toHaveLength(KEYS);
    await admin(gw, 'DELETE', '/log');

    const chunks: KeyListChunk[] = [];
    let from: KeyListCursor | null = null;
    do {
      const chunk: KeyListChunk = value(await app.call('keys:listChunk', { accountId: alice, from }));
      chunks.push(chunk);
      from = chunk.next;
    } while (from !== null && chunks.length <= 50);

    expect(chunks.flatMap((c) => c.items.map((k) => k.id))).toEqual(all.map((k) => k.id));
    const lengths = chunks.map((c) => c.items.length);
    // one-api sends 10 a page whatever the size asked; the others honour 100.
    expect(lengths).toEqual(profile === 'one-api' ? [...Array<number>(23).fill(10), 5] : [100, 100, 35]);
    const listings = (await readLog(gw)).filter((e) => e.method === 'GET' && e.path === '/api/token/');
    expect(listings).toHaveLength(chunks.length);
    for (const c of chunks) expect(JSON.stringify(c)).not.toContain(keyValue(101));
  });

  it('refuses a cursor main could not have made, before asking the gateway', async () => {
    await admin(gw, 'DELETE', '/log');
    const bad: unknown[] = [
      { page: 1, seen: 1, pageLength: 1, firstId: 1 },
      { page: 51, seen: 5000, pageLength: 100, firstId: 1 },
      { page: 2, seen: 0, pageLength: 100, firstId: 1 },
      { page: 2, seen: 100, pageLength: 0, firstId: 1 },
      { page: 2, seen: 100, pageLength: 100, firstId: 1, size: 1000 },
      { page: 2.5, seen: 100, pageLength: 100, firstId: 1 },
      { page: 2, seen: 100, pageLength: 100 },
      { page: 2, seen: 100, pageLength: 100, firstId: 0 },
    ];
    for (const from of bad) {
      expect(failure(await app.call('keys:listChunk', { accountId: alice, from } as never)).code).toBe('validation');
    }
    expect((await readLog(gw)).filter((e) => e.path === '/api/token/')).toHaveLength(0);
  });
});
