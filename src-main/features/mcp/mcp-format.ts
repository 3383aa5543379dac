// `keydesk mcp`'s answers as an agent reads them: a text in the user's language (money as the app shows it, in the
// site's currency with yuan beside, unknown as unknown, never 0) and the same facts as structured content. Every
// name from outside is drawn with its control characters visible; lists arrive bounded.
import type { AccountMoney, Language } from '../../../src-shared/contract';
import { echoText } from '../../../src-shared/rules/text-rules';
import { accountsTotal, formatQuotaMoney, formatYuanAmount, type QuotaValue } from '../../../src-shared/units';
import type { StatusEntry, StatusSnapshot } from '../status/status.model';
import type {
  AgentKey,
  AnswerAccount,
  ExpiringAnswerView,
  KeysAnswer,
  ModelAnswer,
  RunawayAnswer,
  SpendAnswer,
} from '../agents/agent-answer.schema';
import { MCP_WORDS, type McpWords } from './mcp-words';

export interface Formatted {
  readonly text: string;
  readonly structured: Record<string, unknown>;
}

/** Where an answer came from: the running app, or the files it left. */
export type Source = 'keydesk' | 'cache';

export interface FormatContext {
  readonly lang: Language;
  readonly now: number;
  readonly source: Source;
  /** Said above the answer: an unproven peer ignored, cache files that could not be read. */
  readonly notes: readonly string[];
}

const name = (text: string): string => echoText(text, 120);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function money(units: number | null, isUnlimited: boolean, m: AccountMoney, w: McpWords, lang: Language): string {
  const value: QuotaValue | undefined = isUnlimited
    ? { kind: 'unlimited' }
    : units === null
      ? undefined
      : { kind: 'limited', units };
  return value === undefined ? w.unknown : formatQuotaMoney(value, lang, m);
}

const moneyOf = (accounts: readonly AnswerAccount[], id: string): AccountMoney | undefined =>
  accounts.find((a) => a.id === id)?.money;
const labelOf = (accounts: readonly AnswerAccount[], id: string): string =>
  name(accounts.find((a) => a.id === id)?.label ?? id);

