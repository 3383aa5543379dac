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
  /** One account's line of the tooltip: "Work: ¥12.34". */
  readonly tooltipLine: (account: string, balance: string) => string;
  readonly tooltipNoAccount: string;
  readonly alertTitle: { readonly warn: string; readonly critical: string; readonly soft_limit: string };
  /** "Work: ¥4.20 left (below ¥5.00)". */
  readonly alertBody: (account: string, balance: string, threshold: string) => string;
  readonly softLimitBody: (account: string, used: string, limit: string) => string;
  /** The menu's first line: "Total ≈ ¥120.00 · 1 unknown · ≈ ¥3.20/day · ≈ 37 days left". */
  readonly total: (amount: string | null, unknown: number, perDay: string | null, daysLeft: number | null) => string;
  readonly runawayTitle: string;
  /** "Work · ci-bot: ¥12.00 in the last hour (usually ¥0.50)". */
  readonly runawayBody: (account: string, key: string, hour: string, usual: string) => string;
  readonly runawayCapBody: (account: string, key: string, day: string, cap: string) => string;
  /** The runaway notification's button (where the OS shows buttons). */
  readonly disableNow: string;
  readonly expiringTitle: string;
  readonly expiringKeyBody: (account: string, key: string, when: string) => string;
  readonly expiringPlanBody: (account: string, plan: string, when: string) => string;
  readonly expiringTokenBody: (account: string, when: string) => string;
  readonly priceChangeTitle: string;
  readonly priceChangeBody: (account: string, group: string, from: string, to: string, keys: string) => string;
  readonly allowanceTitle: string;
  /** Why an allowance stopped on its own, or that its refill keeps failing. */
  readonly allowanceBody: (
    account: string,
    key: string,
    reason: 'edited_elsewhere' | 'made_unlimited' | 'made_limited' | 'deleted' | 'rotated' | 'refill_failed',
  ) => string;
  readonly rotationTitle: string;
  readonly rotationBody: (account: string, oldKey: string) => string;
  /** Between the names of a list ("a, b"). */
  readonly listSeparator: string;
  readonly agentTitle: string;
  /** "Work · ci-bot: its full key was handed to claude-code". */
  readonly agentRevealBody: (account: string, key: string, client: string) => string;
  readonly agentDisableBody: (account: string, key: string, client: string) => string;
  /** An agent that gave no name. */
  readonly agentUnnamed: string;
  /** The tooltip's line for days left: "≈ 12 days left at the current rate (Work)". */
  readonly tooltipDaysLeft: (days: number, account: string) => string;
  /** The tooltip's last line when accounts did not fit: "+3 more". */
  readonly tooltipMore: (n: number) => string;
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
    tooltipLine: (account, balance) => `${account}: ${balance}`,
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
    runawayTitle: 'Key spending fast',
    runawayBody: (account, key, hour, usual) => `${account} · ${key}: ${hour} in the last hour (usually ${usual})`,
    runawayCapBody: (account, key, day, cap) =>
      `${account} · ${key}: at least ${day} spent in the last 24 hours (daily cap ${cap})`,
    disableNow: 'Disable now',
    expiringTitle: 'Expiring soon',
    expiringKeyBody: (account, key, when) => `${account} · key ${key} expires ${when}`,
    expiringPlanBody: (account, plan, when) => `${account} · plan ${plan} expires ${when}`,
    expiringTokenBody: (account, when) => `${account} · its access token expires ${when}: make a new one`,
    priceChangeTitle: 'Group price changed',
    priceChangeBody: (account, group, from, to, keys) =>
      `${account} · group ${group}: ratio ${from} → ${to} (keys: ${keys})`,
    allowanceTitle: 'Allowance stopped',
    allowanceBody: (account, key, reason) =>
      `${account} · ${key}: ${
        {
          edited_elsewhere: 'its quota was changed elsewhere, so Keydesk no longer refills it',
          made_unlimited: 'it was made unlimited, so Keydesk no longer refills it',
          made_limited: 'it is no longer unlimited, so Keydesk no longer keeps its cap',
          deleted: 'the key was deleted',
          rotated: 'the allowance moved to the key’s twin',
          refill_failed: 'this period’s refill keeps failing; the key may run dry',
        }[reason]
      }`,
    rotationTitle: 'Old key can be deleted',
    rotationBody: (account, oldKey) => `${account} · ${oldKey}: the rotation disabled it days ago; delete it now?`,
    listSeparator: ', ',
    agentTitle: 'Key handed to an agent',
    agentRevealBody: (account, key, client) => `${account} · ${key}: its full key was handed to ${client}`,
    agentDisableBody: (account, key, client) => `${account} · ${key}: disabled by ${client}`,
    agentUnnamed: 'an unnamed agent',
    tooltipDaysLeft: (days, account) => `≈ ${days} days left (${account})`,
    tooltipMore: (n) => `+${n} more`,
  },
  'zh-CN': {
    openKeydesk: '打开 Keydesk',
    refreshNow: '立即刷新',
    quit: '退出 Keydesk',
    noAccounts: '还没有账户',
    unknown: '未知',
    stale: '非最新',
    levels: { ok: '正常', warn: '偏低', critical: '告急', unknown: '未知' },
    tooltipLine: (account, balance) => `${account}：${balance}`,
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
    runawayTitle: '密钥消耗异常',
    runawayBody: (account, key, hour, usual) => `${account} · ${key}：最近一小时消耗 ${hour}（平时约 ${usual}）`,
    runawayCapBody: (account, key, day, cap) => `${account} · ${key}：最近 24 小时至少消耗 ${day}（每日上限 ${cap}）`,
    disableNow: '立即停用',
    expiringTitle: '即将到期',
    expiringKeyBody: (account, key, when) => `${account} · 密钥 ${key} 将于 ${when} 到期`,
    expiringPlanBody: (account, plan, when) => `${account} · 套餐 ${plan} 将于 ${when} 到期`,
    expiringTokenBody: (account, when) => `${account} · 访问令牌将于 ${when} 到期：请新建一个`,
    priceChangeTitle: '分组倍率已变更',
    priceChangeBody: (account, group, from, to, keys) =>
      `${account} · 分组 ${group}：倍率 ${from} → ${to}（涉及密钥：${keys}）`,
    allowanceTitle: '额度计划已停止',
    allowanceBody: (account, key, reason) =>
      `${account} · ${key}：${
        {
          edited_elsewhere: '额度已在别处被修改，Keydesk 不再为它补充额度',
          made_unlimited: '已改为无限额度，Keydesk 不再为它补充额度',
          made_limited: '已不再是无限额度，Keydesk 不再为它执行上限',
          deleted: '密钥已被删除',
          rotated: '额度计划已移到轮换出的新密钥',
          refill_failed: '本周期的额度补充一直失败，密钥可能会用尽',
        }[reason]
      }`,
    rotationTitle: '旧密钥可以删除了',
    rotationBody: (account, oldKey) => `${account} · ${oldKey}：轮换已在几天前停用它，现在删除吗？`,
    listSeparator: '、',
    agentTitle: '密钥已交给智能体',
    agentRevealBody: (account, key, client) => `${account} · ${key}：完整密钥已交给 ${client}`,
    agentDisableBody: (account, key, client) => `${account} · ${key}：已被 ${client} 停用`,
    agentUnnamed: '未具名的智能体',
    tooltipDaysLeft: (days, account) => `约可用 ${days} 天（${account}）`,
    tooltipMore: (n) => `另有 ${n} 个`,
  },
};
