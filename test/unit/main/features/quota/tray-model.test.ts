// The tray's content as a pure function of state, in both languages: worst-state icon, the title beside it (the total,
// the active balance or none), a tooltip of every balance and the lowest days left within the platforms' bound, one
// menu row per account with balance and level word, refresh / open / quit; and the strings kept in sync.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type BalanceView } from '../../../../../src-shared/contract';
import { DEFAULT_UNITS } from '../../../../../src-shared/units';
import { QUOTA_STRINGS } from '../../../../../src-main/features/quota/strings';
import { trayModel, type TrayState } from '../../../../../src-main/features/quota/tray-model';

const view = (accountId: string, over: Partial<BalanceView> = {}): BalanceView => ({
  accountId,
  remainingUnits: 6_170_000,
  usedUnits: 1_000_000,
  isUnlimited: false,
  softLimitUnits: null,
  hardLimitUnits: null,
  fetchedAt: 1,
  isStale: false,
  level: 'ok',
  error: null,
  daysLeft: null,
  ...over,
});

const accounts = [
  { id: 'w', label: 'Work', units: DEFAULT_UNITS },
  { id: 'h', label: 'Home', units: DEFAULT_UNITS },
];
const state = (balances: BalanceView[], over: Partial<TrayState> = {}): TrayState => ({
  language: 'en-US',
  accounts,
  activeId: 'h',
  balances: new Map(balances.map((b) => [b.accountId, b])),
  ...over,
});

