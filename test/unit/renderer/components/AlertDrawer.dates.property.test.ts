// @vitest-environment happy-dom
// Dates in the alert centre, for every kind of alert and both languages: an expiring key or plan names the date it
// ends (never 1970) and every alert the time it was raised (main's side, the notification and the one conversion from
// the site's seconds, is test/unit/main/features/alerts/alerts.service.dates.property.test.ts). Relative words follow the calendar:
// 48 hours ahead is "in 2 days", three days ahead "in 3 days", in both languages.
import { mount } from '@vue/test-utils';
import fc from 'fast-check';
import { NConfigProvider } from 'naive-ui';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { ok, type AlertView, type Language } from '../../../../src-shared/contract';
import AlertDrawer from '../../../../src-renderer/src/components/AlertDrawer.vue';
import { relativeTime } from '../../../../src-renderer/src/components/keys/relative-date';
import { ageText } from '../../../../src-renderer/src/composables/use-now';
import { createAppI18n } from '../../../../src-renderer/src/i18n';
import { createAppRouter } from '../../../../src-renderer/src/router';
import { useAlertsStore } from '../../../../src-renderer/src/stores/alerts.store';
import { fake } from '../fake-keydesk';

vi.mock('../../../../src-renderer/src/bridge', async () => ({ keydesk: (await import('../fake-keydesk')).fake.api }));

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const DAY_S = 86_400;
const LANGUAGES: readonly Language[] = ['en-US', 'zh-CN'];

/** The year as the language writes it in a medium date ("2026", "2026年"): present means the right year is named. */
const yearIn = (ms: number, language: Language): string =>
  new Intl.DateTimeFormat(language, { year: 'numeric' }).format(new Date(ms));

/** Alerts of every kind, as main keeps them: an expiring one ends up to a year ahead, in epoch ms. */
const alertArb = (raisedAt: number): fc.Arbitrary<AlertView> => {
  const base = { id: 'a1', accountId: 'acc', accountLabel: 'Work', raisedAt, isAcknowledged: false };
  return fc.oneof(
    fc.record({
      ...constants(base),
      kind: fc.constant('balance' as const),
      episodeKey: fc.constant('balance:acc:warn:a1'),
      level: fc.constantFrom('warn' as const, 'critical' as const, 'soft_limit' as const),
      balanceUnits: fc.integer({ min: 0, max: 1e9 }),
      thresholdUnits: fc.integer({ min: 0, max: 1e9 }),
    }),
    fc.record({
      ...constants(base),
      kind: fc.constant('runaway' as const),
      episodeKey: fc.constant('runaway:acc:7:1'),
      keyId: fc.nat(),
      keyName: fc.constant('ci-bot'),
      reason: fc.constantFrom('rate' as const, 'daily_cap' as const),
      hourSpendUnits: fc.integer({ min: 0, max: 1e9 }),
      usualHourUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
      dailyCapUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
      daySpendUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
      resolution: fc.constant(null),
    }),
    fc.record({
      ...constants(base),
      kind: fc.constant('expiring' as const),
      episodeKey: fc.constant('expiring:acc:key:7:1'),
      target: fc.oneof(
        fc.record({ type: fc.constant('key' as const), keyId: fc.nat(), keyName: fc.constant('staging') }),
        fc.record({ type: fc.constant('plan' as const), planId: fc.constant('Pro'), planName: fc.constant('Pro') }),
      ),
      expiresAtMs: fc.integer({ min: NOW_MS + 60_000, max: NOW_MS + 365 * DAY_S * 1000 }),
    }),
    fc.record({
      ...constants(base),
      kind: fc.constant('price_change' as const),
      episodeKey: fc.constant('price:acc:vip:1:2'),
      group: fc.constant('vip'),
      oldRatio: fc.constantFrom(0.5, 1, 2),
      newRatio: fc.constantFrom(0.8, 1.5, 3),
      affectedKeyNames: fc.constant(['ci-bot']),
    }),
  );
};

function constants<T extends Record<string, unknown>>(values: T): { [K in keyof T]: fc.Arbitrary<T[K]> } {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, fc.constant(v)])) as {
    [K in keyof T]: fc.Arbitrary<T[K]>;
  };
}

