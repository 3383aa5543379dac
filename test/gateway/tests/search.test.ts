// Spec 4.4 and 8: exact and fuzzy search on name and key, wildcard rules, the fuzzy cap, paging, failures.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call --
   JSON replies are `any` on purpose: the assertions below check their shape. */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Gateway } from '../index';
import { ALICE, bind, startTestGateway } from './helpers';

let gw: Gateway;
let h: ReturnType<typeof bind>;
beforeAll(async () => {
  gw = await startTestGateway();
  h = bind(gw);
});
afterAll(() => gw.close());
beforeEach(() => h.reset());

/** `query` is already URL-encoded, so tests can send bad encodings on purpose. */
const search = (query: string) => h.base(`/api/token/search?${query}`, { token: ALICE });
const names = (r: Awaited<ReturnType<typeof search>>) => (r.body.data.items as { name: string }[]).map((k) => k.name);
const k = (s: string) => `keyword=${encodeURIComponent(s)}`;

describe('keyword', () => {
  it('matches exactly without %', async () => {
    const r = await search(k('shared-name'));
    expect(r.body.success).toBe(true);
    expect(r.body.data.items.map((i: { id: number }) => i.id)).toEqual([12, 11]);
    expect(r.body.data.items[0].key).toMatch(/\*{10}/);
    expect(names(await search(k('shared')))).toEqual([]);
    expect(names(await search(k('bulk-00')))).toEqual([]);
  });

  it('matches fuzzily with one or two %', async () => {
    expect(names(await search(k('bulk-15%')))).toEqual([
      'bulk-159',
      'bulk-158',
      'bulk-157',
      'bulk-156',
      'bulk-155',
      'bulk-154',
      'bulk-153',
      'bulk-152',
      'bulk-151',
      'bulk-150',
    ]);
    expect(names(await search(`${k('%-key')}&size=50`))).toEqual([
      'vip-key',
      'exhausted-key',
      'expired-key',
      'disabled-key',
    ]);
    expect(names(await search(k('%limit%')))).toEqual(['ip-limited', 'model-limited', 'unlimited-overdrawn']);
    expect(names(await search(k('%_key')))).toEqual([]); // `_` is literal, not a wildcard
  });

  it('pages search results', async () => {
    const r = await search(`${k('bulk-%')}&p=4&size=50`);
    expect(r.body.data).toMatchObject({ page: 4, page_size: 50, total: 160 });
    expect(names(r)).toHaveLength(10);
    expect((await search(k('bulk-%'))).body.data.page_size).toBe(10);
  });

  it('fails with "token search failed" on bad patterns, control characters and bad encoding', async () => {
    for (const query of [
      k('%a%b%'),
      k('a%'),
      k('%%'),
      k('%'),
      'keyword=%E0%A4%A',
      'keyword=ab%',
      k('a\u0001b'),
      'keyword=%FF%FE',
    ]) {
      const r = await search(query);
      expect(r.status).toBe(200);
      expect(r.body.success, query).toBe(false);
      expect(r.body.message).toMatch(/^token search failed/);
    }
  });

  it('allows only exact matching above the fuzzy cap', async () => {
    await h.admin('/settings', { method: 'PATCH', body: { fuzzy_search_key_cap: 171 } });
    const fuzzy = await search(k('bulk-1%'));
    expect(fuzzy.body.success).toBe(false);
    expect(fuzzy.body.message).toMatch(/^token search failed.*171/);
    expect(names(await search(k('bulk-001')))).toEqual(['bulk-001']);
    await h.admin('/settings', { method: 'PATCH', body: { fuzzy_search_key_cap: 172 } });
    expect((await search(k('bulk-1%'))).body.data.total).toBe(61);
  });
});

describe('token', () => {
  it('matches the key value exactly, with or without sk-, and fuzzily', async () => {
    const full = h.keyOf(7);
    expect(names(await search(`token=${full}`))).toEqual(['ip-limited']);
    expect(names(await search(`token=sk-${full}`))).toEqual(['ip-limited']);
    expect(names(await search(`token=${full.slice(0, 20)}`))).toEqual([]);
    const fuzzy = await search(`token=${encodeURIComponent(`${full.slice(0, 20)}%`)}`);
    expect(names(fuzzy)).toEqual(['ip-limited']);
    // Both parameters must match.
    expect(names(await search(`token=${full}&${k('primary')}`))).toEqual([]);
    expect((await search('token=%25x')).body.message).toMatch(/^token search failed/);
  });
});

describe('wildcard rule (property)', () => {
  it('accepts exactly the keywords with at most two % and at least two other characters', async () => {
    const alphabet = fc.constantFrom('%', 'a', 'b', '-', '1', '中');
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 6 }), async (chars) => {
        const keyword = chars.join('');
        const wildcards = chars.filter((c) => c === '%').length;
        const others = chars.length - wildcards;
        const r = await search(k(keyword));
        const isValid = wildcards === 0 || (wildcards <= 2 && others >= 2);
        expect(r.body.success).toBe(isValid);
      }),
      { numRuns: 60 },
    );
  });
});
