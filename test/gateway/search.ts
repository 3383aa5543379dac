// Search rules of spec 4.4: exact without %, fuzzy with at most two % and two other characters, cap on fuzzy.

export const SEARCH_FAILED = 'token search failed';

export type Matcher = (value: string) => boolean;

/** Decodes one query parameter strictly; undefined when the percent-encoding or UTF-8 is bad. */
export function decodeQueryParam(rawQuery: string, name: string): string | undefined | null {
  for (const pair of rawQuery.split('&')) {
    const eq = pair.indexOf('=');
    const k = eq === -1 ? pair : pair.slice(0, eq);
    if (k !== name) continue;
    try {
      return decodeURIComponent((eq === -1 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
    } catch {
      return undefined;
    }
  }
  return null;
}

/**
 * Builds a matcher, or returns the failure message. `null` raw means the parameter was absent (no filter).
 * `_` is literal: only `%` is a wildcard.
 */
export function buildMatcher(
  label: 'keyword' | 'token',
  raw: string | undefined | null,
  isFuzzyAllowed: boolean,
  fuzzyCap: number,
): Matcher | string {
  if (raw === null || raw === '') return () => true;
  if (raw === undefined) return `${SEARCH_FAILED}: bad encoding in ${label}`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\ufffd]/.test(raw)) return `${SEARCH_FAILED}: invalid characters in ${label}`;
  const wildcards = raw.split('%').length - 1;
  if (wildcards === 0) return (value) => value === raw;
  if (wildcards > 2) return `${SEARCH_FAILED}: at most 2 % wildcards are allowed in ${label}`;
  if (Array.from(raw.replace(/%/g, '')).length < 2) {
    return `${SEARCH_FAILED}: ${label} needs at least 2 characters besides %`;
  }
  if (!isFuzzyAllowed) {
    return `${SEARCH_FAILED}: fuzzy search is not allowed for accounts with more than ${fuzzyCap} keys; use an exact ${label}`;
  }
  const pattern = raw
    .split('%')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const re = new RegExp(`^${pattern}$`, 's');
  return (value) => re.test(value);
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** p is 1-based (anything else reads as 1); size defaults to 10 and is capped at 100. */
export function paging(p: string | undefined, size: string | undefined): { page: number; pageSize: number } {
  const page = p !== undefined && /^\d+$/.test(p) && Number(p) >= 1 ? Number(p) : 1;
  const asked = size !== undefined && /^\d+$/.test(size) && Number(size) >= 1 ? Number(size) : DEFAULT_PAGE_SIZE;
  return { page, pageSize: Math.min(asked, MAX_PAGE_SIZE) };
}

export function pageOf<T>(items: T[], page: number, pageSize: number) {
  return { page, page_size: pageSize, total: items.length, items: items.slice((page - 1) * pageSize, page * pageSize) };
}

// ---- real servers' searches ----

/** SQL LIKE as a RegExp: `%` any run, `_` one character unless escaped; case-insensitive like MySQL/SQLite. */
function likeRegExp(pattern: string, underscoreIsWildcard: boolean): RegExp {
  const source = Array.from(pattern)
    .map((ch) => {
      if (ch === '%') return '.*';
      if (ch === '_' && underscoreIsWildcard) return '.';
      return ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`, 'is');
}

/** Current new-api (model/token.go validateLikePattern); messages verbatim. */
export function newApiPattern(raw: string): Matcher | string {
  if (raw === '') return () => true;
  // The server escapes `!` and `_` before counting, so both count towards the 2-byte minimum.
  const escaped = raw.replace(/!/g, '!!').replace(/_/g, '!_');
  if (escaped.includes('%%')) return '搜索模式中不允许包含连续的 % 通配符';
  const count = escaped.split('%').length - 1;
  if (count > 2) return '搜索模式中最多允许包含 2 个 % 通配符';
  if (count > 0 && Buffer.byteLength(escaped.replace(/%/g, ''), 'utf8') < 2) {
    return '使用模糊搜索时，关键词长度至少为 2 个字符';
  }
  const re = likeRegExp(raw, false);
  return (value) => re.test(value);
}

export const FUZZY_CAP_MESSAGE = '令牌数量超过上限，仅允许精确搜索，请勿使用 % 通配符';

/** Early new-api: `name LIKE %keyword%` and `key LIKE %token%`; `%` and `_` are the user's wildcards too. */
export function substringPattern(raw: string): Matcher {
  const re = likeRegExp(`%${raw}%`, true);
  return (value) => re.test(value);
}

/** one-api: `name LIKE keyword%` (a prefix search; no token parameter). */
export function prefixPattern(raw: string): Matcher {
  const re = likeRegExp(`${raw}%`, true);
  return (value) => re.test(value);
}

/** Go's strings.Trim(token, "sk-"): trims any of s, k, - from both ends (the early era's sk- handling). */
export function trimCutset(value: string, cutset: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && cutset.includes(value.charAt(start))) start++;
  while (end > start && cutset.includes(value.charAt(end - 1))) end--;
  return value.slice(start, end);
}

/** Gin's strconv.Atoi of a query parameter: junk reads 0. */
export function atoi(raw: string | undefined): number {
  return raw !== undefined && /^[+-]?\d{1,15}$/.test(raw) ? Number(raw) : 0;
}
