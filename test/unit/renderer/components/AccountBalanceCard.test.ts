// @vitest-environment happy-dom
// The Account page's balance card in its states (unknown, stale, unlimited, not enough data, a forecast, a watched
// key's limits, the thresholds on the meter, "Refresh now" held by the one-per-minute rule) and the Settings
// Monitoring & alerts card (interval validation and saving, sound, desktop-only switches disabled in browser mode).
import { flushPromises, mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { ok, type AccountView, type BalanceHistory, type BalanceView } from '../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../src-shared/units';
import AccountBalanceCard from '../../../../src-renderer/src/components/AccountBalanceCard.vue';
import MonitoringCard from '../../../../src-renderer/src/components/MonitoringCard.vue';
import { checkRefreshInterval } from '../../../../src-renderer/src/components/monitoring-rules';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { APP_INFO, DEFAULT_SETTINGS, fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const YUAN = 500_000;
const HOUR = 3_600_000;

const account = (over: Partial<AccountView> = {}): AccountView => ({
  id: 'a',
  label: 'Work',
  kind: 'password',
  baseUrl: 'https://gw.example',
  apiUrl: 'https://gw.example',
  username: 'alice',
  userId: 1,
  isPasswordRemembered: true,
  keyHint: null,
  accessTokenExpiresAt: null,
  isHidden: false,
  isDisabled: false,
  state: 'ok',
  stateError: null,
  money: SPEC_ACCOUNT_MONEY,
  yuanPerUsd: null,
  thresholds: { warnUnits: 20 * YUAN, criticalUnits: 5 * YUAN },
  ...over,
});

const view = (over: Partial<BalanceView> = {}): BalanceView => ({
  accountId: 'a',
  remainingUnits: 60 * YUAN,
  usedUnits: 40 * YUAN,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: Date.now() - 2 * 60_000,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
  nextRefreshAt: null,
  ...over,
});

const samples = (n: number, spanMs: number) =>
  Array.from({ length: n }, (_, i) => ({
    at: Date.now() - spanMs + (i * spanMs) / Math.max(1, n - 1),
    remainingUnits: (80 - i) * YUAN,
  }));

async function renderCard(
  balance: BalanceView | null,
  history: Omit<BalanceHistory, 'accountId'> = { samples: [], daysLeft: null },
  over: Partial<AccountView> = {},
) {
  fake.override('quota:snapshot', () => Promise.resolve(ok(balance ? [balance] : [])));
  fake.override('quota:history', () => Promise.resolve(ok({ accountId: 'a', ...history })));
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(AccountBalanceCard, { account: account(over) })) },
    { global: { plugins: [createAppI18n('en-US')] } },
  );
  await flushPromises();
  return wrapper;
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AccountBalanceCard', () => {
  it('shows the meter in yuan with the thresholds marked, the chart, and "not enough data yet"', async () => {
    const card = await renderCard(view(), { samples: samples(3, HOUR), daysLeft: null });
    expect(card.get('[data-testid=balance-remaining]').text()).toBe('¥60.00');
    expect(card.get('[data-testid=balance-used]').text()).toBe('Used ¥40.00');
    expect(card.get('[data-testid=balance-level]').text()).toBe('OK');
    expect(card.get('[data-testid=balance-mark-warn]').attributes('style')).toContain('left: 20.00%');
    expect(card.get('[data-testid=balance-mark-warn]').attributes('title')).toBe('Low threshold ¥20.00');
    expect(card.get('[data-testid=balance-mark-critical]').attributes('style')).toContain('left: 5.00%');
    expect(card.get('[data-testid=balance-thresholds]').text()).toContain(
      'Alerts: low below ¥20.00 · critical below ¥5.00',
    );
    expect(card.find('[data-testid=balance-chart] svg').exists()).toBe(true);
    expect(card.get('[data-testid=balance-forecast-pending]').text()).toBe('Days left: not enough data yet');
    expect(card.find('[data-testid=balance-forecast]').exists()).toBe(false);
    expect(card.find('[data-testid=balance-days-left]').exists()).toBe(false); // shown once, by the chart
    expect(fake.callsTo('quota:history')).toEqual([{ accountId: 'a' }]);
  });

  it('says a lone threshold as a sentence of its own, never "critical below none"', async () => {
    const warnOnly = await renderCard(view(), undefined, { thresholds: { warnUnits: 20 * YUAN, criticalUnits: null } });
    expect(warnOnly.get('[data-testid=balance-thresholds]').text()).toContain(
      'Alerts: low below ¥20.00 · no critical threshold',
    );
    const criticalOnly = await renderCard(view(), undefined, {
      thresholds: { warnUnits: null, criticalUnits: 5 * YUAN },
    });
    expect(criticalOnly.get('[data-testid=balance-thresholds]').text()).toContain(
      'Alerts: critical below ¥5.00 · no low threshold',
    );
  });

  it('shows "≈ N days left" once the forecast has enough data', async () => {
    const card = await renderCard(view({ daysLeft: 12 }), { samples: samples(12, 8 * HOUR), daysLeft: 12 });
    expect(card.get('[data-testid=balance-forecast]').text()).toBe('≈ 12 days left');
    expect(card.find('[data-testid=balance-forecast-pending]').exists()).toBe(false);
  });

  it('shows unknown as "—" (never ¥0.00), with an empty chart that says it fills in', async () => {
    const card = await renderCard(null);
    expect(card.get('[data-testid=balance-remaining]').text()).toBe('—');
    expect(card.text()).not.toContain('¥0.00');
    expect(card.get('[data-testid=balance-level]').text()).toBe('Unknown');
    expect(card.find('[data-testid^=balance-mark]').exists()).toBe(false);
    expect(card.get('[data-testid=balance-chart-empty]').text()).toContain('fills in');
    expect(card.find('[data-testid=balance-forecast-pending]').exists()).toBe(true);
  });

  it('marks a stale value and shows its age', async () => {
    const card = await renderCard(view({ isStale: true, fetchedAt: Date.now() - 3 * HOUR, level: 'warn' }));
    const meter = card.get('[data-testid=balance-meter]');
    expect(meter.attributes('data-stale')).toBe('true');
    expect(card.get('[data-testid=balance-age]').text()).toBe('Not current · 3 hr. ago');
    expect(card.get('[data-testid=balance-level]').text()).toBe('Low');
  });

  it('shows the Unlimited chip and no chart for an unlimited balance', async () => {
    const card = await renderCard(view({ isUnlimited: true, remainingUnits: null, usedUnits: 3 * YUAN }));
    expect(card.get('[data-testid=balance-remaining]').text()).toBe('Unlimited');
    expect(card.find('[data-testid=balance-chart]').exists()).toBe(false);
    expect(card.find('[data-testid=balance-chart-unlimited]').exists()).toBe(true);
    expect(card.find('[data-testid^=balance-mark]').exists()).toBe(false);
  });

  it("shows a watched key's hint and its soft and hard limits in yuan", async () => {
    const card = await renderCard(
      view({ softLimitUnits: 25 * YUAN, hardLimitUnits: null }),
      { samples: [], daysLeft: null },
      { kind: 'api_key', keyHint: 'sk-abcd…wxyz', thresholds: { warnUnits: null, criticalUnits: null } },
    );
    expect(card.get('[data-testid=balance-key-hint]').text()).toBe('Watched key sk-abcd…wxyz');
    expect(card.get('[data-testid=balance-soft-limit]').text()).toBe('¥25.00');
    expect(card.get('[data-testid=balance-hard-limit]').text()).toBe('not set');
    expect(card.get('[data-testid=balance-thresholds]').text()).toContain('No alert thresholds set');
  });

  it('"Refresh now" asks main for the balance and the site’s currency, and says when the next refresh can go while the per-minute rule holds', async () => {
    const card = await renderCard(view());
    const button = card.get('[data-testid=balance-refresh]');
    expect(button.text()).toBe('Refresh now');
    const nextRefreshAt = Date.now() + 42_000;
    fake.override('quota:refresh', () =>
      Promise.resolve(ok([view({ fetchedAt: Date.now(), remainingUnits: 55 * YUAN, nextRefreshAt })])),
    );
    await button.trigger('click');
    await flushPromises();
    expect(fake.callsTo('quota:refresh')).toEqual([{ accountId: 'a' }]);
    // The currency the card shows is read again with the balance: a site may have switched it.
    expect(fake.callsTo('site:refresh')).toEqual([{ accountId: 'a' }]);
    expect(card.get('[data-testid=balance-remaining]').text()).toBe('¥55.00');
    const held = card.get('[data-testid=balance-refresh]');
    expect(held.attributes('disabled')).toBeDefined();
    expect(Number(/^Next refresh in (\d+) s$/.exec(held.text())?.[1])).toBeGreaterThanOrEqual(40);
    expect(card.get('[data-testid=balance-throttled]').text()).toContain(
      new Date(nextRefreshAt).toLocaleTimeString('en-US', { hour12: false }),
    );
    await held.trigger('click');
    expect(fake.callsTo('quota:refresh')).toHaveLength(1); // no pretending: nothing is sent
  });

  it('a watched key held by the site’s shared limit says so, not "one request per minute"', async () => {
    const nextRefreshAt = Date.now() + 294_000;
    const card = await renderCard(
      view({ nextRefreshAt }),
      { samples: [], daysLeft: null },
      { kind: 'api_key', keyHint: 'sk-abcd…wxyz', thresholds: { warnUnits: null, criticalUnits: null } },
    );
    const note = card.get('[data-testid=balance-throttled]').text();
    expect(note).toContain('rate-limited usage endpoint');
    expect(note).not.toContain('per minute');
    expect(note).toContain(new Date(nextRefreshAt).toLocaleTimeString('en-US', { hour12: false }));
  });

  it('"Edit thresholds" asks the page to open the account form', async () => {
    const card = await renderCard(view());
    await card.get('[data-testid=balance-edit-thresholds]').trigger('click');
    expect(card.findComponent(AccountBalanceCard).emitted('editThresholds')).toHaveLength(1);
  });
});

