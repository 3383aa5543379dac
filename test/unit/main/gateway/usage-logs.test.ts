// Reading one key's usage logs page by page, as each era answers: the first request is p=0 everywhere, and the
// answer's shape decides how the next page is counted and when the reading stops.
import { describe, expect, it } from 'vitest';
import { readUsageLogs, type UsageLogPage, type UsageLogRow } from '../../../../src-main/gateway/usage-logs';
import { modelUsage } from '../../../../src-main/features/keys/model-usage';

const row = (i: number, extra: Partial<UsageLogRow> = {}): UsageLogRow => ({
  created_at: 1_800_000_000 - i,
  type: 2,
  token_name: 'main',
  model_name: i % 2 === 0 ? 'gpt-4o' : 'gpt-4o-mini',
  quota: 100 + i,
  prompt_tokens: 10,
  completion_tokens: 5,
  ...extra,
});
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => row(from + i));
const QUERY = { tokenName: 'main', since: 1_799_900_000, until: 1_800_000_000, maxPages: 10, maxRows: 500 };

/** A fake server: answers by `p`, and records what was asked. */
function server(answer: (p: number) => UsageLogPage) {
  const asked: Record<string, string | number>[] = [];
  return {
    asked,
    fetch: (q: Readonly<Record<string, string | number>>) => {
      asked.push({ ...q });
      return Promise.resolve(answer(Number(q.p)));
    },
  };
}

describe('readUsageLogs', () => {
  it('one-api: bare arrays of 10 from p=0, until a short page', async () => {
    const all = rows(0, 23);
    const s = server((p) => all.slice(p * 10, p * 10 + 10));
    const read = await readUsageLogs(QUERY, s.fetch);
    expect(s.asked.map((q) => q.p)).toEqual([0, 1, 2]);
    expect(read.rows).toHaveLength(23);
    expect(read).toMatchObject({ total: null, isTruncated: false });
    expect(s.asked[0]).toMatchObject({
      type: 2,
      token_name: 'main',
      page_size: 100,
      start_timestamp: QUERY.since,
      end_timestamp: QUERY.until,
    });
  });

  it('one-api: a last full page of 10 is confirmed by an empty one; the page cap says truncated', async () => {
    const s = server((p) => (p < 2 ? rows(p * 10, 10) : []));
    expect((await readUsageLogs(QUERY, s.fetch)).isTruncated).toBe(false);
    expect(s.asked.map((q) => q.p)).toEqual([0, 1, 2]);
    const busy = server((p) => rows(p * 10, 10));
    const read = await readUsageLogs(QUERY, busy.fetch);
    expect(busy.asked).toHaveLength(10);
    expect(read).toMatchObject({ isTruncated: true });
    expect(read.rows).toHaveLength(100);
  });

  it('new-api: a paged object read p=0 as page 1, so the next is p=2, until the total', async () => {
    const all = rows(0, 230);
    // 1-based: p < 1 is page 1.
    const s = server((p) => {
      const page = Math.max(1, p);
      return { total: 230, page_size: 100, items: all.slice((page - 1) * 100, page * 100) };
    });
    const read = await readUsageLogs(QUERY, s.fetch);
    expect(s.asked.map((q) => q.p)).toEqual([0, 2, 3]);
    expect(read.rows).toHaveLength(230);
    expect(new Set(read.rows.map((r) => r.created_at)).size).toBe(230); // no page read twice
    expect(read).toMatchObject({ total: 230, isTruncated: false });
  });

  it('a server that ignores p: each call counted once, the reading ends and says calls may be left out', async () => {
    const first = rows(0, 10);
    const bare = server(() => first);
    const read = await readUsageLogs(QUERY, bare.fetch);
    expect(bare.asked.map((q) => q.p)).toEqual([0, 1]);
    expect(read).toMatchObject({ total: null, isTruncated: true });
    expect(read.rows).toEqual(first);
    const paged = server(() => ({ total: 250, page_size: 100, items: rows(0, 100) }));
    const again = await readUsageLogs(QUERY, paged.fetch);
    expect(paged.asked.map((q) => q.p)).toEqual([0, 2]);
    expect(again).toMatchObject({ total: 250, isTruncated: true });
    expect(again.rows).toHaveLength(100);
  });

  it('new-api: stops at the row cap and says how much was left', async () => {
    const s = server((p) => ({ total: 2_000, page_size: 100, items: rows(Math.max(1, p) * 100, 100) }));
    const read = await readUsageLogs(QUERY, s.fetch);
    expect(s.asked).toHaveLength(5);
    expect(read).toMatchObject({ total: 2_000, isTruncated: true });
  });

  it('an empty answer, or items: null, ends at once', async () => {
    const s = server(() => ({ total: 0, items: null }));
    expect(await readUsageLogs(QUERY, s.fetch)).toEqual({ rows: [], total: 0, isTruncated: false });
    expect(s.asked).toHaveLength(1);
  });
});

describe('modelUsage', () => {
  const window = { since: QUERY.since, until: QUERY.until };
  it('sums per model, most spent first, and keeps only the key’s own rows when rows carry ids', () => {
    const read = {
      rows: [
        row(0, { token_id: 7, model_name: 'a', quota: 10 }),
        row(1, { token_id: 7, model_name: 'b', quota: 30, prompt_tokens: 3, completion_tokens: 4 }),
        row(2, { token_id: 7, model_name: 'b', quota: 5 }),
        row(3, { token_id: 8, model_name: 'a', quota: 1_000 }), // same name, another key
      ],
      total: 4,
      isTruncated: false,
    };
    const view = modelUsage(read, { id: 7 }, window);
    expect(view.matchedBy).toBe('id');
    expect(view.calls).toBe(3);
    expect(view.models.map((m) => [m.model, m.calls, m.quotaUnits])).toEqual([
      ['b', 2, 35],
      ['a', 1, 10],
    ]);
    expect(view.models[0]).toMatchObject({ promptTokens: 13, completionTokens: 9, lastCallAt: row(1).created_at });
  });

  it('without ids every row of the name counts, and says so', () => {
    const view = modelUsage({ rows: rows(0, 4), total: null, isTruncated: true }, { id: 7 }, window);
    expect(view).toMatchObject({ matchedBy: 'name', calls: 4, isTruncated: true });
  });
});
