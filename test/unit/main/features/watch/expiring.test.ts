// Expiring soon: the window (after now, within N days, both ends), keys that never expire or already expired left
// out, plan entries read whatever their wrapper and unit of time, soonest first; and a property over random keys.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expiringWithin, planEnd } from '../../../../../src-main/features/watch/expiring';
import { fakeKey } from './fakes';

const NOW = 1_800_000_000;
const DAY = 86_400;

describe('expiringWithin', () => {
  it('lists keys and plans ending after now and within N days, soonest first', () => {
    const items = expiringWithin(
      [
        {
          accountId: 'a',
          accountLabel: 'Work',
          keys: [
            fakeKey({ id: 1, name: 'in-3-days', expiredTime: NOW + 3 * DAY }),
            fakeKey({ id: 2, name: 'never', expiredTime: -1 }),
            fakeKey({ id: 3, name: 'past', expiredTime: NOW - 10, state: 'expired' }),
            fakeKey({ id: 4, name: 'edge', expiredTime: NOW + 7 * DAY }),
            fakeKey({ id: 5, name: 'too-far', expiredTime: NOW + 7 * DAY + 1 }),
            fakeKey({ id: 6, name: 'disabled-soon', expiredTime: NOW + DAY, state: 'disabled' }),
            fakeKey({ id: 7, name: 'unknown', expiredTime: null }),
          ],
          plans: [
            { subscription: { id: 9, plan: 'Pro monthly', expires_at: (NOW + 2 * DAY) * 1000 } },
            { id: 10, name: 'Open-ended', end_time: 0 },
          ],
        },
      ],
      NOW,
      7,
    );
    expect(items.map((i) => [i.kind, i.name])).toEqual([
      ['key', 'disabled-soon'],
      ['plan', 'Pro monthly'],
      ['key', 'in-3-days'],
      ['key', 'edge'],
    ]);
    expect(items[1]).toMatchObject({ expiresAt: NOW + 2 * DAY, key: null, accountLabel: 'Work' });
  });

  it('reads a plan’s end and name from the fields servers send, and nothing from an entry without an end', () => {
    expect(planEnd({ plan: { name: 'Nested' }, expired_at: NOW })).toEqual({ name: 'Nested', expiresAt: NOW });
    expect(planEnd({ id: 4, end_time: NOW })).toEqual({ name: '#4', expiresAt: NOW });
    expect(planEnd({ id: 4, expires_at: 0 })).toBeNull();
    expect(planEnd('not a plan')).toBeNull();
  });

  it('never lists a key outside the window or already expired (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 1000 }),
            expiredTime: fc.oneof(
              fc.constant(-1),
              fc.constant(null),
              fc.integer({ min: NOW - 30 * DAY, max: NOW + 30 * DAY }),
            ),
            state: fc.constantFrom('enabled', 'disabled', 'expired', 'exhausted' as const),
          }),
          { maxLength: 30 },
        ),
        fc.integer({ min: 1, max: 30 }),
        (keys, days) => {
          const views = keys.map((k) => fakeKey(k));
          const items = expiringWithin([{ accountId: 'a', accountLabel: 'A', keys: views, plans: [] }], NOW, days);
          const expected = views.filter(
            (k) =>
              k.expiredTime !== null &&
              k.state !== 'expired' &&
              k.expiredTime > NOW &&
              k.expiredTime <= NOW + days * DAY,
          );
          expect(items).toHaveLength(expected.length);
          for (let i = 1; i < items.length; i++) {
            expect(items[i]?.expiresAt).toBeGreaterThanOrEqual(items[i - 1]?.expiresAt ?? 0);
          }
        },
      ),
    );
  });
});
