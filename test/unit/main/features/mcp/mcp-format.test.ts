// `keydesk mcp`'s words for balances: as the app shows money (the site's currency, yuan beside), unknown said and left
// out of the total by name, never 0; names from outside drawn with their control characters visible; both languages.
import { describe, expect, it } from 'vitest';
import { formatBalances } from '../../../../../src-main/features/mcp/mcp-format';
import type { StatusEntry, StatusSnapshot } from '../../../../../src-main/features/status/status.model';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';

const usd = {
  site: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' },
  origin: 'site',
  fetchedAt: 1,
  yuanPerUsd: '7.3',
  yuanRateSource: 'site_price',
} as const;
const entry = (over: Partial<StatusEntry>): StatusEntry => ({
  id: 'a',
  label: 'Work',
  kind: 'access_token',
  isDisabled: false,
  remainingUnits: 500_000,
  isUnlimited: false,
  level: 'ok',
  fetchedAt: 0,
  isStale: false,
  error: null,
  money: usd,
  ...over,
});
const snapshot = (accounts: StatusEntry[]): StatusSnapshot => ({
  version: 1,
  source: 'keydesk',
  generatedAt: 0,
  accounts,
});

describe('formatBalances', () => {
  it('says each balance as the app does, the total in yuan, and an unknown one by name, never as zero', () => {
    const f = formatBalances(
      snapshot([
        entry({ daysLeft: 4 }),
        entry({
          id: 'b',
          label: 'Home',
          remainingUnits: null,
          level: 'unknown',
          fetchedAt: null,
          money: SPEC_ACCOUNT_MONEY,
        }),
      ]),
      { lang: 'en-US', now: 60_000, source: 'keydesk', notes: [] },
    );
    expect(f.text.split('\n')).toEqual([
      'From the running Keydesk.',
      '- Work: $1.00 ≈ ¥7.30 · OK · ≈ 4 days left · read 1 min ago',
      '- Home: unknown · Unknown · never read',
      'Total ≈ ¥7.30 across 1 account.',
      'Not in the total, balance unknown: Home.',
    ]);
    expect(f.structured).toMatchObject({
      source: 'keydesk',
      accounts: [{ remainingUnits: 500_000 }, { remainingUnits: null, balance: 'unknown' }],
      total: { yuan: '7.3', counted: 1, unknownAccountIds: ['b'] },
    });
    expect(f.text).not.toContain('0.00');
  });

  it('speaks Chinese, and writes a label’s control characters as escapes', () => {
    const f = formatBalances(snapshot([entry({ label: 'Evil\u001b[2J' })]), {
      lang: 'zh-CN',
      now: 0,
      source: 'cache',
      notes: [],
    });
    expect(f.text.split('\n')[0]).toBe('来自 Keydesk 的缓存：Keydesk 未运行，以下是它最后看到的数值。');
    expect(f.text).toContain('Evil\\u{1B}[2J');
    // eslint-disable-next-line no-control-regex -- no raw control character in what an agent reads
    expect(f.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
  });
});
