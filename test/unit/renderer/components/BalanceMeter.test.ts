// @vitest-environment happy-dom
// A balance meter with no thresholds stays neutral: no "OK" word and no OK colour when there is nothing to be OK
// against; with a threshold it judges.
import { mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { h } from 'vue';
import type { BalanceView } from '../../../../src-shared/contract';
import BalanceMeter from '../../../../src-renderer/src/components/BalanceMeter.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('a meter with no thresholds stays neutral', () => {
  const balance: BalanceView = {
    accountId: 'a',
    remainingUnits: 5_000_000,
    usedUnits: 1_000_000,
    isUnlimited: false,
    softLimitUnits: null,
    hardLimitUnits: null,
    fetchedAt: NOW_MS,
    isStale: false,
    level: 'ok',
    error: null,
    daysLeft: null,
  };
  const meter = (thresholds: { warnUnits: number | null; criticalUnits: number | null }) =>
    mount(
      { render: () => h(NConfigProvider, null, () => h(BalanceMeter, { balance, thresholds })) },
      { global: { plugins: [createAppI18n('en-US')] } },
    );

  it('shows no OK word and no OK colour without thresholds, and OK with one', () => {
    const neutral = meter({ warnUnits: null, criticalUnits: null });
    expect(neutral.get('[data-testid=balance-meter]').attributes('data-level')).toBe('none');
    expect(neutral.find('[data-testid=balance-level]').exists()).toBe(false);
    expect(neutral.text()).not.toContain('OK');
    const fill = neutral.get('.balance-meter__fill').attributes('style') ?? '';
    const judged = meter({ warnUnits: 1_000_000, criticalUnits: null });
    expect(judged.get('[data-testid=balance-meter]').attributes('data-level')).toBe('ok');
    expect(judged.get('[data-testid=balance-level]').text()).toBe('OK');
    expect(judged.get('.balance-meter__fill').attributes('style')).not.toBe(fill);
  });
});
