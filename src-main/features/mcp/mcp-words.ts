// Every sentence `keydesk mcp` answers an agent with, in both languages (Keydesk's language setting, else the
// system's, or --lang). Values come in formatted; a site's or a client's own words are quoted, never sentences of ours.
import type { Language } from '../../../src-shared/contract';

type Level = 'ok' | 'warn' | 'critical' | 'unknown';
type ExpiringKind = 'key' | 'plan' | 'token';

export interface McpWords {
  readonly live: string;
  readonly cache: string;
  readonly unproven: string;
  readonly cacheProblem: (file: string, reason: string) => string;
  readonly levels: Readonly<Record<Level, string>>;
  readonly disabled: string;
  readonly notCurrent: string;
  readonly unknown: string;
  readonly never: string;
  readonly noAccounts: string;
  readonly daysLeft: (days: number) => string;
  readonly age: (age: string) => string;
  readonly ages: {
    readonly never: string;
    readonly justNow: string;
    readonly minutes: (n: number) => string;
    readonly hours: (n: number) => string;
    readonly days: (n: number) => string;
  };
  readonly total: (amount: string, counted: number) => string;
  readonly totalUnknown: string;
  readonly totalLeftOut: (labels: string) => string;
  readonly totalNoRate: (labels: string) => string;
  readonly keysHeader: (shown: number, total: number) => string;
  readonly noKeys: string;
  readonly keyLine: (parts: {
    account: string;
    name: string;
    id: number;
    masked: string;
    state: string;
    group: string;
    left: string;
    used: string;
    expires: string;
  }) => string;
  readonly states: Readonly<Record<'enabled' | 'disabled' | 'expired' | 'exhausted', string>>;
  readonly defaultGroup: string;
  readonly modelHeader: (model: string, shown: number, total: number) => string;
  readonly modelNone: (model: string) => string;
  readonly modelSimilar: (ids: string) => string;
  readonly matchLine: (parts: {
    rank: number;
    account: string;
    name: string;
    id: number;
    group: string;
    ratio: string;
    cost: string;
    left: string;
  }) => string;
  readonly costPerUsd: (yuan: string) => string;
  readonly costUnknown: string;
  readonly couldNotRead: (items: string) => string;
  readonly spendHeader: (since: string) => string;
  readonly spendNone: string;
  readonly spendLine: (parts: {
    account: string;
    name: string;
    today: string;
    covered: number;
    hour: string | null;
  }) => string;
  readonly spendLineNoRead: (account: string, name: string) => string;
  readonly notTracked: (labels: string) => string;
  readonly expiringHeader: (days: number) => string;
  readonly expiringNone: (days: number) => string;
  readonly expiringFromAlerts: string;
  readonly expiringLine: (kind: ExpiringKind, account: string, name: string, when: string) => string;
  readonly runawayHeader: (n: number) => string;
  readonly runawayNone: string;
  readonly runawayLine: (account: string, key: string, hour: string, usual: string, raised: string) => string;
  readonly runawayCapLine: (account: string, key: string, day: string, cap: string, raised: string) => string;
  readonly revealed: (account: string, key: string, id: number, full: string) => string;
  readonly disabledKey: (account: string, key: string, id: number) => string;
  readonly needsKeydesk: (what: string) => string;
  readonly whats: Readonly<Record<'keys' | 'models' | 'reveal' | 'disable', string>>;
  readonly abilityOff: (ability: 'reveal' | 'disable', account: string) => string;
  readonly noAccount: (name: string) => string;
  readonly ambiguous: (name: string, candidates: string) => string;
  readonly badRequest: string;
  readonly olderKeydesk: string;
  readonly failed: string;
  readonly appErrors: {
    readonly needsSignIn: string;
    readonly locked: string;
    readonly notFound: string;
    readonly unsupported: string;
    readonly site: string;
    readonly rateLimited: string;
    readonly scope: (scope: string) => string;
    readonly refused: string;
    readonly other: (code: string) => string;
  };
  readonly siteSaid: (words: string) => string;
}

