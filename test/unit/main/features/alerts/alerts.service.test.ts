// The generalised alert model: old balance-only documents migrate, one alert per episode, per-kind notifications
// in both languages, and a runaway alert's Disable now / Dismiss as false alarm.
import { describe, expect, it } from 'vitest';
import type { AlertView, Language, Result } from '../../../../../src-shared/contract';
import { SPEC_MONEY } from '../../../../../src-shared/units';
import { EventBus } from '../../../../../src-main/event-bus';
import {
  AlertsService,
  alertsDocumentSchema,
  type AlertsDocument,
} from '../../../../../src-main/features/alerts/alerts.service';
import type { NativeNotification } from '../../../../../src-main/platform/ports';

function memoryStore(initial: AlertsDocument = { alerts: [] }) {
  let doc = initial;
  return { read: () => doc, write: (next: AlertsDocument) => void (doc = next) };
}

function service(language: Language = 'en-US') {
  const notes: NativeNotification[] = [];
  const events = new EventBus();
  const emitted: { event: string; payload: unknown }[] = [];
  events.subscribe((event, payload) => emitted.push({ event, payload }));
  let n = 0;
  const alerts = new AlertsService({
    store: memoryStore(),
    events,
    notifier: {
      isNative: true,
      notify: (note) => notes.push(note),
      onClick: () => undefined,
      onAction: () => undefined,
    },
    language: () => language,
    now: () => 1_700_000_000_000,
    newId: () => `id-${++n}`,
  });
  return { alerts, notes, emitted };
}

const account = { id: 'acc', label: 'Work', units: SPEC_MONEY };
const runawayDraft = (episode: string) =>
  ({
    kind: 'runaway',
    accountId: 'acc',
    episodeKey: `runaway:acc:7:${episode}`,
    keyId: 7,
    keyName: 'ci-bot',
    reason: 'rate',
    hourSpendUnits: 10_000_000,
    usualHourUnits: 500_000,
    dailyCapUnits: null,
    daySpendUnits: 12_000_000,
    resolution: null,
  }) as const;

describe('alert documents', () => {
  it('reads an alert stored before kinds as a balance alert, and drops only an entry that fits no kind', () => {
    const parsed = alertsDocumentSchema.parse({
      alerts: [
        {
          id: 'old',
          accountId: 'acc',
          accountLabel: 'Work',
          level: 'warn',
          balanceUnits: 1,
          thresholdUnits: 2,
          raisedAt: 5,
          isAcknowledged: false,
        },
        { id: 'broken', kind: 'runaway' },
      ],
    });
    expect(parsed.alerts).toHaveLength(1);
    expect(parsed.alerts[0]).toMatchObject({ kind: 'balance', id: 'old', level: 'warn', episodeKey: 'balance:old' });
  });

  it('reads an expiring alert stored with the site’s seconds (or milliseconds) as the time it names', () => {
    const stored = (expiresAt: number) => ({
      id: String(expiresAt),
      kind: 'expiring',
      accountId: 'acc',
      accountLabel: 'Work',
      episodeKey: `expiring:acc:key:7:${expiresAt}`,
      target: { type: 'key', keyId: 7, keyName: 'ci-bot' },
      expiresAt,
      raisedAt: 5,
      isAcknowledged: false,
    });
    const parsed = alertsDocumentSchema.parse({ alerts: [stored(1_800_000_000), stored(1_800_000_000_000)] });
    expect(parsed.alerts.map((a) => (a.kind === 'expiring' ? a.expiresAtMs : null))).toEqual([
      1_800_000_000_000, 1_800_000_000_000,
    ]);
  });

  it('round-trips every kind', () => {
    const { alerts } = service();
    alerts.raiseAlert(account, runawayDraft('1'));
    alerts.raiseAlert(account, {
      kind: 'expiring',
      accountId: 'acc',
      episodeKey: 'expiring:acc:key:7:1',
      target: { type: 'key', keyId: 7, keyName: 'ci-bot' },
      expiresAtMs: 1_700_100_000_000,
    });
    alerts.raiseAlert(account, {
      kind: 'price_change',
      accountId: 'acc',
      episodeKey: 'price:acc:vip:1:2',
      group: 'vip',
      oldRatio: 1,
      newRatio: 2,
      affectedKeyNames: ['a', 'b'],
    });
    const stored = JSON.parse(JSON.stringify({ alerts: alerts.list() })) as unknown;
    expect(alertsDocumentSchema.parse(stored).alerts).toEqual(alerts.list());
  });
});

describe('one alert per episode', () => {
  it('raises the first alert of an episode and ignores the rest; a new episode alerts again', () => {
    const { alerts, notes } = service();
    expect(alerts.raiseAlert(account, runawayDraft('1'))).not.toBeNull();
    expect(alerts.raiseAlert(account, runawayDraft('1'))).toBeNull();
    expect(alerts.raiseAlert(account, runawayDraft('2'))).not.toBeNull();
    expect(alerts.list()).toHaveLength(2);
    expect(notes).toHaveLength(2);
  });
});

describe('notification text per kind', () => {
  it.each(['en-US', 'zh-CN'] as const)('words a runaway key in %s', (language) => {
    const { alerts, notes } = service(language);
    alerts.raiseAlert(account, runawayDraft('1'));
    expect(notes[0]?.title).toBe(language === 'en-US' ? 'Key spending fast' : '密钥消耗异常');
    expect(notes[0]?.body).toContain('ci-bot');
    expect(notes[0]?.body).toContain('¥20');
  });
});

describe('runaway actions', () => {
  it('answers unavailable while nothing supplies the actions', async () => {
    const { alerts } = service();
    const raised = alerts.raiseAlert(account, runawayDraft('1')) as AlertView;
    const result = await alerts.resolveRunaway(raised.id, 'disable');
    expect(result.ok).toBe(false);
  });

  it('Disable now disables the key once and marks the alert; a failed disable leaves it open', async () => {
    const { alerts, emitted } = service();
    const calls: [string, number][] = [];
    let answer: Result<void> = { ok: false, error: { code: 'network' } };
    alerts.setRunawayActions({
      disableKey: (accountId, keyId) => {
        calls.push([accountId, keyId]);
        return Promise.resolve(answer);
      },
      dismiss: () => undefined,
    });
    const raised = alerts.raiseAlert(account, runawayDraft('1')) as AlertView;
    expect((await alerts.resolveRunaway(raised.id, 'disable')).ok).toBe(false);
    expect(alerts.list()[0]).toMatchObject({ resolution: null, isAcknowledged: false });
    answer = { ok: true, value: undefined };
    expect((await alerts.resolveRunaway(raised.id, 'disable')).ok).toBe(true);
    expect(calls).toEqual([
      ['acc', 7],
      ['acc', 7],
    ]);
    expect(alerts.list()[0]).toMatchObject({ resolution: 'disabled', isAcknowledged: true });
    expect(emitted.filter((e) => e.event === 'alerts:updated')).toHaveLength(1);
  });

  it('Dismiss as false alarm hands the alert to the baseline and sends nothing', async () => {
    const { alerts } = service();
    const dismissed: string[] = [];
    alerts.setRunawayActions({
      disableKey: () => Promise.reject(new Error('must not be called')),
      dismiss: (alert) => dismissed.push(alert.episodeKey),
    });
    const raised = alerts.raiseAlert(account, runawayDraft('1')) as AlertView;
    expect((await alerts.resolveRunaway(raised.id, 'dismiss')).ok).toBe(true);
    expect(dismissed).toEqual(['runaway:acc:7:1']);
    expect(alerts.list()[0]).toMatchObject({ resolution: 'dismissed' });
  });
});
