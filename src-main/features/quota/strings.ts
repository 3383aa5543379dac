// Main-side strings of the tray and native notifications, in both languages. The renderer has its own messages
// (vue-i18n); these few live here because main draws them. A test keeps the two languages key for key.
import type { Language } from '../../../src-shared/contract';

export interface QuotaStrings {
  readonly openKeydesk: string;
  readonly refreshNow: string;
  readonly quit: string;
  readonly noAccounts: string;
  readonly unknown: string;
  readonly stale: string;
  readonly levels: { readonly ok: string; readonly warn: string; readonly critical: string; readonly unknown: string };
  /** Tooltip: "Keydesk — Work: ¥12.34". */
  readonly tooltip: (account: string, balance: string) => string;
  readonly tooltipNoAccount: string;
  readonly alertTitle: { readonly warn: string; readonly critical: string; readonly soft_limit: string };
  /** "Work: ¥4.20 left (below ¥5.00)". */
  readonly alertBody: (account: string, balance: string, threshold: string) => string;
  readonly softLimitBody: (account: string, used: string, limit: string) => string;
  /** The menu's first line: "Total ≈ ¥120.00 · 1 unknown · ≈ ¥3.20/day · ≈ 37 days left". */
  readonly total: (amount: string | null, unknown: number, perDay: string | null, daysLeft: number | null) => string;
}

export const QUOTA_STRINGS: Readonly<Record<Language, QuotaStrings>> = {
  'en-US': {
    openKeydesk: 'Open Keydesk',
    refreshNow: 'Refresh now',
    quit: 'Quit Keydesk',
    noAccounts: 'No accounts yet',
    unknown: 'unknown',
    stale: 'not current',
    levels: { ok: 'OK', warn: 'Low', critical: 'Critical', unknown: 'Unknown' },
    tooltip: (account, balance) => `Keydesk — ${account}: ${balance}`,
    tooltipNoAccount: 'Keydesk',
    alertTitle: { warn: 'Balance low', critical: 'Balance critical', soft_limit: 'Key soft limit reached' },
    alertBody: (account, balance, threshold) => `${account}: ${balance} left (below ${threshold})`,
    softLimitBody: (account, used, limit) => `${account}: ${used} used (soft limit ${limit})`,
    total: (amount, unknown, perDay, daysLeft) =>
      [
        amount === null ? 'Total unknown' : `Total ≈ ${amount}`,
        unknown > 0 ? `${unknown} unknown` : null,
        perDay === null ? null : `≈ ${perDay}/day`,
        daysLeft === null ? null : `≈ ${daysLeft} days left`,
      ]
        .filter((part) => part !== null)
        .join(' · '),
  },
  'zh-CN': {
    openKeydesk: '打开 Keydesk',
    refreshNow: '立即刷新',
    quit: '退出 Keydesk',
    noAccounts: '还没有账户',
    unknown: '未知',
    stale: '非最新',
    levels: { ok: '正常', warn: '偏低', critical: '告急', unknown: '未知' },
    tooltip: (account, balance) => `Keydesk — ${account}：${balance}`,
    tooltipNoAccount: 'Keydesk',
    alertTitle: { warn: '余额偏低', critical: '余额告急', soft_limit: '密钥已达软上限' },
    alertBody: (account, balance, threshold) => `${account}：剩余 ${balance}（低于 ${threshold}）`,
    softLimitBody: (account, used, limit) => `${account}：已用 ${used}（软上限 ${limit}）`,
    total: (amount, unknown, perDay, daysLeft) =>
      [
        amount === null ? '合计未知' : `合计 ≈ ${amount}`,
        unknown > 0 ? `${unknown} 个未知` : null,
        perDay === null ? null : `≈ ${perDay}/天`,
        daysLeft === null ? null : `约可用 ${daysLeft} 天`,
      ]
        .filter((part) => part !== null)
        .join(' · '),
  },
};
