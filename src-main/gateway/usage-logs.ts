// A user's own usage logs, GET /api/log/self (UserAuth: a session or access token, never an sk- key), read the way
// each era answers (facts from the servers' sources, see test/gateway/README.md):
// - one-api: a bare array, `p` counted from 0, always 10 rows a page (page_size ignored), no token_id;
// - new-api from v0.2.7.6 on: `{items, total, page, page_size}`, `p` counted from 1 (p < 1 is read as 1), at most
//   100 a page, and a page_size left out is a LIMIT 0 on the older of them — so it is always sent;
// - newest new-api: the same page, its rows a slimmer record without token_id.
// `p=0` is therefore the first page everywhere; the answer's shape says how to count the next one. Filters are
// exact (`token_name =`), times are Unix seconds, inclusive. A `type` of 2 is a call that spent quota.
import { z } from 'zod';

const int = z.number().int();
const count = int.min(0).max(Number.MAX_SAFE_INTEGER);

/** A ratio or count the site recorded; anything else (a string, NaN, a huge value) is unknown, not a failure. */
const recordedRatio = z.number().min(-1).max(1e9).optional().catch(undefined);
const recordedCount = count.optional().catch(undefined);
const recordedFlag = z.boolean().optional().catch(undefined);

/**
 * What new-api records of a call's price in the row's `other` (QuantumNous/new-api service/log_info_generate.go @
 * 00899e66, GenerateTextOtherInfo and its Claude, audio and realtime variants): the ratios it applied, the cached
 * tokens, and marks of billing this reader cannot recompute (an expression, tool-call surcharges, audio, realtime).
 * -1 means "none" for model_price (a token-priced model) and user_group_ratio (no special ratio).
 */
export const recordedPriceSchema = z.object({
  model_ratio: recordedRatio,
  group_ratio: recordedRatio,
  completion_ratio: recordedRatio,
  cache_ratio: recordedRatio,
  model_price: recordedRatio,
  user_group_ratio: recordedRatio,
  cache_tokens: recordedCount,
  cache_creation_tokens: recordedCount,
  cache_creation_ratio: recordedRatio,
  cache_creation_tokens_5m: recordedCount,
  cache_creation_ratio_5m: recordedRatio,
  cache_creation_tokens_1h: recordedCount,
  cache_creation_ratio_1h: recordedRatio,
  /** The call was billed with Claude's usage semantics: its prompt tokens do not include the cached ones. */
  claude: recordedFlag,
  billing_mode: z.string().max(100).optional().catch(undefined),
  tool_surcharges: z.array(z.unknown()).max(1_000).optional().catch(undefined),
  audio: recordedFlag,
  ws: recordedFlag,
});
export type RecordedPrice = z.infer<typeof recordedPriceSchema>;

/** Older eras send `other` as a JSON string, today's as an object; one-api has none (absent). Unreadable → null. */
const MAX_OTHER_CHARS = 32_768;
const otherSchema = z
  .unknown()
  .transform((raw): RecordedPrice | null => {
    let value = raw;
    if (typeof raw === 'string') {
      if (raw === '' || raw.length > MAX_OTHER_CHARS) return null;
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        return null;
      }
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const parsed = recordedPriceSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  })
  .optional();

/** One call as the servers record it; fields one era lacks are optional, unknown ones pass (stripped). */
export const usageLogSchema = z.object({
  /**
   * The row's id as the era shows it (today's new-api numbers rows within the answer, older eras send id % 1024,
   * one-api 0): not an identity, but what tells two pages of otherwise identical calls apart (below).
   */
  id: int.optional().catch(undefined),
  created_at: int,
  type: int,
  token_name: z
    .string()
    .max(1_000)
    .nullish()
    .transform((v) => v ?? ''),
  /** new-api up to its slim record (2025); absent on one-api and the newest builds. */
  token_id: int.optional(),
  model_name: z
    .string()
    .max(1_000)
    .nullish()
    .transform((v) => v ?? ''),
  quota: int.min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  prompt_tokens: count.nullish().transform((v) => v ?? 0),
  completion_tokens: count.nullish().transform((v) => v ?? 0),
  /** The group the call ran as: full rows of older new-api only (today's slimmer record and one-api lack it). */
  group: z.string().max(1_000).nullish().catch(undefined),
  /** The prices the site recorded for the call, where the era records them. */
  other: otherSchema,
});
export type UsageLogRow = z.infer<typeof usageLogSchema>;

