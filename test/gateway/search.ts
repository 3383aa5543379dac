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
