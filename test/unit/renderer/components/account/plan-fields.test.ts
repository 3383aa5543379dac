// Subscription plan entries as labelled fields: money through the account's formatter, Unix times as dates, the
// wrapper opened, nested plans flattened, unknown fields kept under a readable name, so a plan never shows as raw JSON.
import { describe, expect, it } from 'vitest';
import { planFields, type PlanFormat } from '../../../../../src-renderer/src/components/account/plan-fields';

const LABELS: Record<string, string> = { plan: 'Plan', usedQuota: 'Used', expiresAt: 'Expires', name: 'Name' };
const f: PlanFormat = {
  money: (u) => `¥${(u / 500_000).toFixed(2)}`,
  date: (s) => `date(${s})`,
  number: (n) => `n(${n})`,
  label: (name) => LABELS[name],
  yes: 'Yes',
  no: 'No',
  never: 'Never',
};

describe('planFields', () => {
  it('labels known fields and formats money and dates', () => {
    const out = planFields({ plan: 'Pro', used_quota: 12_000_000, expires_at: 1893456000 }, f);
    expect(out).toEqual([
      { key: 'plan', label: 'Plan', value: 'Pro' },
      { key: 'used_quota', label: 'Used', value: '¥24.00' },
      { key: 'expires_at', label: 'Expires', value: 'date(1893456000)' },
    ]);
  });

  it('keeps unknown fields under a readable name, never snake_case', () => {
    const out = planFields({ reset_period_days: 30, auto_renew: true }, f);
    expect(out.map((x) => x.label)).toEqual(['Reset period days', 'Auto renew']);
    // A plain number through the app's formatter (its language, not the system's).
    expect(out.map((x) => x.value)).toEqual(['n(30)', 'Yes']);
  });

  it('opens the {subscription: {…}} wrapper and flattens a nested plan', () => {
    const out = planFields({ subscription: { amount_total: 5_000_000, expired_at: 0, plan: { name: 'Go' } } }, f);
    expect(out).toEqual([
      { key: 'amount_total', label: 'Amount total', value: '¥10.00' },
      { key: 'expired_at', label: 'Expired at', value: 'Never' },
      { key: 'plan.name', label: 'Plan · Name', value: 'Go' },
    ]);
  });

  it('shows an unknown value as "—", not zero', () => {
    expect(planFields({ used_quota: null }, f)[0]?.value).toBe('—');
  });
});