describe('checkRefreshInterval', () => {
  it('accepts whole minutes from 1 to 1440 and names the problem otherwise', () => {
    expect(checkRefreshInterval(' 5 ')).toEqual({ ok: true, minutes: 5 });
    expect(checkRefreshInterval('1')).toEqual({ ok: true, minutes: 1 });
    expect(checkRefreshInterval('1440')).toEqual({ ok: true, minutes: 1440 });
    expect(checkRefreshInterval('')).toEqual({ ok: false, problem: 'required' });
    expect(checkRefreshInterval('0')).toEqual({ ok: false, problem: 'range' });
    expect(checkRefreshInterval('1441')).toEqual({ ok: false, problem: 'range' });
    expect(checkRefreshInterval('-3')).toEqual({ ok: false, problem: 'range' });
    expect(checkRefreshInterval('2.5')).toEqual({ ok: false, problem: 'notWhole' });
    expect(checkRefreshInterval('five')).toEqual({ ok: false, problem: 'notWhole' });
  });
});

describe('MonitoringCard', () => {
  async function renderSettings(language: 'en-US' | 'zh-CN' = 'en-US') {
    const wrapper = mount(
      { render: () => h(NConfigProvider, null, () => h(MonitoringCard)) },
      { global: { plugins: [createAppI18n(language)] }, attachTo: document.body },
    );
    const { useSettingsStore } = await import('../../../../src-renderer/src/stores/settings.store');
    const { useAppStore } = await import('../../../../src-renderer/src/stores/app.store');
    await useSettingsStore().hydrate();
    await useAppStore().load();
    await flushPromises();
    return wrapper;
  }

  it('validates the interval as typed, shows the message, and saves only a valid change', async () => {
    const card = await renderSettings();
    const input = card.get('[data-testid=settings-interval] input');
    expect((input.element as HTMLInputElement).value).toBe('5');
    for (const [text, message] of [
      ['0', 'Choose between 1 and 1440 minutes (one day).'],
      ['2.5', 'Use whole minutes, for example 5.'],
      ['', 'Enter a number of minutes.'],
    ] as const) {
      await input.setValue(text);
      await input.trigger('blur');
      await flushPromises();
      expect(card.get('[data-testid=settings-interval-problem]').text()).toBe(message);
      expect(input.attributes('aria-invalid')).toBe('true');
    }
    expect(fake.callsTo('settings:update')).toEqual([]);
    await input.setValue('15');
    await input.trigger('blur');
    await flushPromises();
    expect(card.find('[data-testid=settings-interval-problem]').exists()).toBe(false);
    expect(fake.callsTo('settings:update')).toEqual([{ refreshIntervalMinutes: 15 }]);
    card.unmount();
  });

  it('turns the alert sound on and plays a test sound; desktop-only switches are disabled in browser mode', async () => {
    const card = await renderSettings();
    await card.get('[data-testid=settings-sound]').trigger('click');
    await flushPromises();
    expect(fake.callsTo('settings:update')).toEqual([{ alertSound: true }]);
    await card.get('[data-testid=settings-sound-test]').trigger('click'); // no AudioContext here: no throw
    for (const option of ['closeToTray', 'launchAtLogin']) {
      expect(card.get(`[data-testid=settings-${option}]`).classes()).toContain('n-switch--disabled');
    }
    expect(card.get('[data-testid=settings-desktop-only]').text()).toContain('Only in the desktop app');
    card.unmount();
  });

  it('offers close to tray and launch at login in the desktop app', async () => {
    fake.override('app:info', () => Promise.resolve(ok({ ...APP_INFO, mode: 'electron' as const })));
    fake.setSettings({ ...DEFAULT_SETTINGS, closeToTray: true });
    const card = await renderSettings('zh-CN');
    expect(card.find('[data-testid=settings-desktop-only]').exists()).toBe(false);
    const launch = card.get('[data-testid=settings-launchAtLogin]');
    expect(launch.classes()).not.toContain('n-switch--disabled');
    await launch.trigger('click');
    await flushPromises();
    expect(fake.callsTo('settings:update')).toEqual([{ launchAtLogin: true }]);
    expect(card.text()).toContain('开机自动启动');
    card.unmount();
  });
});