function when(ms: number, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

export function ageText(fetchedAt: number | null, now: number, w: McpWords): string {
  if (fetchedAt === null) return w.ages.never;
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return w.ages.justNow;
  if (minutes < 60) return w.ages.minutes(minutes);
  if (minutes < 48 * 60) return w.ages.hours(Math.floor(minutes / 60));
  return w.ages.days(Math.floor(minutes / (24 * 60)));
}

/** The lines above every answer: where it came from and anything that could not be read. */
function head(ctx: FormatContext): string[] {
  const w = MCP_WORDS[ctx.lang];
  return [ctx.source === 'keydesk' ? w.live : w.cache, ...ctx.notes];
}

const done = (ctx: FormatContext, lines: readonly string[], structured: Record<string, unknown>): Formatted => ({
  text: [...head(ctx), ...lines].join('\n'),
  structured: { source: ctx.source, ...structured },
});

// ---- balances -------------------------------------------------------------------------------------------------

function balanceLine(e: StatusEntry, ctx: FormatContext, w: McpWords): string {
  const state = e.isDisabled ? w.disabled : w.levels[e.level];
  const parts = [money(e.remainingUnits, e.isUnlimited, e.money, w, ctx.lang), state];
  if (typeof e.daysLeft === 'number') parts.push(w.daysLeft(e.daysLeft));
  parts.push(e.fetchedAt === null ? w.ages.never : w.age(ageText(e.fetchedAt, ctx.now, w)));
  if (e.isStale && e.fetchedAt !== null && ctx.source === 'keydesk') parts.push(w.notCurrent);
  return `- ${name(e.label)}: ${parts.join(' · ')}`;
}

export function formatBalances(snapshot: StatusSnapshot, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const shown = snapshot.accounts;
  if (shown.length === 0) return done(ctx, [w.noAccounts], { accounts: [], total: null });
  const counted = shown.filter((e) => !e.isDisabled);
  const total = accountsTotal(
    counted.map((e) => ({
      id: e.id,
      units: e.remainingUnits,
      isUnlimited: e.isUnlimited,
      money: e.money,
      spendPerDayUnits: null,
    })),
  );
  const labels = (ids: readonly string[]) => ids.map((id) => name(shown.find((e) => e.id === id)?.label ?? id));
  const lines = shown.map((e) => balanceLine(e, ctx, w));
  lines.push(total.counted > 0 ? w.total(formatYuanAmount(total.yuan), total.counted) : w.totalUnknown);
  if (total.unknown.length > 0) lines.push(w.totalLeftOut(labels(total.unknown).join(', ')));
  if (total.excluded.length > 0) lines.push(w.totalNoRate(labels(total.excluded).join(', ')));
  return done(ctx, lines, {
    accounts: shown.map((e) => ({
      id: e.id,
      label: e.label,
      kind: e.kind,
      state: e.isDisabled ? 'disabled' : e.level,
      // null when unknown: never read as zero.
      remainingUnits: e.remainingUnits,
      isUnlimited: e.isUnlimited,
      balance: money(e.remainingUnits, e.isUnlimited, e.money, w, ctx.lang),
      currency: e.money.site.displayType,
      isStale: e.isStale,
      fetchedAt: iso(e.fetchedAt),
      daysLeft: e.daysLeft ?? null,
    })),
    total: {
      yuan: total.counted > 0 ? total.yuan : null,
      counted: total.counted,
      unknownAccountIds: total.unknown,
      noRateAccountIds: total.excluded,
    },
  });
}

// ---- keys -----------------------------------------------------------------------------------------------------

function expiresText(at: number | null, w: McpWords, lang: Language): string {
  if (at === null) return w.unknown;
  if (at === -1) return w.never;
  return when(at * 1000, lang);
}

function keyLine(k: AgentKey, accounts: readonly AnswerAccount[], w: McpWords, lang: Language): string {
  const m = moneyOf(accounts, k.accountId);
  const amount = (units: number | null, isUnlimited: boolean) =>
    m === undefined ? w.unknown : money(units, isUnlimited, m, w, lang);
  return w.keyLine({
    account: labelOf(accounts, k.accountId),
    name: name(k.name),
    id: k.id,
    masked: name(k.maskedKey),
    state: w.states[k.state],
    group: k.group === '' ? w.defaultGroup : name(k.group),
    left: amount(k.remainUnits, k.isUnlimited),
    used: amount(k.usedUnits, false),
    expires: expiresText(k.expiresAt, w, lang),
  });
}

function failuresLine(
  failures: readonly { accountId: string; code: string }[],
  accounts: readonly AnswerAccount[],
  w: McpWords,
): string[] {
  if (failures.length === 0) return [];
  return [w.couldNotRead(failures.map((f) => `${labelOf(accounts, f.accountId)} (${f.code})`).join(', '))];
}

export function formatKeys(answer: KeysAnswer, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const lines =
    answer.keys.length === 0
      ? [w.noKeys]
      : [
          w.keysHeader(answer.keys.length, answer.total),
          ...answer.keys.map((k) => keyLine(k, answer.accounts, w, ctx.lang)),
        ];
  return done(ctx, [...lines, ...failuresLine(answer.failures, answer.accounts, w)], {
    keys: answer.keys.map((k) => ({ ...k, accountLabel: labelOf(answer.accounts, k.accountId) })),
    total: answer.total,
    failures: answer.failures,
  });
}

export function formatModel(answer: ModelAnswer, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const model = name(answer.model);
  const lines: string[] = [];
  if (answer.matches.length === 0) {
    lines.push(w.modelNone(model));
    if (answer.similar.length > 0) lines.push(w.modelSimilar(answer.similar.map(name).join(', ')));
  } else {
    lines.push(w.modelHeader(model, answer.matches.length, answer.total));
    answer.matches.forEach((m, i) => {
      const accountMoney = moneyOf(answer.accounts, m.key.accountId);
      lines.push(
        w.matchLine({
          rank: i + 1,
          account: labelOf(answer.accounts, m.key.accountId),
          name: name(m.key.name),
          id: m.key.id,
          group: m.key.group === '' ? w.defaultGroup : name(m.key.group),
          ratio: m.ratio === null ? '?' : String(m.ratio),
          cost:
            m.costYuan === null
              ? w.costUnknown
              : w.costPerUsd(formatYuanAmount(m.costYuan.toFixed(m.costYuan < 0.01 ? 6 : 2))),
          left:
            accountMoney === undefined
              ? w.unknown
              : money(m.key.remainUnits, m.key.isUnlimited, accountMoney, w, ctx.lang),
        }),
      );
    });
  }
  return done(ctx, [...lines, ...failuresLine(answer.failures, answer.accounts, w)], {
    model: answer.model,
    matches: answer.matches.map((m) => ({
      ...m,
      key: { ...m.key, accountLabel: labelOf(answer.accounts, m.key.accountId) },
    })),
    total: answer.total,
    similar: answer.similar,
    failures: answer.failures,
  });
}

// ---- spend, expiry, runaway ------------------------------------------------------------------------------------

export function formatSpend(answer: SpendAnswer, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const since = new Intl.DateTimeFormat(ctx.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(answer.since),
  );
  const lines: string[] = [];
  if (answer.keys.length === 0) lines.push(w.spendNone);
  else lines.push(w.spendHeader(since));
  for (const k of answer.keys) {
    const m = moneyOf(answer.accounts, k.accountId);
    const account = labelOf(answer.accounts, k.accountId);
    if (k.todayUnits === null || m === undefined) {
      lines.push(w.spendLineNoRead(account, name(k.keyName)));
      continue;
    }
    lines.push(
      w.spendLine({
        account,
        name: name(k.keyName),
        today: money(k.todayUnits, false, m, w, ctx.lang),
        covered: Math.round(k.covered * 100),
        hour: k.lastHourUnits === null ? null : money(k.lastHourUnits, false, m, w, ctx.lang),
      }),
    );
  }
  if (answer.untrackedAccountIds.length > 0) {
    lines.push(w.notTracked(answer.untrackedAccountIds.map((id) => labelOf(answer.accounts, id)).join(', ')));
  }
  return done(ctx, lines, {
    since: iso(answer.since),
    keys: answer.keys.map((k) => ({ ...k, accountLabel: labelOf(answer.accounts, k.accountId) })),
    total: answer.total,
    untrackedAccountIds: answer.untrackedAccountIds,
  });
}

export function formatExpiring(answer: ExpiringAnswerView, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const lines =
    answer.items.length === 0
      ? [w.expiringNone(answer.withinDays)]
      : [
          w.expiringHeader(answer.withinDays),
          ...answer.items.map((i) =>
            w.expiringLine(i.kind, name(i.accountLabel), name(i.name), when(i.expiresAt * 1000, ctx.lang)),
          ),
        ];
  if (ctx.source === 'cache') lines.push(w.expiringFromAlerts);
  const failures = answer.failures.map((f) => `${f.accountId} (${f.code})`);
  if (failures.length > 0) lines.push(w.couldNotRead(failures.join(', ')));
  return done(ctx, lines, {
    withinDays: answer.withinDays,
    items: answer.items.map((i) => ({ ...i, expiresAt: iso(i.expiresAt * 1000) })),
    total: answer.total,
    failures: answer.failures,
  });
}

export function formatRunaway(answer: RunawayAnswer, ctx: FormatContext): Formatted {
  const w = MCP_WORDS[ctx.lang];
  const lines = answer.alerts.length === 0 ? [w.runawayNone] : [w.runawayHeader(answer.total)];
  for (const a of answer.alerts) {
    const m = moneyOf(answer.accounts, a.accountId);
    const amount = (units: number | null) =>
      units === null || m === undefined ? w.unknown : money(units, false, m, w, ctx.lang);
    const raised = when(a.raisedAt, ctx.lang);
    lines.push(
      a.reason === 'daily_cap'
        ? w.runawayCapLine(
            name(a.accountLabel),
            name(a.keyName),
            amount(a.daySpendUnits),
            amount(a.dailyCapUnits),
            raised,
          )
        : w.runawayLine(
            name(a.accountLabel),
            name(a.keyName),
            amount(a.hourSpendUnits),
            amount(a.usualHourUnits),
            raised,
          ),
    );
  }
  return done(ctx, lines, {
    alerts: answer.alerts.map((a) => ({ ...a, raisedAt: iso(a.raisedAt) })),
    total: answer.total,
  });
}
