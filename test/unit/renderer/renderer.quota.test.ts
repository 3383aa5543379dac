// @vitest-environment happy-dom
// The balance meter (unknown is "—" never ¥0.00, unlimited a chip, the level in words, age and days left), the
// quota store (snapshot then pushed updates, never older over newer) and the alerts store (pushed alerts, sound
// only when the setting says so, acknowledge through main) against the fake bridge.
import { mount } from '@vue/test-utils';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import { ok, type AlertView, type BalanceView } from '../../../src-shared/contract';
import BalanceChart from '../../../src-renderer/src/components/BalanceChart.vue';
import BalanceMeter from '../../../src-renderer/src/components/BalanceMeter.vue';
import { createAppI18n } from '../../../src-renderer/src/i18n';
import { useAlertsStore } from '../../../src-renderer/src/stores/alerts.store';
import { useQuotaStore } from '../../../src-renderer/src/stores/quota.store';
import { useSettingsStore } from '../../../src-renderer/src/stores/settings.store';
import { DEFAULT_SETTINGS, fake } from './fake-keydesk';

vi.mock('../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('./fake-keydesk')).fake.api }));

const view = (over: Partial<BalanceView> = {}): BalanceView => ({
  accountId: 'a',
  remainingUnits: 6_170_000,
  usedUnits: 3_830_000,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: Date.now() - 5 * 60_000,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
  ...over,
});

const alert = (id: string): AlertView => ({
  id,
  accountId: 'a',
  accountLabel: 'Work',
  kind: 'balance',
  episodeKey: `balance:a:warn:${id}`,
  level: 'warn',
  balanceUnits: 2_100_000,
  thresholdUnits: 2_500_000,
  raisedAt: Date.now(),
  isAcknowledged: false,
});

function renderMeter(balance: BalanceView | null, language: 'en-US' | 'zh-CN' = 'en-US') {
  const i18n = createAppI18n(language);
  return mount(
    { render: () => h(NConfigProvider, null, () => h(BalanceMeter, { balance })) },
    { global: { plugins: [i18n] } },
  );
}

beforeEach(() => {
  fake.reset();
  setActivePinia(createPinia());
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('BalanceMeter', () => {
  it('shows remaining and used in yuan, the level in words, and the age', () => {
    const meter = renderMeter(view({ level: 'warn' }));
    expect(meter.get('[data-testid=balance-remaining]').text()).toBe('¥12.34');
    expect(meter.get('[data-testid=balance-level]').text()).toBe('Low');
    expect(meter.get('[data-testid=balance-used]').text()).toBe('Used ¥7.66');
    expect(meter.get('[data-testid=balance-age]').text()).toBe('Updated 5 min. ago');
    expect(meter.get('[role=meter]').attributes('aria-valuenow')).toBe('62');
  });

  it('shows unknown as "—" with no fill, never ¥0.00', () => {
    for (const balance of [null, view({ remainingUnits: null, level: 'unknown', error: { code: 'protocol' } })]) {
      const meter = renderMeter(balance);
      expect(meter.get('[data-testid=balance-remaining]').text()).toBe('—');
      expect(meter.text()).not.toContain('¥0.00');
      expect(meter.get('[data-testid=balance-level]').text()).toBe('Unknown');
      expect(meter.find('.balance-meter__fill').exists()).toBe(false);
    }
  });

  it('shows unlimited as a chip, marks stale values, and the forecast in Chinese', () => {
    expect(
      renderMeter(view({ isUnlimited: true, remainingUnits: null }))
        .get('[data-testid=balance-remaining]')
        .text(),
    ).toBe('Unlimited');
    const zh = renderMeter(view({ isStale: true, daysLeft: 3.5 }), 'zh-CN');
    expect(zh.get('[data-testid=balance-meter]').attributes('data-stale')).toBe('true');
    expect(zh.get('[data-testid=balance-age]').text()).toContain('非最新');
    expect(zh.get('[data-testid=balance-days-left]').text()).toBe('约剩 3.5 天');
  });

  it('draws the history chart only with data, and the forecast when there is one', () => {
    const i18n = createAppI18n('en-US');
    const chart = (history: unknown) =>
      mount(
        { render: () => h(NConfigProvider, null, () => h(BalanceChart, { history } as never)) },
        { global: { plugins: [i18n] } },
      );
    expect(chart(null).find('[data-testid=balance-chart-empty]').exists()).toBe(true);
    const drawn = chart({
      accountId: 'a',
      samples: [
        { at: 0, remainingUnits: 5_000_000 },
        { at: 3_600_000, remainingUnits: 4_000_000 },
      ],
      daysLeft: 2,
    });
    expect(drawn.find('svg path').exists()).toBe(true);
    expect(drawn.get('[data-testid=balance-forecast]').text()).toBe('≈ 2 days left');
  });
});

describe('quota store', () => {
  it('hydrates from the snapshot and follows pushed updates, never older over newer', async () => {
    fake.override('quota:snapshot', () => Promise.resolve(ok([view({ fetchedAt: 1000 })])));
    const store = useQuotaStore();
    await store.hydrate();
    expect(store.balanceOf('a')?.fetchedAt).toBe(1000);
    fake.emit('quota:updated', view({ fetchedAt: 2000, remainingUnits: 1 }));
    expect(store.balanceOf('a')?.remainingUnits).toBe(1);
    fake.emit('quota:updated', view({ fetchedAt: 1500, remainingUnits: 2 }));
    expect(store.balanceOf('a')?.remainingUnits).toBe(1);
    expect(store.balanceOf('nope')).toBeNull();
  });
});

describe('alerts store', () => {
  it('adds pushed alerts once, plays the tone only when the setting is on, and acknowledges through main', async () => {
    const tones: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createGain() {
        return {
          connect: () => undefined,
          gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        };
      }
      createOscillator() {
        tones.push(1);
        return {
          type: '',
          frequency: { value: 0 },
          connect: () => undefined,
          start: () => undefined,
          stop: () => undefined,
        };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const settings = useSettingsStore();
    await settings.hydrate();
    const store = useAlertsStore();
    await store.hydrate();
    fake.emit('alerts:raised', alert('1'));
    fake.emit('alerts:raised', alert('1'));
    expect(store.alerts.map((a) => a.id)).toEqual(['1']);
    expect(tones).toEqual([]);
    fake.emit('settings:changed', { ...DEFAULT_SETTINGS, alertSound: true });
    fake.emit('alerts:raised', alert('2'));
    expect(tones.length).toBeGreaterThan(0);
    expect(store.unacknowledgedCount).toBe(2);
    fake.override('alerts:acknowledge', () =>
      Promise.resolve(
        ok([
          { ...alert('2'), isAcknowledged: true },
          { ...alert('1'), isAcknowledged: true },
        ]),
      ),
    );
    await store.acknowledge();
    expect(fake.callsTo('alerts:acknowledge')).toEqual([{}]);
    expect(store.unacknowledgedCount).toBe(0);
    vi.unstubAllGlobals();
  });
});

describe('BalanceMeter tooltip', () => {
  it('says why a balance is unknown in full: the address that refused and the system’s code', async () => {
    const balance = view({
      remainingUnits: null,
      level: 'unknown',
      error: {
        code: 'network',
        reason: 'network.refused',
        params: { address: 'http://127.0.0.1:9999', cause: 'ECONNREFUSED' },
      },
    });
    const meter = mount(
      { render: () => h(NConfigProvider, null, () => h(BalanceMeter, { balance })) },
      { global: { plugins: [createAppI18n('en-US')] }, attachTo: document.body },
    );
    // The tooltip is built on the first hover of its trigger (LazyTooltip), then drawn at the end of <body>.
    await meter.get('.balance-meter__row').trigger('mouseenter');
    await vi.waitFor(() => {
      expect(document.body.textContent).toContain(
        'Balance unknown: Could not connect. http://127.0.0.1:9999 refused the connection: nothing is listening at ' +
          'that address and port (ECONNREFUSED).',
      );
    });
    meter.unmount();
  });
});