export const usageLogPageSchema = z.union([
  z.array(usageLogSchema),
  z.object({
    total: int.optional(),
    page_size: int.optional(),
    items: z.array(usageLogSchema).nullable(),
  }),
]);
export type UsageLogPage = z.infer<typeof usageLogPageSchema>;

export const CONSUME_LOG_TYPE = 2;
/** Rows asked per page (the servers' cap); one-api answers its fixed 10 whatever is asked. */
export const LOG_PAGE_SIZE = 100;
/** one-api's ItemsPerPage: a bare-array page of fewer rows, or of a count not a multiple of it, is the last. */
const FIXED_PAGE_SIZE = 10;

export interface UsageLogQuery {
  readonly tokenName: string;
  /** Unix seconds, inclusive. */
  readonly since: number;
  readonly until: number;
  /**
   * The most pages, and rows, read: a busy key's older calls beyond them are left out and said to be. (Pages of 100
   * reach the rows first; one-api's pages of 10 reach the page count.)
   */
  readonly maxPages: number;
  readonly maxRows: number;
}

export interface UsageLogRead {
  readonly rows: readonly UsageLogRow[];
  /** The server's count of matching calls, where its answer says (bare arrays do not). */
  readonly total: number | null;
  /** More calls matched than were read. */
  readonly isTruncated: boolean;
}

/** Reads the pages of one key's calls in a window, newest first, through `fetchPage(p)`. */
export async function readUsageLogs(
  query: UsageLogQuery,
  fetchPage: (wireQuery: Readonly<Record<string, string | number>>) => Promise<UsageLogPage>,
): Promise<UsageLogRead> {
  const rows: UsageLogRow[] = [];
  let total: number | null = null;
  let base: 0 | 1 | null = null;
  let previous: string | null = null;
  for (let read = 0; read < query.maxPages && rows.length < query.maxRows; read++) {
    // The first page is p=0 on every era (1-based servers read p < 1 as 1); from then on the shape decides.
    const p = base === null ? 0 : base === 0 ? read : read + 1;
    const wire = await fetchPage({
      p,
      page_size: LOG_PAGE_SIZE,
      type: CONSUME_LOG_TYPE,
      token_name: query.tokenName,
      start_timestamp: query.since,
      end_timestamp: query.until,
    });
    // The page just read, sent again (a server that ignores `p`): its calls would be counted twice, and every later
    // page would be the same. The reading ends with what it has, which may leave calls out. The rows' ids take part:
    // a batch job's calls in one second with the same tokens are identical otherwise, page after page.
    const page = Array.isArray(wire) ? wire : (wire.items ?? []);
    const shown = page.length > 0 ? JSON.stringify(page) : null;
    if (shown !== null && shown === previous) return { rows, total, isTruncated: true };
    previous = shown;
    if (Array.isArray(wire)) {
      base = 0;
      rows.push(...wire);
      if (wire.length === 0 || wire.length % FIXED_PAGE_SIZE !== 0 || wire.length > LOG_PAGE_SIZE) {
        return { rows, total, isTruncated: false };
      }
    } else {
      base = 1;
      const items = wire.items ?? [];
      rows.push(...items);
      total = wire.total ?? null;
      const pageSize = wire.page_size !== undefined && wire.page_size > 0 ? wire.page_size : LOG_PAGE_SIZE;
      const isDone = total !== null ? rows.length >= total : items.length < pageSize;
      if (isDone || items.length === 0) return { rows, total, isTruncated: total !== null && rows.length < total };
    }
  }
  return { rows, total, isTruncated: true };
}
