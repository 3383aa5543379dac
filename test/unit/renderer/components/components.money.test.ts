// @vitest-environment happy-dom
// Money in the renderer as each site shows it: a US$ site's balance with the yuan beside it, the key quota column,
// the total across accounts in yuan naming its rates and leaving out an account whose rate is unknown, a quota
// typed in a CNY site's yuan, and the account form's yuan rate.
import { mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import type { AccountMoney, AccountView, BalanceView, SiteMoney } from '../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../src-shared/units';
import BalanceMeter from '../../../../src-renderer/src/components/BalanceMeter.vue';
import YuanTotal from '../../../../src-renderer/src/components/YuanTotal.vue';
import { formFromAccount, patchFromForm } from '../../../../src-renderer/src/components/account-form-rules';
import KeyQuotaMeter from '../../../../src-renderer/src/components/keys/KeyQuotaMeter.vue';
import QuotaInput from '../../../../src-renderer/src/components/keys/QuotaInput.vue';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { useQuotaStore } from '../../../../src-renderer/src/stores/quota.store';
import { accountView } from '../account-fixtures';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const USD: SiteMoney = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' };
const CNY: SiteMoney = { displayType: 'CNY', quotaPerUnit: 500_000, rate: '7.3', symbol: '¥', price: '7.3' };
const money = (site: SiteMoney, yuanPerUsd: string | null, source: 'site_price' | 'user' = 'site_price') =>
  ({ site, origin: 'site', fetchedAt: 1, yuanPerUsd, yuanRateSource: yuanPerUsd ? source : null }) as AccountMoney;

const balance = (accountId: string, remainingUnits: number): BalanceView => ({
  accountId,
  remainingUnits,
  usedUnits: 0,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: Date.now(),
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
});

const i18n = () => createAppI18n('en-US');
const inProvider = (render: () => ReturnType<typeof h>) =>
  mount({ render: () => h(NConfigProvider, null, render) }, { global: { plugins: [i18n()] } });

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});

