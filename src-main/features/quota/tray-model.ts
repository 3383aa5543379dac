// The tray's content as a pure function of state: icon (worst state across accounts), title (the text beside the
// icon where the platform draws one: the total or the active account's balance, as the user picks, or none), tooltip
// (every account's balance and the lowest days left, bounded) and menu (the total in yuan with the spend rate, every
// account with its balance and colour, refresh, open, quit). The Electron adapter only draws what this returns, so
// everything the user reads in the tray is unit-tested here.
import type { AccountMoney, BalanceLevel, BalanceView, Language, TrayTitle } from '../../../src-shared/contract';
import {
  accountsTotal,
  formatQuota,
  formatQuotaMoney,
  formatYuanAmount,
  type UnitSettings,
} from '../../../src-shared/units';
import type { TrayIconState, TrayItem, TrayModel } from '../../platform/ports';
import { QUOTA_STRINGS } from './strings';

export interface TrayAccount {
  readonly id: string;
  readonly label: string;
  readonly units: UnitSettings;
  /** With the yuan rate: non-yuan balances show the yuan they cost beside them. */
  readonly money?: AccountMoney;
  readonly isHidden?: boolean;
  readonly isDisabled?: boolean;
}

export interface TrayState {
  readonly language: Language;
  readonly accounts: readonly TrayAccount[];
  readonly activeId: string | null;
  /** By account id; a missing view is unknown. */
  readonly balances: ReadonlyMap<string, BalanceView>;
  /** What the text beside the icon shows (absent: the total). */
  readonly title?: TrayTitle;
}

/**
 * Windows keeps a tray tooltip in NOTIFYICONDATA.szTip: 128 UTF-16 code units with the terminating NUL, and a longer
 * one has crashed Electron there (electron/electron#3290). One bound everywhere, so every platform shows the same text.
 */
export const MAX_TOOLTIP_UNITS = 127;
/** The menu bar is shared with every other app: the text beside the icon stays short. */
export const MAX_TITLE_CHARS = 24;

const ICON_RANK: Readonly<Record<TrayIconState, number>> = { ok: 0, low: 1, stale: 2, critical: 3 };

/** One account's icon state: critical beats not-current (money may be gone), not-current beats low. */
export function iconStateOf(view: BalanceView | undefined): TrayIconState {
  if (!view || view.level === 'unknown') return 'stale';
  if (view.level === 'critical') return 'critical';
  if (view.isStale || view.error !== null) return 'stale';
  return view.level === 'warn' ? 'low' : 'ok';
}

export function balanceText(view: BalanceView | undefined, account: TrayAccount, language: Language): string {
  if (!view) return QUOTA_STRINGS[language].unknown;
  if (view.isUnlimited) return formatQuota({ kind: 'unlimited' }, language, account.units);
  if (view.remainingUnits === null) return QUOTA_STRINGS[language].unknown;
  const value = { kind: 'limited', units: view.remainingUnits } as const;
  return account.money ? formatQuotaMoney(value, language, account.money) : formatQuota(value, language, account.units);
}

function accountLabel(account: TrayAccount, view: BalanceView | undefined, language: Language): string {
  const strings = QUOTA_STRINGS[language];
  const level: BalanceLevel = view?.level ?? 'unknown';
  // Colour is never the only signal: the level word goes in the label too (menus cannot colour text anyway).
  const marks: string[] = [];
  if (level !== 'ok') marks.push(strings.levels[level]);
  if (view && level !== 'unknown' && (view.isStale || view.error !== null)) marks.push(strings.stale);
  const suffix = marks.length > 0 ? ` (${marks.join(', ')})` : '';
  return `${account.label} — ${balanceText(view, account, language)}${suffix}`;
}

/** The money of an account drawn without it: its own units, and no yuan rate (so only a yuan site is added). */
const moneyOf = (account: TrayAccount) =>
  account.money ?? {
    site: account.units,
    origin: 'site' as const,
    fetchedAt: null,
    yuanPerUsd: null,
    yuanRateSource: null,
  };

/** The total line: yuan across the enabled accounts, unknown ones counted as such, the spend rate, days left. */
export function totalText(state: TrayState, shown: readonly TrayAccount[]): string {
  const total = accountsTotal(
    shown
      .filter((a) => a.isDisabled !== true)
      .map((a) => {
        const view = state.balances.get(a.id);
        return {
          id: a.id,
          units: view?.remainingUnits ?? null,
          isUnlimited: view?.isUnlimited ?? false,
          money: moneyOf(a),
          spendPerDayUnits: view?.spendPerDayUnits ?? null,
        };
      }),
  );
  const perDay =
    total.yuanPerDay === null
      ? null
      : total.yuanPerDay.toFixed(total.yuanPerDay > 0 && total.yuanPerDay < 0.01 ? 6 : 2);
  return QUOTA_STRINGS[state.language].total(
    total.counted > 0 ? formatYuanAmount(total.yuan) : null,
    total.unknown.length + total.excluded.length,
    perDay === null ? null : formatYuanAmount(perDay),
    total.daysLeft,
  );
}