describe('trayModel', () => {
  it('lists every account with its balance, marks the active one, and ends with refresh, open and quit', () => {
    const model = trayModel(state([view('w'), view('h', { remainingUnits: 2_100_000, level: 'warn' })]));
    expect(model.tooltip).toBe('Keydesk\nWork: ¥12.34\nHome: ¥4.20 (Low)');
    const labels = model.items.map((i) => (i.kind === 'item' ? i.label : '—'));
    expect(labels).toEqual([
      'Total ≈ ¥16.54',
      '—',
      'Work — ¥12.34',
      'Home — ¥4.20 (Low)',
      '—',
      'Refresh now',
      'Open Keydesk',
      '—',
      'Quit Keydesk',
    ]);
    const rows = model.items.filter((i) => i.kind === 'item' && i.action.kind === 'account');
    expect(rows.map((r) => r.kind === 'item' && [r.id, r.isChecked, r.level])).toEqual([
      ['account:w', false, 'ok'],
      ['account:h', true, 'warn'],
    ]);
    expect(model.icon).toBe('low');
  });

  it('heads the menu with the total, its spend rate across accounts and the days left at that rate', () => {
    const model = trayModel(
      state([view('w', { spendPerDayUnits: 500_000 }), view('h', { remainingUnits: 2_100_000, spendPerDayUnits: 0 })]),
    );
    // ¥12.34 + ¥4.20 = ¥16.54, spending ¥1.00 a day: ≈ 16.5 days.
    expect(model.items[0]).toMatchObject({
      id: 'total',
      isEnabled: false,
      label: 'Total ≈ ¥16.54 · ≈ ¥1.00/day · ≈ 16.5 days left',
    });
    const chinese = trayModel(state([view('w', { spendPerDayUnits: 500_000 }), view('h')], { language: 'zh-CN' }));
    // Home has no spend rate yet: the days left are those of Work's money only (¥12.34 at ¥1.00 a day).
    expect(chinese.items[0]).toMatchObject({ label: '合计 ≈ ¥24.68 · ≈ ¥1.00/天 · 约可用 12.3 天' });
  });

  it('takes the worst state across accounts for the icon: critical > stale or error > low > ok', () => {
    expect(trayModel(state([view('w'), view('h')])).icon).toBe('ok');
    expect(trayModel(state([view('w', { level: 'warn' }), view('h', { isStale: true })])).icon).toBe('stale');
    expect(trayModel(state([view('w', { error: { code: 'network' } }), view('h')])).icon).toBe('stale');
    expect(trayModel(state([view('w', { level: 'critical' }), view('h', { isStale: true })])).icon).toBe('critical');
    expect(trayModel(state([view('w')])).icon).toBe('stale'); // Home never fetched: unknown
  });

  it('shows unknown as unknown and unlimited as unlimited, never ¥0.00', () => {
    const model = trayModel(
      state([
        view('w', { remainingUnits: null, level: 'unknown' }),
        view('h', { isUnlimited: true, remainingUnits: null }),
      ]),
    );
    const labels = model.items.flatMap((i) => (i.kind === 'item' ? [i.label] : []));
    // The total: nothing known to add, one account unknown (the unlimited one is not counted).
    expect(labels[0]).toBe('Total unknown · 1 unknown');
    expect(labels[1]).toBe('Work — unknown (Unknown)');
    expect(labels[2]).toBe('Home — Unlimited');
    expect(labels.join(' ')).not.toContain('¥0.00');
  });

  it('speaks Chinese, with stale values marked', () => {
    const model = trayModel(
      state([view('w', { isStale: true }), view('h', { level: 'critical', remainingUnits: 500_000 })], {
        language: 'zh-CN',
      }),
    );
    expect(model.tooltip).toBe('Keydesk\nWork：¥12.34\nHome：¥1.00 (告急)');
    const labels = model.items.flatMap((i) => (i.kind === 'item' ? [i.label] : []));
    expect(labels).toEqual([
      '合计 ≈ ¥13.34',
      'Work — ¥12.34 (非最新)',
      'Home — ¥1.00 (告急)',
      '立即刷新',
      '打开 Keydesk',
      '退出 Keydesk',
    ]);
  });

  it('with no accounts: a disabled hint row and the plain tooltip; hidden accounts stay out of the tray', () => {
    const empty = trayModel(state([], { accounts: [], activeId: null }));
    expect(empty.tooltip).toBe('Keydesk');
    expect(empty.items[0]).toMatchObject({ id: 'no-accounts', isEnabled: false, label: 'No accounts yet' });
    const hidden = trayModel(
      state([view('w'), view('h')], { accounts: [accounts[0], { ...accounts[1], isHidden: true }] as never }),
    );
    expect(hidden.items.filter((i) => i.id.startsWith('account:'))).toHaveLength(1);
    expect(hidden.tooltip).toBe('Keydesk\nWork: ¥12.34');
  });

  it('keeps ids stable across renders so the adapter can update labels in place', () => {
    const a = trayModel(state([view('w'), view('h')]));
    const b = trayModel(state([view('w', { remainingUnits: 1 }), view('h', { level: 'warn' })]));
    expect(b.items.map((i) => i.id)).toEqual(a.items.map((i) => i.id));
  });
});

describe('main-side quota strings', () => {
  it('has the same keys in both languages, none empty', () => {
    const shape = (o: object): string[] =>
      Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? shape(v).map((s) => `${k}.${s}`) : [k],
      );
    const [first, ...rest] = LANGUAGES.map((l) => shape(QUOTA_STRINGS[l]).sort());
    for (const other of rest) expect(other).toEqual(first);
    for (const l of LANGUAGES) {
      for (const v of Object.values(QUOTA_STRINGS[l])) if (typeof v === 'string') expect(v.length).toBeGreaterThan(0);
      expect(QUOTA_STRINGS[l].alertBody('A', '¥4.20', '¥5.00')).toContain('¥4.20');
    }
  });
});

describe('trayModel money', () => {
  it('shows a US$ site’s balance in dollars with the yuan beside it, as the console shows it', () => {
    const usd = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' } as const;
    const relay = {
      id: 'r',
      label: 'Relay',
      units: usd,
      money: { site: usd, origin: 'site', fetchedAt: 1, yuanPerUsd: '7.3', yuanRateSource: 'site_price' },
    } as const;
    const model = trayModel(state([view('r', { remainingUnits: 500_000 })], { accounts: [relay], activeId: 'r' }));
    expect(model.tooltip).toBe('Keydesk\nRelay: $1.00 ≈ ¥7.30');
  });
});

