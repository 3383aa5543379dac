// Price changes: first sight is not a change, a change is reported once for a group a key uses (a '' key through the
// user's group) with old and new ratio and the affected keys, unused groups and missing groups are quiet; and over
// random ratio sequences, a change is reported exactly when a used group's ratio differs from the last seen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffRatios } from '../../../../../src-main/features/watch/price-watch';
import { fakeKey } from './fakes';

const keys = [
  fakeKey({ id: 1, name: 'main', group: '' }),
  fakeKey({ id: 2, name: 'fast', group: 'vip' }),
  fakeKey({ id: 3, name: 'fast-2', group: 'vip' }),
];
const ratios = (entries: Record<string, number>) => new Map(Object.entries(entries));

describe('diffRatios', () => {
  it('takes first sight as no change and remembers it', () => {
    const r = diffRatios('a', undefined, ratios({ default: 1, vip: 1.5 }), keys, 'default');
    expect(r.changes).toEqual([]);
    expect(r.next).toEqual({ default: 1, vip: 1.5 });
  });

  it('reports a used group once, with old and new ratio and its keys', () => {
    const seen = { default: 1, vip: 1.5, idle: 2 };
    const r = diffRatios('a', seen, ratios({ default: 1, vip: 2, idle: 3 }), keys, 'default');
    expect(r.changes).toEqual([
      {
        accountId: 'a',
        group: 'vip',
        oldRatio: 1.5,
        newRatio: 2,
        keys: [
          { id: 2, name: 'fast' },
          { id: 3, name: 'fast-2' },
        ],
      },
    ]);
    // Remembered: the same read again is no change.
    expect(diffRatios('a', r.next, ratios({ default: 1, vip: 2, idle: 3 }), keys, 'default').changes).toEqual([]);
  });

  it('bills a key of group "" as the user group, and keeps a group missing from a read', () => {
    const r = diffRatios('a', { default: 1, vip: 1.5 }, ratios({ default: 0.8 }), keys, 'default');
    expect(r.changes.map((c) => [c.group, c.keys.map((k) => k.name)])).toEqual([['default', ['main']]]);
    expect(r.next).toEqual({ default: 0.8, vip: 1.5 });
    // Without the user's group known, a '' key is affected by nothing.
    expect(
      diffRatios('a', { default: 1 }, ratios({ default: 2 }), [keys[0] ?? fakeKey({ id: 9 })], null).changes,
    ).toEqual([]);
  });

  it('over random sequences, reports exactly the used groups whose ratio moved (property)', () => {
    const read = fc.dictionary(fc.constantFrom('default', 'vip', 'idle'), fc.constantFrom(0.5, 1, 1.5, 2));
    fc.assert(
      fc.property(fc.array(read, { minLength: 1, maxLength: 8 }), (reads) => {
        let seen: Record<string, number> | undefined;
        for (const entries of reads) {
          const before = seen;
          const r = diffRatios('a', seen, ratios(entries), keys, 'default');
          const expected =
            before === undefined
              ? []
              : Object.entries(entries)
                  .filter(([g, v]) => g !== 'idle' && before[g] !== undefined && before[g] !== v)
                  .map(([g]) => g)
                  .sort();
          expect(r.changes.map((c) => c.group)).toEqual(expected);
          seen = r.next;
        }
      }),
    );
  });
});
