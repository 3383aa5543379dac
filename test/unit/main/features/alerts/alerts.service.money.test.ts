// Notifications say money as the account's site shows it: a US$ site's balance in dollars with the yuan beside it,
// the threshold in the currency the user typed it in — never the spec's ¥ on a dollar site.
import { describe, expect, it } from 'vitest';
import type { AccountMoney, SiteMoney } from '../../../../../src-shared/contract';
import { EventBus } from '../../../../../src-main/event-bus';
import { AlertsService, EMPTY_ALERTS } from '../../../../../src-main/features/alerts/alerts.service';
import { MemoryStore, recordingNotifier } from '../quota/fakes';

describe('alert notifications', () => {
  it('name a US$ balance in dollars with the yuan beside it, and the threshold in dollars', () => {
    const site: SiteMoney = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' };
    const money: AccountMoney = { site, origin: 'site', fetchedAt: 1, yuanPerUsd: '7.3', yuanRateSource: 'site_price' };
    const notes = recordingNotifier();
    const alerts = new AlertsService({
      store: new MemoryStore(EMPTY_ALERTS),
      events: new EventBus(),
      notifier: notes.notifier,
      language: () => 'en-US',
      now: () => 1,
      newId: () => 'x',
    });
    alerts.raise(
      { id: 'a', label: 'Relay', units: site, money },
      { level: 'warn', balanceUnits: 2_100_000, thresholdUnits: 2_500_000 },
    );
    expect(notes.shown[0]?.body).toBe('Relay: $4.20 ≈ ¥30.66 left (below $5.00)');
  });
});
