// @vitest-environment happy-dom
// The quota meter (unlimited chip, negative remaining shown honestly, unknown as "—", amounts in text), the quota
// input (yuan ↔ units exact, no float drift: property test) and the search validator (spec 4.4).
import { mount } from '@vue/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import KeyQuotaMeter from '../../../../../src-renderer/src/components/keys/KeyQuotaMeter.vue';
import QuotaInput from '../../../../../src-renderer/src/components/keys/QuotaInput.vue';
import { checkSearch } from '../../../../../src-renderer/src/components/keys/search-rules';
import { createAppI18n } from '../../../../../src-renderer/src/i18n';
import { DEFAULT_UNITS, SPEC_ACCOUNT_MONEY, unitsToDecimalString } from '../../../../../src-shared/units';

const i18n = (lang: 'en-US' | 'zh-CN' = 'en-US') => createAppI18n(lang);
const meter = (
  item: { remainQuota: number | null; usedQuota: number | null; unlimitedQuota: boolean },
  lang?: 'zh-CN',
) => mount(KeyQuotaMeter, { props: { item, money: SPEC_ACCOUNT_MONEY }, global: { plugins: [i18n(lang)] } });

describe('KeyQuotaMeter', () => {
  it('shows remaining of granted in yuan with a meter', () => {
    const w = meter({ remainQuota: 5_000_000, usedQuota: 1_250_000, unlimitedQuota: false });
    expect(w.get('[data-testid=quota-remaining]').text()).toBe('¥10.00');
    expect(w.text()).toContain('of ¥12.50');
    expect(w.get('[role=meter]').attributes('aria-valuenow')).toBe('80');
  });

  it('shows an unlimited chip, and a negative remaining honestly', () => {
    const w = meter({ remainQuota: -1_250_000, usedQuota: 600, unlimitedQuota: true });
    expect(w.get('[data-testid=quota-unlimited]').text()).toBe('Unlimited');
    expect(w.get('[data-testid=quota-negative]').text()).toContain('-¥2.50');
    // Kept to one line in a table row of fixed height: the whole sentence stays readable in its title.
    expect(w.get('[data-testid=quota-negative]').attributes('title')).toBe(
      w.get('[data-testid=quota-negative]').text(),
    );
    expect(w.text()).toContain('¥0.0012 used');
    expect(meter({ remainQuota: 0, usedQuota: 0, unlimitedQuota: true }, 'zh-CN').text()).toContain('无限');
  });

  it('shows unknown as — never ¥0.00, and an exhausted key as critical', () => {
    const w = meter({ remainQuota: null, usedQuota: 3, unlimitedQuota: false });
    expect(w.get('[data-testid=quota-unknown]').text()).toBe('—');
    expect(w.text()).not.toMatch(/¥0\.00(?!\d)/);
    expect(meter({ remainQuota: 0, usedQuota: 10, unlimitedQuota: false }).attributes('data-level')).toBe('critical');
  });
});

describe('QuotaInput', () => {
  const mountInput = (units: number | null = null) =>
    mount(QuotaInput, { props: { units, settings: DEFAULT_UNITS }, global: { plugins: [i18n()] } });
  const type = async (w: ReturnType<typeof mountInput>, text: string) => {
    await w.get('input').setValue(text);
    const events = w.emitted('update:units') ?? [];
    return events.at(-1)?.[0];
  };

  it('converts typed yuan to exact units and refuses what is not a whole unit', async () => {
    const w = mountInput();
    expect(await type(w, '12.5')).toBe(6_250_000);
    expect(await type(w, '0.000002')).toBe(1);
    expect(await type(w, '0.1')).toBe(50_000);
    expect(await type(w, '0.0000001')).toBeNull();
    expect(w.get('[data-testid=quota-input-hint]').text()).toContain('steps of ¥0.000002');
    expect(await type(w, 'abc')).toBeNull();
    expect(await type(w, '-1')).toBeNull();
  });

  it('round-trips any unit amount through its yuan text without float drift', async () => {
    const w = mountInput();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), async (units) => {
        expect(await type(w, unitsToDecimalString(units))).toBe(units);
      }),
      { numRuns: 200 },
    );
  });

  it('starts from the given units as an exact decimal', () => {
    expect((mountInput(6_172_839).get('input').element as HTMLInputElement).value).toBe('12.345678');
  });
});

describe('checkSearch (new-api rules, counted in bytes)', () => {
  it('accepts exact patterns and fuzzy ones within the rules', () => {
    expect(checkSearch('primary', 'name')).toEqual({ isFuzzy: false });
    expect(checkSearch('%pr%', 'name')).toEqual({ isFuzzy: true });
    expect(checkSearch('企业%', 'name')).toEqual({ isFuzzy: true });
    expect(checkSearch('sk-ab%', 'key')).toEqual({ isFuzzy: true });
    // One Chinese character is 3 bytes: enough for the server.
    expect(checkSearch('%测%', 'name')).toEqual({ isFuzzy: true });
    expect(checkSearch('企%', 'name')).toEqual({ isFuzzy: true });
  });

  it('names the broken rule', () => {
    expect(checkSearch('%a%b%', 'name').reason).toBe('tooManyWildcards');
    expect(checkSearch('%a%', 'name').reason).toBe('tooFewBytes');
    expect(checkSearch('sk-a%', 'key').reason).toBe('tooFewBytes');
    expect(checkSearch('%%ab', 'name').reason).toBe('adjacentWildcards');
    expect(checkSearch('a\u0000b', 'name').reason).toBe('invalidCharacters');
    expect(checkSearch('\ud800x', 'name').reason).toBe('invalidCharacters');
  });

  it('agrees with the rule for any pattern: %%, more than 2 %, or fewer than 2 other bytes is refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z测%]{0,8}$/), (p) => {
        const pct = p.split('%').length - 1;
        const rest = new TextEncoder().encode(p.replaceAll('%', '')).length;
        const isOk = pct === 0 || (!p.includes('%%') && pct <= 2 && rest >= 2);
        expect(checkSearch(p, 'name').reason === undefined).toBe(isOk);
      }),
    );
  });
});