describe('money as the site shows it', () => {
  it('shows a US$ site’s balance in dollars with the yuan it cost at the site price beside it', () => {
    const meter = inProvider(() => h(BalanceMeter, { balance: balance('a', 6_170_000), money: money(USD, '7.3') }));
    expect(meter.get('[data-testid=balance-remaining]').text()).toBe('$12.34 ≈ ¥90.08');
  });

  it('writes what was used the same way as what is left', () => {
    const used = { ...balance('a', 6_170_000), usedUnits: 25_000_000 };
    const meter = inProvider(() => h(BalanceMeter, { balance: used, money: money(USD, '7.3') }));
    expect(meter.get('[data-testid=balance-used]').text()).toBe('Used $50.00 ≈ ¥365.00');
  });

  it('shows a key’s remaining quota in the site currency, with yuan at the user’s rate', () => {
    const w = mount(KeyQuotaMeter, {
      props: {
        item: { remainQuota: 5_000_000, usedQuota: 0, unlimitedQuota: false },
        money: money(USD, '0.85', 'user'),
      },
      global: { plugins: [i18n()] },
    });
    expect(w.get('[data-testid=quota-remaining]').text()).toBe('$10.00 ≈ ¥8.50');
  });

  it('totals in yuan by each account’s rate, names the rates, and leaves out an unknown rate', async () => {
    const accounts: AccountView[] = [
      accountView({ id: 'usd', label: 'Relay', money: money(USD, '7.3') }),
      accountView({ id: 'cny', label: 'Home', money: money(CNY, '7.3') }),
      accountView({ id: 'spec', label: 'Spec', money: SPEC_ACCOUNT_MONEY }),
      accountView({ id: 'nope', label: 'NoPrice', money: money(USD, null) }),
    ];
    const quota = useQuotaStore();
    quota.balances = new Map([
      ['usd', balance('usd', 500_000)], // $1 = ¥7.30
      ['cny', balance('cny', 500_000)], // ¥7.30
      ['spec', balance('spec', 500_000)], // ¥1
      ['nope', balance('nope', 50_000_000)], // $100: must not be added as yuan
    ]);
    const w = inProvider(() => h(YuanTotal, { accounts }));
    await nextTick();
    expect(w.get('[data-testid=yuan-total]').text()).toContain('Total ≈ ¥15.60');
    // The tooltip's content is rendered on hover; the facts behind it are checked directly.
    const vm = w.findComponent(YuanTotal).vm as unknown as { rateLines: string[]; excludedLabels: string[] };
    expect(vm.rateLines).toContain('$ at ¥7.30 per US$ (site price)');
    expect(vm.excludedLabels).toEqual(['NoPrice']);
  });

  it('with nothing to add up, says whether the balances or the rates are what is missing', async () => {
    const accounts: AccountView[] = [accountView({ id: 'usd', label: 'Relay', money: money(USD, '7.3') })];
    const quota = useQuotaStore();
    quota.balances = new Map([['usd', { ...balance('usd', 0), remainingUnits: null, error: { code: 'network' } }]]);
    const w = inProvider(() => h(YuanTotal, { accounts }));
    await nextTick();
    // One sentence, not "No balance known yet. · 1 unknown" (the tooltip names the unknown accounts).
    expect(w.get('[data-testid=yuan-total]').text()).toBe('No balance known yet.');
    const unpriced: AccountView[] = [accountView({ id: 'nope', label: 'NoPrice', money: money(USD, null) })];
    quota.balances = new Map([['nope', balance('nope', 500_000)]]);
    const v = inProvider(() => h(YuanTotal, { accounts: unpriced }));
    await nextTick();
    expect(v.get('[data-testid=yuan-total]').text()).toContain('No balance with a known yuan rate yet.');
  });

  it('takes a quota typed in a CNY site’s yuan, rounded to whole units and saying so', async () => {
    const w = mount(QuotaInput, { props: { units: null, settings: CNY }, global: { plugins: [i18n()] } });
    await w.get('input').setValue('1');
    expect(w.emitted('update:units')?.at(-1)).toEqual([68_493]);
    expect(w.get('[data-testid=quota-input-hint]').text()).toBe('Rounded to the nearest whole unit.');
    await w.get('input').setValue('7.3');
    expect(w.emitted('update:units')?.at(-1)).toEqual([500_000]);
  });
});

describe('the account form’s yuan rate', () => {
  it('sends a typed rate as the decimal typed, clears it back to the site price, refuses zero', () => {
    const account = accountView({ id: 'a', money: money(USD, '7.3') });
    const form = formFromAccount(account);
    expect(form.yuanRate).toBe('');
    const set = patchFromForm({ ...form, yuanRate: '0.85' }, account);
    expect(set.ok && set.patch).toEqual({ yuanPerUsd: '0.85' });
    const withRate = { ...account, yuanPerUsd: '0.85' };
    const cleared = patchFromForm({ ...formFromAccount(withRate), yuanRate: '' }, withRate);
    expect(cleared.ok && cleared.patch).toEqual({ yuanPerUsd: null });
    const zero = patchFromForm({ ...form, yuanRate: '0' }, account);
    expect(zero.ok ? null : zero.errors.yuanRate).toBe('yuanRate');
  });

  it('reads thresholds in the account’s own currency', () => {
    const account = accountView({
      id: 'a',
      money: money(USD, '7.3'),
      thresholds: { warnUnits: 2_500_000, criticalUnits: null },
    });
    expect(formFromAccount(account).warn).toBe('5');
    const cnyAccount = accountView({
      id: 'b',
      money: money(CNY, '7.3'),
      thresholds: { warnUnits: 500_000, criticalUnits: null },
    });
    expect(formFromAccount(cnyAccount).warn).toBe('7.3');
  });
});
