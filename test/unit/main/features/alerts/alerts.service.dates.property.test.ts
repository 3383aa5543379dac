// Dates in desktop notifications, for every kind of alert and both languages: an expiring key or plan, raised from
// the site's Unix seconds through the one conversion where the watch feature makes its alert, names the date it ends
// (never 1970), and no kind names a time decades away. The alert centre's side: test/unit/renderer/components/AlertDrawer.dates.property.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AlertDraft, AlertView, ExpiringItem, Language } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import { EventBus } from '../../../../../src-main/event-bus';
import { AlertsService } from '../../../../../src-main/features/alerts/alerts.service';
import { expiringDraft } from '../../../../../src-main/features/watch/watch.feature';
import type { NativeNotification } from '../../../../../src-main/platform/ports';
import { keyView } from '../../../../support/key-view';

const NOW_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
const DAY_S = 86_400;

/** The year as the language writes it in a medium date ("2026", "2026年"): present means the right year is named. */
const yearIn = (ms: number, language: Language): string =>
  new Intl.DateTimeFormat(language, { year: 'numeric' }).format(new Date(ms));

/** Alerts of every kind; an expiring one is made as the watch feature makes it, from the site's seconds. */
const draftArb: fc.Arbitrary<AlertDraft> = fc.oneof(
  fc.record({
    kind: fc.constant('balance' as const),
    accountId: fc.constant('acc'),
    episodeKey: fc.uuid(),
    level: fc.constantFrom('warn' as const, 'critical' as const, 'soft_limit' as const),
    balanceUnits: fc.integer({ min: 0, max: 1e9 }),
    thresholdUnits: fc.integer({ min: 0, max: 1e9 }),
  }),
  fc.record({
    kind: fc.constant('runaway' as const),
    accountId: fc.constant('acc'),
    episodeKey: fc.uuid(),
    keyId: fc.nat(),
    keyName: fc.constant('ci-bot'),
    reason: fc.constantFrom('rate' as const, 'daily_cap' as const),
    hourSpendUnits: fc.integer({ min: 0, max: 1e9 }),
    usualHourUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
    dailyCapUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
    daySpendUnits: fc.option(fc.integer({ min: 0, max: 1e9 })),
    resolution: fc.constant(null),
  }),
  fc
    .record({
      kind: fc.constantFrom('key' as const, 'plan' as const),
      // Up to a year ahead, as the site writes it: Unix seconds.
      expiresAt: fc.integer({ min: NOW_MS / 1000 + 60, max: NOW_MS / 1000 + 365 * DAY_S }),
      id: fc.integer({ min: 1, max: 10_000 }),
    })
    .map(({ kind, expiresAt, id }): AlertDraft => {
      const item: ExpiringItem = {
        kind,
        accountId: 'acc',
        accountLabel: 'Work',
        expiresAt,
        key: kind === 'key' ? keyView({ id, accountId: 'acc', expiredTime: expiresAt }) : null,
        name: kind === 'key' ? 'staging' : 'Pro plan',
      };
      return expiringDraft(item);
    }),
  fc.record({
    kind: fc.constant('price_change' as const),
    accountId: fc.constant('acc'),
    episodeKey: fc.uuid(),
    group: fc.constant('vip'),
    oldRatio: fc.constantFrom(0.5, 1, 2),
    newRatio: fc.constantFrom(0.8, 1.5, 3),
    affectedKeyNames: fc.constant(['ci-bot']),
  }),
);

/** What main keeps and notifies for a draft, in `language`. */
function raise(draft: AlertDraft, language: Language): { alert: AlertView; note: NativeNotification } {
  const notes: NativeNotification[] = [];
  let doc: { alerts: AlertView[] } = { alerts: [] };
  const service = new AlertsService({
    store: { read: () => doc, write: (next) => void (doc = next) },
    events: new EventBus(),
    notifier: { isNative: true, notify: (n) => notes.push(n), onClick: () => undefined, onAction: () => undefined },
    language: () => language,
    now: () => NOW_MS,
    newId: () => 'a1',
  });
  const alert = service.raiseAlert({ id: 'acc', label: 'Work', units: SPEC_MONEY }, draft);
  const note = notes[0];
  if (alert === null || note === undefined) throw new Error('not raised');
  return { alert, note };
}

describe('dates in notifications, every kind', () => {
  it('an expiring key or plan names the year it ends; no alert names a year decades away', () => {
    fc.assert(
      fc.property(draftArb, fc.constantFrom<Language>('en-US', 'zh-CN'), (draft, language) => {
        const { alert, note } = raise(draft, language);
        expect(note.body).not.toMatch(/19[67]\d/);
        if (alert.kind === 'expiring') {
          expect(alert.expiresAtMs).toBeGreaterThan(NOW_MS);
          expect(note.body).toContain(yearIn(alert.expiresAtMs, language));
        }
      }),
    );
  });
});
