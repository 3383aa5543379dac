// Two pages of calls that differ only by their row ids (a batch job's calls in one second, the same tokens each) are
// two pages, not one page sent twice: every call is read. A page that really is sent again still ends the reading.
import { describe, expect, it } from 'vitest';
import { readUsageLogs, usageLogPageSchema, type UsageLogPage } from '../../../../src-main/gateway/usage-logs';

const call = (id: number) => ({
  id,
  created_at: 1_780_000_000,
  type: 2,
  token_name: 'batch',
  model_name: 'gpt-4o',
  quota: 1000,
  prompt_tokens: 2,
  completion_tokens: 5,
});
const page = (p: number, total: number): UsageLogPage =>
  usageLogPageSchema.parse({
    page: p,
    page_size: 100,
    total,
    items: Array.from({ length: Math.min(100, total - (p - 1) * 100) }, (_, i) => call((p - 1) * 100 + i + 1)),
  });
const query = { tokenName: '', since: 0, until: 1, maxPages: 10, maxRows: 1000 };

describe('usage-log pages of identical calls', () => {
  it('reads every page when only the row ids differ', async () => {
    const read = await readUsageLogs(query, (wire) => Promise.resolve(page(Math.max(1, Number(wire.p)), 250)));
    expect(read.rows).toHaveLength(250);
    expect(read.isTruncated).toBe(false);
  });

  it('still stops at a page sent again (a server that ignores the page number)', async () => {
    const read = await readUsageLogs(query, () => Promise.resolve(page(1, 250)));
    expect(read.rows).toHaveLength(100);
    expect(read.isTruncated).toBe(true);
  });
});
