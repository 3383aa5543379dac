// What `keydesk mcp` can answer with Keydesk closed, from the files it left in its data folder, read-only (never
// moved, repaired or created; no secret read, no request sent): accounts and their money, today's spend of tracked
// keys (spend-history-*.json), and the alerts Keydesk raised (alerts.json) for what expires and what ran away. The
// answers have the shapes the running app gives, so both are formatted alike.
import { readdirSync } from 'node:fs';
import { z } from 'zod';
import { MAX_SETTING_DAYS, MIN_SETTING_DAYS } from '../../../src-shared/rules/settings-rules';
import { accountsDocumentSchema, type AccountRecord } from '../accounts/account-records';
import { accountMoney } from '../site/account-money';
import { siteMoneyDocumentSchema } from '../site/site-money.service';
import { alertsDocumentSchema } from '../alerts/alerts.service';
import { spendBetween, spendRates } from '../spend/spend-rules';
import { accountSpendSchema } from '../spend/spend.store';
import { spendSettingsSchema } from '../spend/spend.tracker';
import { decodeRing } from '../spend/ring-codec';
import { readCacheDocument, type CacheProblem } from '../status/status-cache';
import { localMidnight } from '../agents/today';
import {
  MAX_LISTED,
  type AnswerAccount,
  type ExpiringAnswerView,
  type RunawayAnswer,
  type SpendAnswer,
} from '../agents/agent-answer.schema';

/** The files this reads are Keydesk's own, checked by its own schemas; a file that fails is named, never guessed. */
export interface CacheRead<T> {
  readonly value: T;
  readonly problems: readonly CacheProblem[];
}

const clip = (value: string, max = 200): string => (value.length <= max ? value : value.slice(0, max));
const MAX_SPEND_FILES = 1_000;

export interface CachedAccount extends AnswerAccount {
  readonly kind: AccountRecord['kind'];
  readonly isDisabled: boolean;
}

/** Shown accounts with the money their site last said (site-money.json), as the status command reads them. */
export function cachedAccounts(dataDir: string, problems: CacheProblem[]): CachedAccount[] {
  const accounts = readCacheDocument(dataDir, 'accounts', accountsDocumentSchema, problems);
  const sites = readCacheDocument(dataDir, 'site-money', siteMoneyDocumentSchema, problems);
  return (accounts?.accounts ?? [])
    .filter((r) => !r.isHidden)
    .map((r) => ({
      id: r.id,
      label: clip(r.label),
      kind: r.kind,
      isDisabled: r.isDisabled,
      money: accountMoney(sites?.sites[r.baseUrl.replace(/\/+$/, '')] ?? undefined, r.yuanPerUsd),
    }));
}

/** Today's spend of every tracked key of `accounts`, from the spend history files. */
export function cachedSpend(
  dataDir: string,
  accounts: readonly CachedAccount[],
  now: number,
  limit: number,
): CacheRead<SpendAnswer> {
  const problems: CacheProblem[] = [];
  const since = localMidnight(now);
  const settings = readCacheDocument(dataDir, 'spend-settings', spendSettingsSchema, problems);
  const tracked = new Set(settings?.trackedAccountIds ?? []);
  const wanted = new Set(accounts.map((a) => a.id));
  let names: string[] = [];
  try {
    names = readdirSync(dataDir)
      .filter((n) => /^spend-history-[A-Za-z0-9_-]{1,100}\.json$/.test(n))
      .slice(0, MAX_SPEND_FILES);
  } catch {
    // no folder: nothing tracked
  }
  const rows: SpendAnswer['keys'][number][] = [];
  for (const name of names) {
    const file = readCacheDocument(dataDir, name.slice(0, -'.json'.length), accountSpendSchema, problems);
    if (file === null || !wanted.has(file.accountId) || !tracked.has(file.accountId)) continue;
    for (const [id, entry] of Object.entries(file.keys)) {
      const ring = decodeRing(entry.ring);
      const today = ring.filter(([at]) => at >= since);
      const day = spendBetween(ring, since, now);
      rows.push({
        accountId: file.accountId,
        keyId: Number(id),
        keyName: clip(entry.name),
        todayUnits: today.length === 0 ? null : day.units,
        covered: Math.min(1, day.coveredMs / Math.max(1, now - since)),
        lastHourUnits: spendRates(ring, now).lastHourUnits,
      });
    }
  }
  rows.sort((a, b) => (b.todayUnits ?? -1) - (a.todayUnits ?? -1));
  const managed = accounts.filter((a) => a.kind !== 'api_key');
  return {
    value: {
      since,
      accounts: accounts.slice(0, MAX_LISTED).map(({ id, label, money }) => ({ id, label, money })),
      keys: rows.slice(0, limit),
      total: rows.length,
      untrackedAccountIds: managed.filter((a) => !tracked.has(a.id)).map((a) => a.id),
    },
    problems,
  };
}

