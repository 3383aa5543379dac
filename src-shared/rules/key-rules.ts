// Rules real gateways apply to key fields (names, search patterns, IP allowlists), checked before anything is sent.
// Shared by main and renderer (hence beside the contract) so the form and the client can never disagree.

/** new-api refuses names longer than this many bytes: Go's len() counts UTF-8 bytes, not characters. */
export const MAX_KEY_NAME_BYTES = 50;

/** UTF-8 length of a string, counted by code point (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Bytes(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const cp = char.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const isKeyNameTooLong = (name: string): boolean => utf8Bytes(name) > MAX_KEY_NAME_BYTES;

// ---------------------------------------------------------------------------------------------------------------
// Search (new-api model/token.go sanitizeLikePattern)

export type SearchRuleReason = 'invalidCharacters' | 'adjacentWildcards' | 'tooManyWildcards' | 'tooFewBytes';

export const MAX_WILDCARDS = 2;
/** Bytes, as the server counts them: `%测%` (3 bytes) is a valid fuzzy search, `%a%` is not. */
export const MIN_FUZZY_BYTES = 2;

// Control characters and U+FFFD (a decoding accident) are what the gateway calls "special characters".
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const SPECIAL = /[\u0000-\u001f\u007f\ufffd]/;
// A lone surrogate cannot be UTF-8 encoded: encodeURIComponent would throw, the server would see bad encoding.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const countWildcards = (pattern: string): number => pattern.split('%').length - 1;

/**
 * Why the server would refuse a search pattern (already stripped of sk- for key searches), or undefined. The
 * server escapes `!` and `_` with a `!` before it counts what is left, so those count twice, as there.
 */
export function searchPatternProblem(pattern: string): SearchRuleReason | undefined {
  if (pattern === '') return undefined;
  if (SPECIAL.test(pattern) || LONE_SURROGATE.test(pattern)) return 'invalidCharacters';
  if (pattern.includes('%%')) return 'adjacentWildcards';
  const wildcards = countWildcards(pattern);
  if (wildcards > MAX_WILDCARDS) return 'tooManyWildcards';
  if (wildcards > 0) {
    const escaped = pattern.replaceAll('!', '!!').replaceAll('_', '!_');
    if (utf8Bytes(escaped.replaceAll('%', '')) < MIN_FUZZY_BYTES) return 'tooFewBytes';
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// IP allowlists

/**
 * Real servers split allow_ips on newlines and delete spaces and commas inside each line, so `a,b` on one line
 * becomes the single bogus address `ab`. We read commas or newlines (a spec-profile server or an old key may hold
 * commas) and always write one address per line.
 */
export function parseIpList(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,\n\r]/)
    .map((s) => s.replace(/\s+/g, ''))
    .filter((s) => s !== '');
}

export const joinIpList = (ips: readonly string[]): string => ips.join('\n');

/** The same list, one address per line; '' for no limit (null included). */
export const normalizeIpList = (value: string | null | undefined): string => joinIpList(parseIpList(value));

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/i;

function isIpv6(value: string): boolean {
  let text = value;
  let groupsNeeded = 8;
  // An embedded IPv4 tail (::ffff:1.2.3.4) takes the room of two groups.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    if (!IPV4.test(text.slice(lastColon + 1))) return false;
    text = `${text.slice(0, lastColon + 1)}0`;
    groupsNeeded = 7;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = halves.map((h) => (h === '' ? [] : h.split(':')));
  if (!groups.every((g) => g.every((part) => HEXTET.test(part)))) return false;
  const count = groups.reduce((n, g) => n + g.length, 0);
  return halves.length === 2 ? count < groupsNeeded : count === groupsNeeded;
}

/** One allowlist entry: an IPv4 or IPv6 address, optionally as a CIDR range. */
export function isIpOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const isV4 = IPV4.test(address);
  if (!isV4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (isV4 ? 32 : 128);
}

/** Entries of an allowlist that are not addresses or ranges (empty when the list may be sent). */
export const invalidIps = (value: string): string[] => parseIpList(value).filter((ip) => !isIpOrCidr(ip));
