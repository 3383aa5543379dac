// Expiring soon, pure: keys and subscription plans whose end falls within the next N days, across accounts, sorted by
// date. Plans are the server's open entries (maybe wrapped in {subscription: …}); their end is read from the fields
// the servers are known to send, in seconds or milliseconds.
import type { ExpiringItem, KeyView } from '../../../src-shared/contract';

const DAY_SEC = 86_400;
const END_FIELDS = ['expires_at', 'expired_at', 'end_time', 'expire_time'] as const;
const NAME_FIELDS = ['plan', 'name', 'title', 'plan_name'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A plan entry's name and end (Unix seconds); null when it has no end or says it never ends. */
export function planEnd(entry: unknown): { readonly name: string; readonly expiresAt: number } | null {
  if (!isRecord(entry)) return null;
  const { subscription, ...rest } = entry;
  const fields = isRecord(subscription) ? { ...subscription, ...rest } : entry;
  let end: number | null = null;
  for (const f of END_FIELDS) {
    const v = fields[f];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) {
      end = v > 1e12 ? Math.floor(v / 1000) : v;
      break;
    }
  }
  if (end === null) return null;
  let name = '';
  for (const f of NAME_FIELDS) {
    const v = fields[f];
    if (typeof v === 'string' && v.trim() !== '') {
      name = v.trim();
      break;
    }
    if (isRecord(v) && typeof v.name === 'string' && v.name.trim() !== '') {
      name = v.name.trim();
      break;
    }
  }
  if (name === '' && (typeof fields.id === 'number' || typeof fields.id === 'string')) name = `#${String(fields.id)}`;
  return { name, expiresAt: end };
}

/** An access-token account and the expiry its user entered for its token (Unix seconds). */
export interface ExpiringToken {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly expiresAt: number;
}

/**
 * Access tokens ending after now and within `withinDays` days. The date is the user's (no site lets a token read its
 * own expiry), so it is listed whether the account's keys could be read or not: a token near its end may already
 * fail, and that is when the user needs to hear it.
 */
export function expiringTokens(tokens: readonly ExpiringToken[], nowSec: number, withinDays: number): ExpiringItem[] {
  const until = nowSec + withinDays * DAY_SEC;
  return tokens
    .filter((t) => t.expiresAt > nowSec && t.expiresAt <= until)
    .map((t) => ({
      kind: 'token' as const,
      accountId: t.accountId,
      accountLabel: t.accountLabel,
      expiresAt: t.expiresAt,
      key: null,
      name: t.accountLabel,
    }));
}

/** What one account contributes: its keys and its active plans. */
export interface ExpiringSource {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly keys: readonly KeyView[];
  readonly plans: readonly unknown[];
}

/**
 * Keys (not already expired) and plans ending after now and within `withinDays` days, soonest first. A key that
 * never expires (-1) or whose expiry is unknown is never listed.
 */
export function expiringWithin(sources: readonly ExpiringSource[], nowSec: number, withinDays: number): ExpiringItem[] {
  const until = nowSec + withinDays * DAY_SEC;
  const soon = (at: number) => at > nowSec && at <= until;
  const items: ExpiringItem[] = [];
  for (const s of sources) {
    for (const key of s.keys) {
      const at = key.expiredTime;
      if (at === null || at === -1 || key.state === 'expired' || !soon(at)) continue;
      items.push({
        kind: 'key',
        accountId: s.accountId,
        accountLabel: s.accountLabel,
        expiresAt: at,
        key,
        name: key.name,
      });
    }
    s.plans.forEach((entry, index) => {
      const end = planEnd(entry);
      if (!end || !soon(end.expiresAt)) return;
      items.push({
        kind: 'plan',
        accountId: s.accountId,
        accountLabel: s.accountLabel,
        expiresAt: end.expiresAt,
        key: null,
        name: end.name || `#${index + 1}`,
      });
    });
  }
  return items.sort(
    (a, b) => a.expiresAt - b.expiresAt || a.accountLabel.localeCompare(b.accountLabel) || a.name.localeCompare(b.name),
  );
}