const alertsFile = (dataDir: string, problems: CacheProblem[]) =>
  readCacheDocument(dataDir, 'alerts', alertsDocumentSchema, problems)?.alerts ?? [];

/** The runaway alerts Keydesk raised and nobody resolved (Disable now, Dismiss) before it quit. */
export function cachedRunaway(dataDir: string, accounts: readonly CachedAccount[]): CacheRead<RunawayAnswer> {
  const problems: CacheProblem[] = [];
  const open = alertsFile(dataDir, problems).flatMap((a) => (a.kind === 'runaway' && a.resolution === null ? [a] : []));
  return {
    value: {
      accounts: accounts.slice(0, MAX_LISTED).map(({ id, label, money }) => ({ id, label, money })),
      alerts: open.slice(0, MAX_LISTED).map((a) => ({
        accountId: a.accountId,
        accountLabel: clip(a.accountLabel),
        keyId: a.keyId,
        keyName: clip(a.keyName),
        reason: a.reason,
        hourSpendUnits: a.hourSpendUnits,
        usualHourUnits: a.usualHourUnits,
        dailyCapUnits: a.dailyCapUnits,
        daySpendUnits: a.daySpendUnits,
        raisedAt: a.raisedAt,
      })),
      total: open.length,
    },
    problems,
  };
}

const daysSetting = z.object({
  expiringWithinDays: z.number().int().min(MIN_SETTING_DAYS).max(MAX_SETTING_DAYS).catch(7),
});

/**
 * What expires soon, as Keydesk last raised it: its expiring alerts whose end is still ahead and within the
 * setting's days. Only what Keydesk saw before it quit; the answer says so.
 */
export function cachedExpiring(dataDir: string, now: number): CacheRead<ExpiringAnswerView> {
  const problems: CacheProblem[] = [];
  const withinDays = readCacheDocument(dataDir, 'settings', daysSetting, problems)?.expiringWithinDays ?? 7;
  const until = now + withinDays * 86_400_000;
  const seen = new Set<string>();
  const items = alertsFile(dataDir, problems)
    .flatMap((a) => (a.kind === 'expiring' && a.expiresAtMs > now && a.expiresAtMs <= until ? [a] : []))
    .filter((a) => {
      // The same item raised again (an earlier episode) is listed once.
      const id = `${a.accountId}:${JSON.stringify(a.target)}:${a.expiresAtMs}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => a.expiresAtMs - b.expiresAtMs)
    .map((a) => ({
      kind: a.target.type,
      accountId: a.accountId,
      accountLabel: clip(a.accountLabel),
      name: clip(
        a.target.type === 'key' ? a.target.keyName : a.target.type === 'plan' ? a.target.planName : a.accountLabel,
      ),
      expiresAt: Math.floor(a.expiresAtMs / 1000),
    }));
  return {
    value: { withinDays, items: items.slice(0, MAX_LISTED), total: items.length, failures: [] },
    problems,
  };
}
