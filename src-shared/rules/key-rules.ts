// Rules real gateways apply to key fields (names, field limits, expiry, IP allowlists), checked before anything is
// sent. Shared by main and renderer (hence beside the contract) so the form and the client can never disagree.
// Search patterns have their own file, search-rules.ts.
import type { KeyView } from '../contract';

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

/**
 * One-api and early new-api cap names at 30 bytes (`len(token.Name) > 30`, controller/token.go), below the 50 Keydesk
 * checks. Whether a server's refusal is that one: their words (令牌名称过长) or the spec's English sentence.
 */
export const OLD_SERVER_NAME_BYTES = 30;
export const isNameRefusalText = (serverMessage: string): boolean =>
  /令牌名称过长|name is too long/i.test(serverMessage);

/**
 * The most a key's fields may hold when they cross the bridge (characters, or entries for lists). These bound the
 * payload main accepts, well above what any gateway keeps (a name is refused by the server past 50 bytes, which
 * isKeyNameTooLong says first): a form that stays inside them is never refused by main's schema.
 */
export const KEY_FIELD_LIMITS = {
  nameChars: 200,
  groupChars: 200,
  modelChars: 200,
  models: 500,
  allowIpsChars: 10_000,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Expiry

/** The expiry (unix seconds) of a key that never expires. */
export const NEVER_EXPIRES = -1;

/**
 * Whether an expiry (unix seconds) has passed at `nowSec`, as the gateway judges it: a key past it is expired
 * whatever its status says, and is refused enabling until the expiry moves. -1 never passes.
 */
export const isExpiryPast = (expiredTime: number, nowSec: number): boolean =>
  expiredTime !== NEVER_EXPIRES && expiredTime <= nowSec;

/**
 * What extend-and-enable must move for a key the gateway refuses to enable: its expiry when main called it expired
 * or its expiry has passed since main read it (a list shown for a while), its quota when main called it exhausted.
 */
export function enableFixes(
  key: Pick<KeyView, 'state' | 'expiredTime'>,
  nowSec: number,
): { readonly needsTime: boolean; readonly needsQuota: boolean } {
  return {
    needsTime: key.state === 'expired' || (key.expiredTime !== null && isExpiryPast(key.expiredTime, nowSec)),
    needsQuota: key.state === 'exhausted',
  };
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

const joinIpList = (ips: readonly string[]): string => ips.join('\n');

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

// ---------------------------------------------------------------------------------------------------------------
// one-api's subnet

/**
 * Why one IP-limit entry is refused, or undefined: `address` when the part before any `/` is not an IPv4 or IPv6
 * address, `prefix` when the range is longer than the address has bits (/33 on IPv4, /129 on IPv6) or not a number.
 */
export function ipEntryProblem(entry: string): 'address' | 'prefix' | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const isV4 = IPV4.test(address);
  if (!isV4 && !isIpv6(address)) return 'address';
  if (extra !== undefined) return 'prefix';
  if (prefix === undefined) return undefined;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (isV4 ? 32 : 128) ? undefined : 'prefix';
}

/**
 * one-api's `subnet` takes CIDR ranges only (Go's net.ParseCIDR refuses a bare address): each address typed alone
 * becomes its own range, /32 for IPv4 and /128 for IPv6. Entries that are not addresses are left as typed, for the
 * check to name.
 */
export function asSubnetEntries(value: string | null | undefined): string[] {
  return parseIpList(value).map((entry) => {
    if (entry.includes('/') || ipEntryProblem(entry) !== undefined) return entry;
    return `${entry}/${IPV4.test(entry) ? 32 : 128}`;
  });
}

/** The list as one-api stores it: ranges separated by commas, no spaces (its split keeps what is between them). */
export const toSubnetList = (value: string | null | undefined): string => asSubnetEntries(value).join(',');

/** Entries of an allowlist written alone, which a subnet list saves as a range (the form says so). */
export const bareAddresses = (value: string): string[] =>
  parseIpList(value).filter((entry) => !entry.includes('/') && ipEntryProblem(entry) === undefined);