export const MCP_WORDS: Readonly<Record<Language, McpWords>> = {
  'en-US': {
    live: 'From the running Keydesk.',
    cache: 'From Keydesk’s cache: Keydesk is not running, so these are the values it last saw.',
    unproven: 'The program on Keydesk’s local channel could not prove it is Keydesk; it was ignored.',
    cacheProblem: (file, reason) => `${file} could not be read (${reason}).`,
    levels: { ok: 'OK', warn: 'Low', critical: 'Critical', unknown: 'Unknown' },
    disabled: 'Disabled',
    notCurrent: 'not current',
    unknown: 'unknown',
    never: 'never',
    noAccounts: 'Keydesk has no accounts.',
    daysLeft: (days) => `≈ ${days} days left`,
    age: (age) => `read ${age}`,
    ages: {
      never: 'never read',
      justNow: 'just now',
      minutes: (n) => `${n} min ago`,
      hours: (n) => `${n} h ago`,
      days: (n) => `${n} d ago`,
    },
    total: (amount, counted) => `Total ≈ ${amount} across ${counted} account${counted === 1 ? '' : 's'}.`,
    totalUnknown: 'Total unknown: no balance is known.',
    totalLeftOut: (labels) => `Not in the total, balance unknown: ${labels}.`,
    totalNoRate: (labels) => `Not in the total, yuan rate unknown: ${labels}.`,
    keysHeader: (shown, total) => (shown === total ? `${total} keys:` : `${total} keys, the first ${shown}:`),
    noKeys: 'No key matches.',
    keyLine: (p) =>
      `- ${p.account} · “${p.name}” (#${p.id}) ${p.masked} — ${p.state}, group ${p.group}, ${p.left} left, ${p.used} used, expires ${p.expires}`,
    states: { enabled: 'enabled', disabled: 'disabled', expired: 'expired', exhausted: 'exhausted' },
    defaultGroup: 'the account’s own',
    modelHeader: (model, shown, total) =>
      `Keys that can call ${model}, cheapest first by what you pay for US$1 of use at list prices` +
      (shown === total ? ':' : ` (the first ${shown} of ${total}):`),
    modelNone: (model) => `No key of a signed-in account can call ${model}.`,
    modelSimilar: (ids) => `Models with a similar name: ${ids}.`,
    matchLine: (p) =>
      `${p.rank}. ${p.account} · “${p.name}” (#${p.id}), group ${p.group} ×${p.ratio} — ${p.cost} — ${p.left} left`,
    costPerUsd: (yuan) => `you pay ${yuan} per US$1`,
    costUnknown: 'what you pay is unknown',
    couldNotRead: (items) => `Could not read: ${items}.`,
    spendHeader: (since) =>
      `Spend today (since ${since}) as Keydesk saw it — a floor: what falls between missed reads is not counted:`,
    spendNone: 'Keydesk tracks no key of these accounts.',
    spendLine: (p) =>
      `- ${p.account} · “${p.name}”: ${p.today} (reads cover ${p.covered}% of the day)` +
      (p.hour === null ? '' : `; last hour ${p.hour}`),
    spendLineNoRead: (account, name) => `- ${account} · “${name}”: no read today`,
    notTracked: (labels) =>
      `Spend per key is not tracked for: ${labels} (Keydesk › the account’s page › Track spending per key).`,
    expiringHeader: (days) => `Ending within ${days} days (Keydesk’s setting), soonest first:`,
    expiringNone: (days) => `Nothing ends within ${days} days.`,
    expiringFromAlerts: 'From the expiry alerts Keydesk raised before it quit; anything it had not checked is missing.',
    expiringLine: (kind, account, name, when) =>
      kind === 'token'
        ? `- ${account} · its access token: ${when}`
        : `- ${account} · ${kind === 'key' ? 'key' : 'plan'} “${name}”: ${when}`,
    runawayHeader: (n) => `${n} runaway alert${n === 1 ? '' : 's'} open (not yet disabled or dismissed):`,
    runawayNone: 'No runaway alert is open.',
    runawayLine: (account, key, hour, usual, raised) =>
      `- ${account} · “${key}”: ${hour} in the last hour (usually ${usual}), raised ${raised}`,
    runawayCapLine: (account, key, day, cap, raised) =>
      `- ${account} · “${key}”: at least ${day} in the last 24 hours (daily cap ${cap}), raised ${raised}`,
    revealed: (account, key, id, full) =>
      `Full key of ${account} · “${key}” (#${id}): ${full}\nKeydesk recorded this hand-off in its alerts.`,
    disabledKey: (account, key, id) =>
      `Disabled ${account} · “${key}” (#${id}) on the site. Keydesk recorded this in its alerts.`,
    needsKeydesk: (what) => `Keydesk is not running: ${what} Start Keydesk and ask again.`,
    whats: {
      keys: 'key lists are read from the sites by Keydesk itself, and it keeps no copy.',
      models: 'which groups serve a model is read from the sites by Keydesk itself.',
      reveal: 'a full key is read from the site by Keydesk itself.',
      disable: 'only Keydesk can disable a key on the site.',
    },
    abilityOff: (ability, account) =>
      ability === 'reveal'
        ? `Keydesk refused: handing full keys to agents is off for ${account}. The user can switch it on in Keydesk › Settings › Agents (MCP).`
        : `Keydesk refused: letting agents disable keys is off for ${account}. The user can switch it on in Keydesk › Settings › Agents (MCP).`,
    noAccount: (name) => `Keydesk has no account named “${name}”.`,
    ambiguous: (name, candidates) => `Several accounts are named “${name}”; name one by its id: ${candidates}.`,
    badRequest: 'Keydesk refused these arguments.',
    olderKeydesk: 'The running Keydesk is older than this command and cannot answer it: update Keydesk.',
    failed: 'Keydesk could not answer this; its log says why.',
    appErrors: {
      needsSignIn: 'The account needs signing in again in Keydesk.',
      locked: 'Keydesk’s credential vault is locked: unlock it in Keydesk.',
      notFound: 'The site has no such key on this account.',
      unsupported: 'This server version does not offer it.',
      site: 'The site did not answer as expected (no connection, a timeout or a server error).',
      rateLimited: 'The site’s rate limit holds it back; try again in a few minutes.',
      scope: (scope) => `The account’s access token lacks the permission ${scope}.`,
      refused: 'The site refused the account’s credential.',
      other: (code) => `Keydesk could not do it (${code}).`,
    },
    siteSaid: (words) => `The site said: “${words}”`,
  },
  'zh-CN': {
    live: '来自运行中的 Keydesk。',
    cache: '来自 Keydesk 的缓存：Keydesk 未运行，以下是它最后看到的数值。',
    unproven: 'Keydesk 本地通道上的程序无法证明自己是 Keydesk，已忽略它。',
    cacheProblem: (file, reason) => `无法读取 ${file}（${reason}）。`,
    levels: { ok: '正常', warn: '偏低', critical: '告急', unknown: '未知' },
    disabled: '已停用',
    notCurrent: '非最新',
    unknown: '未知',
    never: '永不过期',
    noAccounts: 'Keydesk 中还没有账户。',
    daysLeft: (days) => `约可用 ${days} 天`,
    age: (age) => `读取于${age}`,
    ages: {
      never: '从未读取',
      justNow: '刚刚',
      minutes: (n) => ` ${n} 分钟前`,
      hours: (n) => ` ${n} 小时前`,
      days: (n) => ` ${n} 天前`,
    },
    total: (amount, counted) => `${counted} 个账户合计 ≈ ${amount}。`,
    totalUnknown: '合计未知：没有已知余额。',
    totalLeftOut: (labels) => `余额未知，未计入合计：${labels}。`,
    totalNoRate: (labels) => `人民币汇率未知，未计入合计：${labels}。`,
    keysHeader: (shown, total) =>
      shown === total ? `共 ${total} 个密钥：` : `共 ${total} 个密钥，列出前 ${shown} 个：`,
    noKeys: '没有符合的密钥。',
    keyLine: (p) =>
      `- ${p.account} · “${p.name}”（#${p.id}）${p.masked} — ${p.state}，分组 ${p.group}，剩余 ${p.left}，已用 ${p.used}，到期 ${p.expires}`,
    states: { enabled: '已启用', disabled: '已停用', expired: '已过期', exhausted: '额度用尽' },
    defaultGroup: '账户自身分组',
    modelHeader: (model, shown, total) =>
      `可调用 ${model} 的密钥，按每 1 美元标价用量的实付金额从低到高` +
      (shown === total ? '：' : `（共 ${total} 个，列出前 ${shown} 个）：`),
    modelNone: (model) => `已登录的账户中没有可调用 ${model} 的密钥。`,
    modelSimilar: (ids) => `名称相近的模型：${ids}。`,
    matchLine: (p) =>
      `${p.rank}. ${p.account} · “${p.name}”（#${p.id}），分组 ${p.group} ×${p.ratio} — ${p.cost} — 剩余 ${p.left}`,
    costPerUsd: (yuan) => `每 1 美元实付 ${yuan}`,
    costUnknown: '实付金额未知',
    couldNotRead: (items) => `无法读取：${items}。`,
    spendHeader: (since) => `今日消耗（自 ${since} 起），按 Keydesk 所见——为下限：漏读期间的消耗未计入：`,
    spendNone: 'Keydesk 未跟踪这些账户的任何密钥。',
    spendLine: (p) =>
      `- ${p.account} · “${p.name}”：${p.today}（读数覆盖今日 ${p.covered}%）` +
      (p.hour === null ? '' : `；最近一小时 ${p.hour}`),
    spendLineNoRead: (account, name) => `- ${account} · “${name}”：今日无读数`,
    notTracked: (labels) => `以下账户未跟踪每个密钥的消耗：${labels}（Keydesk › 账户页 › 跟踪每个密钥的消耗）。`,
    expiringHeader: (days) => `${days} 天内到期（Keydesk 的设置），按时间先后：`,
    expiringNone: (days) => `${days} 天内没有到期项。`,
    expiringFromAlerts: '来自 Keydesk 退出前发出的到期提醒；它未检查到的项目不在其中。',
    expiringLine: (kind, account, name, when) =>
      kind === 'token'
        ? `- ${account} · 访问令牌：${when}`
        : `- ${account} · ${kind === 'key' ? '密钥' : '套餐'} “${name}”：${when}`,
    runawayHeader: (n) => `${n} 条消耗异常提醒尚未处理（未停用也未忽略）：`,
    runawayNone: '没有未处理的消耗异常提醒。',
    runawayLine: (account, key, hour, usual, raised) =>
      `- ${account} · “${key}”：最近一小时消耗 ${hour}（平时约 ${usual}），提醒于 ${raised}`,
    runawayCapLine: (account, key, day, cap, raised) =>
      `- ${account} · “${key}”：最近 24 小时至少消耗 ${day}（每日上限 ${cap}），提醒于 ${raised}`,
    revealed: (account, key, id, full) =>
      `${account} · “${key}”（#${id}）的完整密钥：${full}\nKeydesk 已在提醒中记录这次交付。`,
    disabledKey: (account, key, id) => `已在站点上停用 ${account} · “${key}”（#${id}）。Keydesk 已在提醒中记录。`,
    needsKeydesk: (what) => `Keydesk 未运行：${what}请启动 Keydesk 后再问。`,
    whats: {
      keys: '密钥列表由 Keydesk 自己从站点读取，它不保留副本。',
      models: '哪些分组提供某个模型由 Keydesk 自己从站点读取。',
      reveal: '完整密钥由 Keydesk 自己从站点读取。',
      disable: '只有 Keydesk 能在站点上停用密钥。',
    },
    abilityOff: (ability, account) =>
      ability === 'reveal'
        ? `Keydesk 拒绝：${account} 未开启“把完整密钥交给智能体”。用户可在 Keydesk › 设置 › 智能体（MCP）中开启。`
        : `Keydesk 拒绝：${account} 未开启“允许智能体停用密钥”。用户可在 Keydesk › 设置 › 智能体（MCP）中开启。`,
    noAccount: (name) => `Keydesk 中没有名为“${name}”的账户。`,
    ambiguous: (name, candidates) => `有多个账户名为“${name}”，请用 id 指定：${candidates}。`,
    badRequest: 'Keydesk 拒绝了这些参数。',
    olderKeydesk: '运行中的 Keydesk 比此命令旧，无法回答：请更新 Keydesk。',
    failed: 'Keydesk 无法回答，原因见其日志。',
    appErrors: {
      needsSignIn: '该账户需要在 Keydesk 中重新登录。',
      locked: 'Keydesk 的凭据保险库已锁定：请在 Keydesk 中解锁。',
      notFound: '站点上没有这个密钥。',
      unsupported: '此服务器版本不提供该功能。',
      site: '站点未按预期应答（无法连接、超时或服务器错误）。',
      rateLimited: '站点的频率限制暂不允许，请几分钟后再试。',
      scope: (scope) => `该账户的访问令牌缺少权限 ${scope}。`,
      refused: '站点拒绝了该账户的凭据。',
      other: (code) => `操作失败（${code}）。`,
    },
    siteSaid: (words) => `站点原话：“${words}”`,
  },
};
