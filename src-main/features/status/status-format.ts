// `keydesk status` output: a text table, JSON, or one line for a terminal status line. Money is formatted by the
// app's own rules (src-shared/units.ts with each site's cached money settings); unknown is written as unknown. What
// reaches the terminal holds no control character raw, whatever a label, a site's currency symbol or a file held:
// text modes draw them visibly, JSON escapes them, so nothing printed can clear the screen or retitle the window.
import type { BalanceLevel, Language } from '../../../src-shared/contract';
import { visibleControls } from '../../../src-shared/rules/text-rules';
import { formatQuota, formatQuotaMoney, type QuotaValue } from '../../../src-shared/units';
import type { StatusEntry, StatusSnapshot } from './status.model';

/** Text for a terminal: every control character (C0, DEL, C1), reordering mark and lone surrogate drawn visibly. */
export const terminalText = visibleControls;

/** JSON for a terminal: JSON.stringify escapes C0 and lone surrogates; DEL, C1 and reordering marks are escaped too. */
const terminalJson = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const WORDS = {
  'en-US': {
    header: {
      keydesk: 'Keydesk balances (live, from the running app)',
      cache: 'Keydesk balances (from its cache; Keydesk is not running)',
    },
    none: 'No accounts.',
    unknown: 'unknown',
    level: { ok: 'OK', warn: 'Low', critical: 'Critical', unknown: 'Unknown' } satisfies Record<BalanceLevel, string>,
    disabled: 'Disabled',
    stale: 'not current',
    never: 'never',
    justNow: 'just now',
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    days: (n: number) => `${n} d ago`,
    lineLow: 'low',
    lineCritical: 'critical',
    cacheAge: (age: string) => `cache, ${age}`,
  },
  'zh-CN': {
    header: { keydesk: 'Keydesk 余额（实时，来自运行中的应用）', cache: 'Keydesk 余额（来自缓存；Keydesk 未运行）' },
    none: '没有账户。',
    unknown: '未知',
    level: { ok: '正常', warn: '偏低', critical: '告急', unknown: '未知' } satisfies Record<BalanceLevel, string>,
    disabled: '已停用',
    stale: '非最新',
    never: '从未',
    justNow: '刚刚',
    minutes: (n: number) => `${n} 分钟前`,
    hours: (n: number) => `${n} 小时前`,
    days: (n: number) => `${n} 天前`,
    lineLow: '偏低',
    lineCritical: '告急',
    cacheAge: (age: string) => `缓存，${age}`,
  },
} as const;

const quotaOf = (e: StatusEntry): QuotaValue | undefined =>
  e.isUnlimited
    ? { kind: 'unlimited' }
    : e.remainingUnits === null
      ? undefined
      : { kind: 'limited', units: e.remainingUnits };

/** The balance as the app shows it ("$12.34 ≈ ¥87.65", "Unlimited"), or the word for unknown. */
export function balanceText(e: StatusEntry, lang: Language): string {
  const q = quotaOf(e);
  return terminalText(q === undefined ? WORDS[lang].unknown : formatQuotaMoney(q, lang, e.money));
}

export function ageText(fetchedAt: number | null, now: number, lang: Language): string {
  const w = WORDS[lang];
  if (fetchedAt === null) return w.never;
  const minutes = Math.floor(Math.max(0, now - fetchedAt) / 60_000);
  if (minutes < 1) return w.justNow;
  if (minutes < 60) return w.minutes(minutes);
  if (minutes < 48 * 60) return w.hours(Math.floor(minutes / 60));
  return w.days(Math.floor(minutes / (24 * 60)));
}

function stateText(e: StatusEntry, lang: Language): string {
  const w = WORDS[lang];
  const words = [e.isDisabled ? w.disabled : w.level[e.level]];
  if (e.isStale && e.fetchedAt !== null) words.push(w.stale);
  return words.join(', ');
}

/** Display width: CJK and other wide characters take two columns in a terminal. */
const width = (text: string): number =>
  Array.from(text).reduce(
    (n, c) =>
      n +
      (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(c)
        ? 2
        : 1),
    0,
  );
const pad = (text: string, to: number): string => text + ' '.repeat(Math.max(0, to - width(text)));

export function formatText(s: StatusSnapshot, lang: Language, now: number): string {
  const w = WORDS[lang];
  if (s.accounts.length === 0) return `${w.header[s.source]}\n${w.none}\n`;
  const rows = s.accounts.map((e) => [
    terminalText(e.label),
    balanceText(e, lang),
    stateText(e, lang),
    ageText(e.fetchedAt, now, lang),
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => width(r[i] ?? ''))));
  const lines = rows.map((r) =>
    r
      .map((cell, i) => (i < 3 ? pad(cell, (widths[i] ?? 0) + 2) : cell))
      .join('')
      .trimEnd(),
  );
  return `${w.header[s.source]}\n${lines.join('\n')}\n`;
}

export function formatJson(s: StatusSnapshot, lang: Language, now: number): string {
  return `${terminalJson({
    source: s.source,
    generatedAt: new Date(s.generatedAt).toISOString(),
    accounts: s.accounts.map((e) => ({
      id: e.id,
      label: e.label,
      kind: e.kind,
      state: e.isDisabled ? 'disabled' : e.level,
      isStale: e.isStale,
      // null when unknown: a reader must never take a missing balance for zero.
      remainingUnits: e.remainingUnits,
      isUnlimited: e.isUnlimited,
      balance: balanceText(e, lang),
      currency: e.money.site.displayType,
      fetchedAt: e.fetchedAt === null ? null : new Date(e.fetchedAt).toISOString(),
      ageSeconds: e.fetchedAt === null ? null : Math.max(0, Math.round((now - e.fetchedAt) / 1000)),
      error: e.error,
    })),
  })}\n`;
}

/** One line: `Alice $12.34 · Bob ¥3.00 low · Carol unknown`, the site amount only, then the cache's age if offline. */
export function formatLine(s: StatusSnapshot, lang: Language, now: number): string {
  const w = WORDS[lang];
  const parts = s.accounts
    .filter((e) => !e.isDisabled)
    .map((e) => {
      const q = quotaOf(e);
      const amount = q === undefined ? w.unknown : formatQuota(q, lang, e.money.site);
      const flag = e.level === 'critical' ? ` ${w.lineCritical}` : e.level === 'warn' ? ` ${w.lineLow}` : '';
      return terminalText(`${e.label} ${amount}${flag}`);
    });
  const times = s.accounts.map((e) => e.fetchedAt).filter((t): t is number => t !== null);
  const oldest = times.length > 0 ? Math.min(...times) : null;
  const tail = s.source === 'cache' && oldest !== null ? ` (${w.cacheAge(ageText(oldest, now, lang))})` : '';
  return `${parts.join(' · ') || w.none}${tail}\n`;
}
