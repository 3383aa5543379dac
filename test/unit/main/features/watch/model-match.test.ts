// Which key can call a model: the four conditions (usable, group serves it, allow list permits it, ratio known or
// not), the order (cheapest first by what the user pays in yuan, then ratio, then most quota left, unlimited first),
// and properties over random catalogs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_STATES, type AccountMoney, type KeyView } from '../../../../../src-shared/contract';
import { SPEC_ACCOUNT_MONEY } from '../../../../../src-shared/units';
import {
  allowListPermits,
  costYuanOf,
  matchKeysForModel,
  parseRatio,
  ratioOf,
} from '../../../../../src-main/features/watch/model-match';
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

  it('compares what the user pays across sites: a ×0.8 key on a US$ site comes after ×1 keys on a ¥ site', () => {
    // A default new-api site: 500,000 units = US$1, bought at its price of ¥7.3 per US$.
    const usd: AccountMoney = {
      site: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' },
      origin: 'site',
      fetchedAt: 0,
      yuanPerUsd: '7.3',
      yuanRateSource: 'site_price',
    };
    const dollars = fakeCatalog({
      accountId: 'acct-usd',
      accountLabel: 'US$ site',
      ratios: new Map([['default', 0.8]]),
      money: usd,
      keys: [fakeKey({ accountId: 'acct-usd', id: 1 })],
    });
    const yuan = fakeCatalog({
      accountId: 'acct-cny',
      accountLabel: '¥ site',
      money: SPEC_ACCOUNT_MONEY,
      keys: [fakeKey({ accountId: 'acct-cny', id: 1 }), fakeKey({ accountId: 'acct-cny', id: 2 })],
    });
    const matches = matchKeysForModel([dollars, yuan], 'gpt-4o-mini');
    expect(matches.map((m) => `${m.key.accountId}/${m.key.id}`)).toEqual(['acct-cny/1', 'acct-cny/2', 'acct-usd/1']);
    expect(matches.map((m) => m.ratio)).toEqual([1, 1, 0.8]);
    // ¥1 for 500,000 units at ×1; US$1 = ¥7.3 at ×0.8 is ¥5.84.
    expect(matches.map((m) => m.costYuan)).toEqual([1, 1, expect.closeTo(5.84, 10)]);
    // A site whose yuan rate is unknown has no cost: listed after every known one.
    expect(costYuanOf({ ...usd, yuanPerUsd: null }, 0.1)).toBeNull();
    expect(costYuanOf(usd, null)).toBeNull();
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
      // What the site's quota costs in yuan: a US$ site at some price, a ¥ site, or not known.
      yuanPerUsd: fc.option(fc.constantFrom('0.5', '1', '7.3'), { nil: null }),
      isYuanSite: fc.boolean(),
    })
    .map(({ keys, ratios, served, yuanPerUsd, isYuanSite }) =>
      fakeCatalog({
        accountId,
        accountLabel: accountId,
        keys,
        ratios: new Map(Object.entries(ratios)),
        groupModels: new Map(Object.entries(served)),
        money: isYuanSite
          ? SPEC_ACCOUNT_MONEY
          : {
              site: { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' },
              origin: 'site',
              fetchedAt: 0,
              yuanPerUsd,
              yuanRateSource: yuanPerUsd === null ? null : 'site_price',
            },
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
          // Unknown costs come after every known one; known ones never decrease; among equal costs, by ratio.
          if (before.costYuan === null) expect(here.costYuan).toBeNull();
          else if (here.costYuan !== null) expect(here.costYuan).toBeGreaterThanOrEqual(before.costYuan);
          if (before.costYuan !== here.costYuan) continue;
          if (before.ratio === null) expect(here.ratio).toBeNull();
          else if (here.ratio !== null) expect(here.ratio).toBeGreaterThanOrEqual(before.ratio);
        }
      }),
    );
  });
});