describe('the tray’s title and tooltip', () => {
  const usd = { displayType: 'USD', quotaPerUnit: 500_000, rate: '1', symbol: '$', price: '7.3' } as const;
  const relay = {
    id: 'r',
    label: 'Relay',
    units: usd,
    money: { site: usd, origin: 'site', fetchedAt: 1, yuanPerUsd: '7.3', yuanRateSource: 'site_price' },
  } as const;

  it('says the total in yuan by default, the active account’s own amount, or nothing, as the user picks', () => {
    const both = state([view('w'), view('h', { remainingUnits: 2_100_000 })]);
    expect(trayModel(both).title).toBe('¥16.54');
    expect(trayModel({ ...both, title: 'total' }).title).toBe('¥16.54');
    expect(trayModel({ ...both, title: 'active' }).title).toBe('¥4.20');
    expect(trayModel({ ...both, title: 'none' }).title).toBe('');
    // A dollar site: the total adds its yuan at the site's price; the active one shows its own dollars.
    const mixed = state([view('w'), view('r', { remainingUnits: 500_000 })], {
      accounts: [accounts[0], relay] as never,
      activeId: 'r',
    });
    expect(trayModel(mixed).title).toBe('¥19.64');
    expect(trayModel({ ...mixed, title: 'active' }).title).toBe('$1.00');
  });

  it('never says an unknown balance as zero: a floor while some are unknown, a dash when none is known', () => {
    const partial = state([view('w')]);
    expect(trayModel(partial).title).toBe('≥¥12.34');
    expect(trayModel({ ...partial, title: 'active' }).title).toBe('—');
    expect(trayModel(state([])).title).toBe('—');
    expect(trayModel(state([view('w', { remainingUnits: null })], { title: 'total' })).title).not.toContain('0.00');
    const unlimited = state([view('h', { isUnlimited: true, remainingUnits: null })], { title: 'active' });
    expect(trayModel(unlimited).title).toBe('Unlimited');
    expect(trayModel({ ...unlimited, language: 'zh-CN' }).title).toBe('无限');
    expect(trayModel(state([], { accounts: [], activeId: null })).title).toBe('');
  });

  it('ends the tooltip with the lowest days left across accounts, in both languages', () => {
    const days = state([view('w', { daysLeft: 12.5 }), view('h', { daysLeft: 3.2 })]);
    expect(trayModel(days).tooltip).toBe('Keydesk\nWork: ¥12.34\nHome: ¥12.34\n≈ 3.2 days left (Home)');
    expect(
      trayModel({ ...days, language: 'zh-CN' })
        .tooltip.split('\n')
        .at(-1),
    ).toBe('约可用 3.2 天（Home）');
  });

  it('keeps the tooltip within 127 UTF-16 units: accounts that do not fit are counted, the days left kept', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      id: `a${String(i)}`,
      label: `一个很长很长的账户名称 number ${String(i)}`,
      units: DEFAULT_UNITS,
    }));
    const model = trayModel(
      state(
        many.map((a, i) => view(a.id, { daysLeft: 40 - i })),
        { accounts: many, activeId: 'a0' },
      ),
    );
    expect(model.tooltip.length).toBeLessThanOrEqual(127);
    const lines = model.tooltip.split('\n');
    expect(lines[0]).toBe('Keydesk');
    expect(lines.at(-1)).toMatch(/^≈ 29 days left \(一个很长很长的账户名称 number 11\)$/);
    const shownAccounts = lines.filter((l) => l.includes('¥')).length;
    expect(shownAccounts).toBeGreaterThan(0);
    expect(lines.at(-2)).toBe(`+${String(12 - shownAccounts)} more`);
  });
});