/** Cut to `max` characters (never half a surrogate pair), with an ellipsis when cut. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

/** The text beside the icon: the total in yuan (a floor, `≥`, while some balance is unknown), the active balance, or none. */
export function titleText(state: TrayState, shown: readonly TrayAccount[], active: TrayAccount | undefined): string {
  const mode = state.title ?? 'total';
  if (mode === 'none' || shown.length === 0) return '';
  if (mode === 'active') {
    if (!active) return '';
    const view = state.balances.get(active.id);
    // The site's own amount, without the yuan beside it: the menu bar has room for one number.
    if (!view || (!view.isUnlimited && view.remainingUnits === null)) return '—';
    const value = view.isUnlimited
      ? ({ kind: 'unlimited' } as const)
      : ({ kind: 'limited', units: view.remainingUnits ?? 0 } as const);
    return bounded(formatQuota(value, state.language, active.units), MAX_TITLE_CHARS);
  }
  const total = accountsTotal(
    shown
      .filter((a) => a.isDisabled !== true)
      .map((a) => {
        const view = state.balances.get(a.id);
        return {
          id: a.id,
          units: view?.remainingUnits ?? null,
          isUnlimited: view?.isUnlimited ?? false,
          money: moneyOf(a),
          spendPerDayUnits: null,
        };
      }),
  );
  if (total.counted === 0) return '—';
  const isPartial = total.unknown.length + total.excluded.length > 0;
  return bounded(`${isPartial ? '≥' : ''}${formatYuanAmount(total.yuan)}`, MAX_TITLE_CHARS);
}

/**
 * "Keydesk", one line per account with its balance (and its level word when not OK), then the lowest days left;
 * within MAX_TOOLTIP_UNITS: accounts that do not fit are counted on a last line, the days-left line always kept.
 */
export function tooltipText(state: TrayState, shown: readonly TrayAccount[]): string {
  const strings = QUOTA_STRINGS[state.language];
  if (shown.length === 0) return strings.tooltipNoAccount;
  let lowest: { days: number; label: string } | null = null;
  for (const account of shown) {
    if (account.isDisabled === true) continue;
    const days = state.balances.get(account.id)?.daysLeft;
    if (typeof days === 'number' && (lowest === null || days < lowest.days)) lowest = { days, label: account.label };
  }
  const tail = lowest === null ? [] : [bounded(strings.tooltipDaysLeft(lowest.days, lowest.label), 60)];
  const lines = ['Keydesk'];
  const fits = (extra: readonly string[]) => [...lines, ...extra, ...tail].join('\n').length <= MAX_TOOLTIP_UNITS;
  for (const [index, account] of shown.entries()) {
    const view = state.balances.get(account.id);
    const level = view?.level ?? 'unknown';
    const mark = level === 'ok' || level === 'unknown' ? '' : ` (${strings.levels[level]})`;
    const line = bounded(
      strings.tooltipLine(account.label, `${balanceText(view, account, state.language)}${mark}`),
      60,
    );
    const rest = shown.length - index - 1;
    // The line goes in if it fits with, when others follow, room left to say how many did not.
    if (fits(rest > 0 ? [line, strings.tooltipMore(rest)] : [line])) {
      lines.push(line);
      continue;
    }
    lines.push(strings.tooltipMore(shown.length - index));
    break;
  }
  return [...lines, ...tail].join('\n');
}

export function trayModel(state: TrayState): TrayModel {
  const strings = QUOTA_STRINGS[state.language];
  const shown = state.accounts.filter((a) => a.isHidden !== true);
  let icon: TrayIconState = 'ok';
  for (const account of shown) {
    if (account.isDisabled === true) continue;
    const candidate = iconStateOf(state.balances.get(account.id));
    if (ICON_RANK[candidate] > ICON_RANK[icon]) icon = candidate;
  }
  const active = shown.find((a) => a.id === state.activeId) ?? shown[0];
  const tooltip = tooltipText(state, shown);
  const title = titleText(state, shown, active);

  const accountItems: TrayItem[] =
    shown.length === 0
      ? [{ kind: 'item', id: 'no-accounts', label: strings.noAccounts, action: { kind: 'open' }, isEnabled: false }]
      : shown.map((account) => {
          const view = state.balances.get(account.id);
          return {
            kind: 'item',
            id: `account:${account.id}`,
            label: accountLabel(account, view, state.language),
            action: { kind: 'account', accountId: account.id },
            level: view?.level ?? 'unknown',
            isChecked: account.id === active?.id,
          };
        });
  return {
    icon,
    title,
    tooltip,
    items: [
      ...(shown.length === 0
        ? []
        : [
            {
              kind: 'item',
              id: 'total',
              label: totalText(state, shown),
              action: { kind: 'open' },
              isEnabled: false,
            } as const,
            { kind: 'separator', id: 'separator-0' } as const,
          ]),
      ...accountItems,
      { kind: 'separator', id: 'separator-1' },
      { kind: 'item', id: 'refresh', label: strings.refreshNow, action: { kind: 'refresh' } },
      { kind: 'item', id: 'open', label: strings.openKeydesk, action: { kind: 'open' } },
      { kind: 'separator', id: 'separator-2' },
      { kind: 'item', id: 'quit', label: strings.quit, action: { kind: 'quit' } },
    ],
  };
}
