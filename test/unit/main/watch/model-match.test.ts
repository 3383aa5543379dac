// Which key can call a model: the four conditions (usable, group serves it, allow list permits it, ratio known or
// not), the order (cheapest first, then most quota left, unlimited first), and properties over random catalogs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_STATES, type KeyView } from '../../../../src-shared/contract';
import {
  allowListPermits,
  matchKeysForModel,
  parseRatio,
  ratioOf,
} from '../../../../src-main/features/watch/model-match';
import { fakeCatalog, fakeKey } from './fakes';

const ids = (catalogs: Parameters<typeof matchKeysForModel>[0], model: string) =>
  matchKeysForModel(catalogs, model).map((m) => `${m.key.accountId}/${m.key.id}`);

describe('matchKeysForModel', () => {
  it('keeps only usable keys whose group serves the model and whose allow list permits it', () => {
    const catalog = fakeCatalog({
      keys: [
        fakeKey({ id: 1 }),
        fakeKey({ id: 2, state: 'disabled' }),
        fakeKey({ id: 3, state: 'expired' }),
        fakeKey({ id: 4, state: 'exhausted' }),
        fakeKey({ id: 5, group: 'vip' }), // vip does not serve gpt-4o-mini
        fakeKey({ id: 6, modelLimitsEnabled: true, modelLimits: ['gpt-4o'] }),
        fakeKey({ id: 7, modelLimitsEnabled: true, modelLimits: [] }), // an empty list narrows nothing
        fakeKey({ id: 8, modelLimitsEnabled: false, modelLimits: ['o3'] }), // a disabled list narrows nothing
        fakeKey({ id: 9, group: 'gone' }), // a group whose models could not be read
      ],
    });
    expect(ids([catalog], 'gpt-4o-mini')).toEqual(['acct-a/1', 'acct-a/7', 'acct-a/8']);
  });

  it('sorts cheapest ratio first, then most quota left with unlimited first, unknown ratios last', () => {
    const a = fakeCatalog({
      keys: [
        fakeKey({ id: 1, remainQuota: 100 }),
        fakeKey({ id: 2, remainQuota: 900 }),
        fakeKey({ id: 3, group: 'cheap', remainQuota: 1 }),
        fakeKey({ id: 4, unlimitedQuota: true, remainQuota: 0 }),
      ],
    });
    const b = fakeCatalog({
      accountId: 'acct-b',
      accountLabel: 'Account B',
      userGroup: null, // self could not be read: '' keys have no known ratio
      keys: [fakeKey({ accountId: 'acct-b', id: 1, remainQuota: 10 ** 9 })],
    });
    expect(ids([b, a], 'gpt-4o-mini')).toEqual(['acct-a/3', 'acct-a/4', 'acct-a/2', 'acct-a/1', 'acct-b/1']);
    expect(matchKeysForModel([a], 'gpt-4o-mini').map((m) => m.ratio)).toEqual([0.5, 1, 1, 1]);
  });

  it('bills a key of group "" at the user group ratio', () => {
    const catalog = fakeCatalog({ userGroup: 'vip', keys: [] });
    expect(ratioOf(catalog, '')).toBe(1.5);
    expect(ratioOf(catalog, 'cheap')).toBe(0.5);
    expect(ratioOf(catalog, 'nowhere')).toBeNull();
  });

  it('matches nothing for a blank model id and trims the asked id', () => {
    const catalog = fakeCatalog({ keys: [fakeKey({ id: 1 })] });
    expect(ids([catalog], '  ')).toEqual([]);
    expect(ids([catalog], ' gpt-4o ')).toEqual(['acct-a/1']);
  });

  it('reads ratios sent as numbers or numeric strings, and nothing else', () => {
    expect(parseRatio(1.5)).toBe(1.5);
    expect(parseRatio('0.8')).toBe(0.8);
    expect(parseRatio('')).toBeNull();
    expect(parseRatio('fast')).toBeNull();
    expect(parseRatio(-1)).toBeNull();
  });
});

const MODELS = ['m1', 'm2', 'm3'] as const;
const GROUPS = ['', 'g1', 'g2'] as const;
const keyArb = (accountId: string) =>
  fc
    .record({
      id: fc.integer({ min: 1, max: 10_000 }),
      state: fc.constantFrom(...KEY_STATES),
      group: fc.constantFrom(...GROUPS),
      remainQuota: fc.option(fc.integer({ min: 0, max: 10 ** 7 }), { nil: null }),
      unlimitedQuota: fc.boolean(),
      modelLimitsEnabled: fc.boolean(),
      modelLimits: fc.subarray([...MODELS]),
    })
    .map((k): KeyView => fakeKey({ ...k, accountId }));
const catalogArb = (accountId: string) =>
  fc
    .record({
      keys: fc.uniqueArray(keyArb(accountId), { selector: (k) => k.id, maxLength: 12 }),
      ratios: fc.dictionary(fc.constantFrom('default', 'g1', 'g2'), fc.double({ min: 0, max: 5, noNaN: true })),
      served: fc.dictionary(fc.constantFrom(...GROUPS), fc.subarray([...MODELS])),
    })
    .map(({ keys, ratios, served }) =>
      fakeCatalog({
        accountId,
        accountLabel: accountId,
        keys,
        ratios: new Map(Object.entries(ratios)),
        groupModels: new Map(Object.entries(served)),
      }),
    );

describe('matchKeysForModel, properties', () => {
  it('every match satisfies all conditions, every key satisfying them matches, and the order holds', () => {
    fc.assert(
      fc.property(fc.tuple(catalogArb('a'), catalogArb('b')), fc.constantFrom(...MODELS), (catalogs, model) => {
        const matches = matchKeysForModel(catalogs, model);
        const expected = catalogs.flatMap((c) =>
          c.keys.filter(
            (k) =>
              k.state === 'enabled' && (c.groupModels.get(k.group) ?? []).includes(model) && allowListPermits(k, model),
          ),
        );
        expect(matches.map((m) => m.key).sort((x, y) => x.id - y.id || x.accountId.localeCompare(y.accountId))).toEqual(
          [...expected].sort((x, y) => x.id - y.id || x.accountId.localeCompare(y.accountId)),
        );
        for (let i = 1; i < matches.length; i++) {
          const before = matches[i - 1];
          const here = matches[i];
          if (!before || !here) continue;
          // Unknown ratios come after every known one; known ones never decrease.
          if (before.ratio === null) expect(here.ratio).toBeNull();
          else if (here.ratio !== null) expect(here.ratio).toBeGreaterThanOrEqual(before.ratio);
        }
      }),
    );
  });
});
