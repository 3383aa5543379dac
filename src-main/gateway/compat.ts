// Normalising what real servers send (new-api-compat.md) into one shape: sk- prefixes, masked keys, paging
// variants (0-based p, bare arrays, page-size names), group ratios given as strings.
import type { WireKeyRecord, WireSearchItem } from './schemas';

const SK = 'sk-';

/** Keys travel without sk- (spec 2.1); users see and paste them with it. */
export const withSkPrefix = (key: string): string => (key.startsWith(SK) ? key : `${SK}${key}`);
export const stripSkPrefix = (key: string): string => (key.startsWith(SK) ? key.slice(SK.length) : key);

/** List, detail and search mask keys with asterisks; older servers sent them whole. */
export const isMaskedKey = (key: string): boolean => key.includes('*');

/** new-api's display mask, for servers that send full keys in lists: never show those as they are. */
export function maskKey(key: string): string {
  const bare = stripSkPrefix(key);
  return bare.length <= 8 ? `${SK}${'*'.repeat(bare.length)}` : `${SK}${bare.slice(0, 4)}**********${bare.slice(-4)}`;
}

/** A key record as services see it: the spec's fields, the key with sk-, and whether it is masked. */
export type KeyRecord = Omit<WireKeyRecord, 'key'> & { readonly key: string; readonly isMasked: boolean };
export type SearchKeyRecord = Omit<WireSearchItem, 'key'> & { readonly key: string; readonly isMasked: boolean };

export function toKeyRecord<T extends { key: string }>(wire: T): Omit<T, 'key'> & { key: string; isMasked: boolean } {
  return { ...wire, key: withSkPrefix(wire.key), isMasked: isMaskedKey(wire.key) };
}

// ---------------------------------------------------------------------------------------------------------------
// Paging

export interface Page<T> {
  /** 1-based, whatever the server counts from. */
  readonly page: number;
  readonly pageSize: number;
  /** Total records; null when an older server sent a bare array and did not say. */
  readonly total: number | null;
  readonly items: readonly T[];
}

export type PagingBase = 0 | 1;

export type WirePage<T> =
  | readonly T[]
  | {
      readonly page?: number | undefined;
      readonly page_size?: number | undefined;
      readonly ps?: number | undefined;
      readonly size?: number | undefined;
      readonly total?: number | undefined;
      readonly items: readonly T[] | null;
    };

export const isBareArray = <T>(page: WirePage<T>): page is readonly T[] => Array.isArray(page);

/** The p to send for a 1-based page: servers that return bare arrays count pages from 0. */
export const wirePageNumber = (page: number, base: PagingBase): number => (base === 0 ? page - 1 : page);

export function normalizePage<T, U>(
  wire: WirePage<T>,
  requested: { page: number; size: number },
  map: (t: T) => U,
): Page<U> {
  if (isBareArray(wire)) {
    return { page: requested.page, pageSize: requested.size, total: null, items: wire.map(map) };
  }
  const items = (wire.items ?? []).map(map);
  const pageSize = wire.page_size ?? wire.ps ?? wire.size ?? requested.size;
  // A server that echoes p=0 for our first page is 0-based; report pages 1-based regardless.
  return { page: requested.page, pageSize, total: wire.total ?? null, items };
}

// ---------------------------------------------------------------------------------------------------------------
// Groups

export interface GroupInfo {
  readonly name: string;
  readonly desc: string;
  /** Billing ratio; null when the server gave a non-numeric one (new-api's `auto` group says "自动"). */
  readonly ratio: number | null;
}

export function normalizeGroups(wire: Record<string, { desc: string; ratio: number | string }>): readonly GroupInfo[] {
  return Object.entries(wire).map(([name, g]) => {
    const ratio = typeof g.ratio === 'number' ? g.ratio : g.ratio.trim() === '' ? NaN : Number(g.ratio);
    return { name, desc: g.desc, ratio: Number.isFinite(ratio) ? ratio : null };
  });
}
