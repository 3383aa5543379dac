// The site-status reader: GET /api/status at base_url (no auth) → how the site's console shows money (SiteMoney).
// Tolerant by design: every field is optional, unknown fields are ignored, and a site that says nothing (no such
// endpoint, a spec server, an HTML page) is not an error but "no settings" — the caller keeps the spec's ¥.
import { z } from 'zod';
import { QUOTA_DISPLAY_TYPES, type QuotaDisplayType, type Result, type SiteMoney } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { GatewayError } from './errors';
import type { HttpTransport } from './http';
import { callGateway, joinUrl, toResult } from './request';
import { DEFAULT_QUOTA_PER_UNIT, jsonNumberToDecimalString, parsePositiveRate } from './units';

// Go's float64 fields arrive as JSON numbers; a hand-configured site may send them as strings.
const looseNumber = z.union([z.number(), z.string()]).optional().catch(undefined);
const looseString = z.string().optional().catch(undefined);

const statusDataSchema = z
  .object({
    quota_per_unit: looseNumber,
    quota_display_type: looseString,
    display_in_currency: z.boolean().optional().catch(undefined),
    usd_exchange_rate: looseNumber,
    custom_currency_symbol: looseString,
    custom_currency_exchange_rate: looseNumber,
    price: looseNumber,
  })
  .loose();

const statusSchema = z.looseObject({ data: z.unknown().optional() });

export type StatusData = z.infer<typeof statusDataSchema>;

/** A positive finite number as its exact decimal string; undefined for zero, negatives, junk. */
function positiveDecimal(value: number | string | undefined): string | undefined {
  const n = typeof value === 'string' ? Number(value.trim()) : value;
  if (n === undefined || !Number.isFinite(n) || n <= 0) return undefined;
  return typeof value === 'string' ? parsePositiveRate(value) : jsonNumberToDecimalString(n);
}

const isDisplayType = (text: string): text is QuotaDisplayType =>
  (QUOTA_DISPLAY_TYPES as readonly string[]).includes(text);

/**
 * The console's own rules (new-api web renderQuota): `quota_display_type` wins; an unknown type renders as USD;
 * a missing usd_exchange_rate or custom rate renders as 1; an empty custom symbol as ¤. Older servers (one-api,
 * new-api before display types) have only `display_in_currency`: true = $, false = the raw token count.
 * Undefined when the answer carries no money setting at all: the site says nothing.
 */
export function siteMoneyFromStatus(data: StatusData): SiteMoney | undefined {
  const type = data.quota_display_type?.trim().toUpperCase();
  const hasAnything =
    (type !== undefined && type !== '') || data.display_in_currency !== undefined || data.quota_per_unit !== undefined;
  if (!hasAnything) return undefined;
  const displayType: QuotaDisplayType =
    type !== undefined && type !== ''
      ? isDisplayType(type)
        ? type
        : 'USD'
      : data.display_in_currency === false
        ? 'TOKENS'
        : 'USD';
  const perUnit = positiveDecimal(data.quota_per_unit);
  // A fractional divisor is not a configuration anyone runs; the default is safer than a guess at rounding.
  const quotaPerUnit = perUnit !== undefined && /^\d+$/.test(perUnit) ? Number(perUnit) : DEFAULT_QUOTA_PER_UNIT;
  const price = positiveDecimal(data.price) ?? null;
  switch (displayType) {
    case 'CNY':
      return { displayType, quotaPerUnit, rate: positiveDecimal(data.usd_exchange_rate) ?? '1', symbol: '¥', price };
    case 'CUSTOM':
      return {
        displayType,
        quotaPerUnit,
        rate: positiveDecimal(data.custom_currency_exchange_rate) ?? '1',
        symbol: data.custom_currency_symbol?.trim() || '¤',
        price,
      };
    case 'TOKENS':
      return { displayType, quotaPerUnit, rate: '1', symbol: '', price };
    case 'USD':
      return { displayType, quotaPerUnit, rate: '1', symbol: '$', price };
  }
}

/** Failures that mean "this site has no /api/status", not "the site is unreachable". */
const SAYS_NOTHING: ReadonlySet<string> = new Set([
  'not_found',
  'wrong_base_address',
  'protocol',
  'unsupported',
  'validation',
]);

/**
 * Reads GET /api/status. ok(null): the site says nothing about money (keep the spec's ¥). A failure is only a
 * network-level one (offline, timeout, rate limited), after which the caller keeps what it had.
 */
export function readSiteMoney(
  transport: HttpTransport,
  logger: Logger,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<Result<SiteMoney | null>> {
  return toResult(logger, 'site status', async () => {
    try {
      const answer = await callGateway(transport, {
        method: 'GET',
        url: joinUrl(baseUrl, '/api/status'),
        headers: {},
        envelope: 'none',
        schema: statusSchema,
        what: 'site status',
        signal,
        ctx: { audience: 'management', baseLabel: 'base_url', baseUrl, businessFailure: 'server' },
      });
      const data = statusDataSchema.safeParse(answer.data ?? {});
      return data.success ? (siteMoneyFromStatus(data.data) ?? null) : null;
    } catch (error) {
      if (error instanceof GatewayError && SAYS_NOTHING.has(error.code)) return null;
      // A web page with 200 is a front end answering every path: no status endpoint behind it.
      if (error instanceof GatewayError && error.code === 'server' && error.details.status === 200) return null;
      throw error;
    }
  });
}
