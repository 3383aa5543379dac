// The audit's sums: calls charged as published, above it (and by how much), below it, recorded with another ratio,
// and the calls it cannot recompute, per account and per key; keys told apart by id where rows carry one.
import { describe, expect, it } from 'vitest';
import { auditReport, MAX_FLAGGED, type AuditInput } from '../../../../../src-main/features/audit/audit-report';
import type { PricingListing } from '../../../../../src-main/gateway/model-listing';
import type { UsageLogRow } from '../../../../../src-main/gateway/usage-logs';

const pricing: PricingListing = {
  models: [],
  autoGroups: [],
  prices: [
    { kind: 'per_call', model: 'per-call', modelPrice: 0.003 },
    {
      kind: 'per_token',
      model: 'by-token',
      modelRatio: 0.075,
      completionRatio: 4,
      cacheRatio: null,
      createCacheRatio: null,
    },
    { kind: 'other', model: 'tiered' },
  ],
  groupRatios: { default: 1, vip: 1.5 },
};

const row = (over: Partial<UsageLogRow> = {}): UsageLogRow => ({
  created_at: 1_780_000_000,
  type: 2,
  token_name: 'main',
  model_name: 'per-call',
  quota: 1500,
  prompt_tokens: 10,
  completion_tokens: 5,
  group: 'default',
  other: { model_price: 0.003, group_ratio: 1, model_ratio: 0, completion_ratio: 0 },
  ...over,
});

const input = (rows: UsageLogRow[], over: Partial<AuditInput> = {}): AuditInput => ({
  accountId: 'a1',
  since: 0,
  until: 1,
  read: { rows, total: rows.length, isTruncated: false },
  pricing,
  quotaPerUnit: 500_000,
  keys: { groupOfName: new Map(), idOfName: new Map(), accountGroup: null },
  ...over,
});

describe('audit report', () => {
  it('passes calls charged as published and flags the one charged twice, by how much', () => {
    const report = auditReport(
      input([
        row(),
        row({ quota: 3000, created_at: 1_780_000_100 }),
        row({ group: 'vip', quota: 2250, other: { model_price: 0.003, group_ratio: 1.5 } }),
      ]),
    );
    expect(report.totals).toMatchObject({ calls: 3, checked: 3, asPublished: 2, above: 1, aboveUnits: 1500 });
    expect(report.flagged).toEqual([
      expect.objectContaining({ chargedUnits: 3000, expectedUnits: 1500, recordedUnits: 1500, differences: [] }),
    ]);
  });

  it('a charge within the site’s rounding is as published; below the band counts apart', () => {
    // (10 + 5 × 4) × 0.075 = 2.25 → 2 rounded and 2 truncated: 3 is a unit above, 1 a unit below.
    const other = { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, model_price: -1 };
    const report = auditReport(
      input([
        row({ model_name: 'by-token', quota: 2, other }),
        row({ model_name: 'by-token', quota: 3, other }),
        row({ model_name: 'by-token', quota: 1, other }),
      ]),
    );
    expect(report.totals).toMatchObject({ asPublished: 1, above: 1, aboveUnits: 1, below: 1, belowUnits: 1 });
  });

  it('lists a call whose row recorded another ratio, with both values and what its own ratios come to', () => {
    const other = { model_ratio: 0.15, completion_ratio: 4, group_ratio: 1, model_price: -1 };
    const report = auditReport(input([row({ model_name: 'by-token', quota: 5, other, prompt_tokens: 10 })]));
    expect(report.totals).toMatchObject({ ratioDiffers: 1, above: 1 });
    expect(report.flagged[0]).toMatchObject({
      recordedUnits: 5, // (10 + 20) × 0.15 = 4.5 → 5
      differences: [{ name: 'model_ratio', recorded: 0.15, published: 0.075 }],
    });
  });

  it('says why a call was not recomputed: no price, an expression, a tool charge, an unknown group', () => {
    const report = auditReport(
      input([
        row({ model_name: 'unlisted' }),
        row({ model_name: 'tiered' }),
        row({ other: { billing_mode: 'tiered_expr' } }),
        row({ other: { tool_surcharges: [{ name: 'web_search' }] } }),
        row({ group: 'gone' }),
        row({ group: undefined, token_name: 'nobody' }),
      ]),
    );
    expect(report.totals).toMatchObject({ calls: 6, checked: 0 });
    expect(report.totals.skipped).toEqual({ model_unpriced: 1, not_recomputable: 3, group_unknown: 2 });
  });

  it('rows without a group take their key’s, and a default-group key the account’s own', () => {
    const keys = {
      groupOfName: new Map([
        ['vip-key', 'vip'],
        ['plain', ''],
      ]),
      idOfName: new Map([['vip-key', 9]]),
      accountGroup: 'default',
    };
    const report = auditReport(
      input(
        [
          row({ group: undefined, token_name: 'vip-key', quota: 2250 }),
          row({ group: undefined, token_name: 'plain', quota: 1500 }),
        ],
        { keys },
      ),
    );
    expect(report.totals).toMatchObject({ checked: 2, asPublished: 2 });
    expect(report.matchedBy).toBe('name');
    expect(report.keys.find((k) => k.keyName === 'vip-key')?.keyId).toBe(9);
  });

  it('keys by id where rows carry one, keys with most overcharge first', () => {
    const report = auditReport(
      input([
        row({ token_id: 1, token_name: 'same' }),
        row({ token_id: 2, token_name: 'same', quota: 4500 }),
        row({ token_id: 2, token_name: 'same' }),
      ]),
    );
    expect(report.matchedBy).toBe('id');
    expect(report.keys.map((k) => [k.keyId, k.calls, k.above, k.aboveUnits])).toEqual([
      [2, 2, 1, 3000],
      [1, 1, 0, 0],
    ]);
  });

  it('lists at most the newest flagged calls; the totals count them all', () => {
    const rows = Array.from({ length: MAX_FLAGGED + 5 }, (_, i) => row({ quota: 3000, created_at: 1_780_000_000 + i }));
    const report = auditReport(input(rows));
    expect(report.totals.above).toBe(MAX_FLAGGED + 5);
    expect(report.flagged).toHaveLength(MAX_FLAGGED);
    expect(report.flagged[0]?.at).toBe(1_780_000_000 + MAX_FLAGGED + 4);
  });
});