async function drawerText(alert: AlertView, language: Language): Promise<{ text: string; datetime: string }> {
  setActivePinia(createPinia());
  fake.override('alerts:list', () => Promise.resolve(ok([alert])));
  await useAlertsStore().hydrate();
  const router = createAppRouter();
  const wrapper = mount(
    { render: () => h(NConfigProvider, null, () => h(AlertDrawer, { show: true })) },
    { global: { plugins: [createAppI18n(language), router] }, attachTo: document.body },
  );
  await nextTick();
  const item = document.querySelector('[data-testid=alert-item]');
  const text = item?.textContent ?? '';
  const datetime = item?.querySelector('time')?.getAttribute('datetime') ?? '';
  wrapper.unmount();
  return { text, datetime };
}

beforeEach(() => {
  fake.reset();
  vi.useFakeTimers({ now: NOW_MS, toFake: ['Date'] });
});

describe('dates in the alert centre, every kind', () => {
  it('names the day an expiring item ends and when each alert was raised, in both languages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 * DAY_S * 1000 }).chain((agoMs) => alertArb(NOW_MS - agoMs)),
        fc.constantFrom(...LANGUAGES),
        async (alert, language) => {
          const { text, datetime } = await drawerText(alert, language);
          expect(datetime).toBe(new Date(alert.raisedAt).toISOString());
          expect(text).not.toMatch(/19[67]\d/);
          if (alert.kind === 'expiring') expect(text).toContain(yearIn(alert.expiresAtMs, language));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('relative words follow the calendar', () => {
  const words: Record<Language, Record<number, string>> = {
    'en-US': { 1: 'tomorrow', 2: 'in 2 days', 3: 'in 3 days' },
    'zh-CN': { 1: '明天', 2: '后天', 3: '3天后' },
  };

  /** Local midnight of a day after NOW_MS, plus `ms` into it. */
  const localDay = (days: number, ms: number): number => {
    const d = new Date(NOW_MS);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime() + ms;
  };

  it('an end two or three days ahead (seen up to an hour later) reads as that many days, not one fewer', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 }),
        // Before 11 p.m., so an hour's lag leaves now on the same date.
        fc.integer({ min: 0, max: 23 * 3_600_000 - 1 }),
        fc.integer({ min: 0, max: 3_600_000 }),
        fc.constantFrom(2, 3),
        fc.constantFrom(...LANGUAGES),
        (day, timeOfDay, lagMs, days, language) => {
          const set = localDay(day, timeOfDay);
          // The end was set `days` days ahead; the list shows it up to an hour later.
          const at = Math.floor(set / 1000) + days * DAY_S;
          expect(relativeTime(at, set + lagMs, language)).toBe(words[language][days]);
          // A day ahead to the second is tomorrow; a moment less is counted in hours.
          expect(relativeTime(Math.floor(set / 1000) + DAY_S, set, language)).toBe(words[language][1]);
        },
      ),
    );
  });

  it('48 hours less a minute is the day after tomorrow at mid-morning, tomorrow just after midnight', () => {
    const morning = localDay(0, 10 * 3_600_000);
    expect(relativeTime(morning / 1000 + 2 * DAY_S - 60, morning, 'en-US')).toBe('in 2 days');
    const midnight = localDay(0, 60_000);
    expect(relativeTime(midnight / 1000 + 2 * DAY_S - 120, midnight, 'en-US')).toBe('tomorrow');
    expect(relativeTime(morning / 1000 + 5 * 3_600, morning, 'en-US')).toBe('in 5 hours');
  });

  it('a day or more ago reads as the calendar days back, in both languages', () => {
    // 40 hours before 8 p.m. is 4 a.m. yesterday, not "2 days ago".
    const evening = localDay(0, 20 * 3_600_000);
    expect(ageText(evening - 40 * 3_600_000, evening, 'en-US')).toBe('yesterday');
    expect(ageText(evening - 40 * 3_600_000, evening, 'zh-CN')).toBe('昨天');
    expect(ageText(evening - 70 * 3_600_000, evening, 'en-US')).toBe('3 days ago');
  });
});
