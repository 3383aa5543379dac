// The site-money service: how each site shows money (its GET /api/status), cached per base URL in the data
// folder so the right currency shows at once on start, re-read once a day and on demand, never blocking start-up.
import { z } from 'zod';
import { QUOTA_DISPLAY_TYPES, ok, type ConnectionCheck, type Result } from '../../../src-shared/contract';
import { SPEC_MONEY, type HttpTransport } from '../../gateway';
import { readSiteMoney } from '../../gateway/site-status';
import { emptyIdRecord, entryOf, idRecord, withEntry } from '../../id-record';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import { checkBaseUrl } from '../../../src-shared/rules/url-rules';
import type { CachedSite, SiteMoneyLookup } from './account-money';

const siteMoneySchema = z.object({
  displayType: z.enum(QUOTA_DISPLAY_TYPES),
  quotaPerUnit: z.number().int().positive(),
  rate: z.string().regex(/^\d+(\.\d+)?$/),
  symbol: z.string().max(16),
  price: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .nullable(),
});

const cachedSiteSchema = z.object({
  /** null: the site said nothing about money (the spec's ¥ applies). */
  money: siteMoneySchema.nullable(),
  fetchedAt: z.number(),
});

export const siteMoneyDocumentSchema = z.object({
  // A broken entry costs one re-read, not the whole cache. Keyed by base URL, read from an account record: a
  // prototype-less record (id-record.ts), so an older data folder's odd address is a miss, never Object's own.
  sites: idRecord(cachedSiteSchema.nullable().catch(null)).default(emptyIdRecord()),
});
export type SiteMoneyDocument = z.infer<typeof siteMoneyDocumentSchema>;
export const EMPTY_SITE_MONEY: SiteMoneyDocument = { sites: emptyIdRecord() };

/** Sites change their display settings rarely; once a day keeps the console and Keydesk in step. */
export const SITE_MONEY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** After a failed read, background checks leave the site alone this long (it may be down or offline). */
export const SITE_MONEY_RETRY_MS = 10 * 60 * 1000;

export interface SiteMoneyDeps {
  readonly store: DocumentStore<SiteMoneyDocument>;
  readonly transport: HttpTransport;
  readonly log: Logger;
  readonly clock: { now(): number };
  readonly maxAgeMs?: number;
}

/** The cache key: a base URL without a trailing slash, so "https://a/" and "https://a" are one site. */
const siteKey = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

export class SiteMoneyService implements SiteMoneyLookup {
  readonly #inFlight = new Map<string, Promise<Result<CachedSite>>>();
  readonly #listeners = new Set<() => void>();
  /** When a background read of each site last failed: accounts change often, a down site is not asked each time. */
  readonly #failedAt = new Map<string, number>();
  readonly #maxAgeMs: number;

  constructor(private readonly deps: SiteMoneyDeps) {
    this.#maxAgeMs = deps.maxAgeMs ?? SITE_MONEY_MAX_AGE_MS;
  }

  /** The cached settings of a site at once (from disk on start); undefined before its first read. */
  get(baseUrl: string): CachedSite | undefined {
    return entryOf(this.deps.store.read().sites, siteKey(baseUrl)) ?? undefined;
  }

  /** Told whenever a site's settings change, so account views are sent again. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Reads a site now (one request per site at a time). A failed read keeps the cached settings. */
  refresh(baseUrl: string, signal?: AbortSignal): Promise<Result<CachedSite>> {
    const key = siteKey(baseUrl);
    const running = this.#inFlight.get(key);
    if (running) return running;
    const next = this.#read(key, signal).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, next);
    return next;
  }

  /** Re-reads every listed site not read within a day; failures are logged and retried on the next call. */
  async refreshStale(baseUrls: readonly string[]): Promise<void> {
    const now = this.deps.clock.now();
    const stale = [...new Set(baseUrls.map(siteKey))].filter((key) => {
      const failedAt = this.#failedAt.get(key);
      if (failedAt !== undefined && now - failedAt < SITE_MONEY_RETRY_MS && failedAt <= now) return false;
      const cached = this.get(key);
      return cached === undefined || now - cached.fetchedAt >= this.#maxAgeMs || cached.fetchedAt > now;
    });
    await Promise.all(stale.map((key) => this.refresh(key)));
  }

  async #read(key: string, signal?: AbortSignal): Promise<Result<CachedSite>> {
    const answer = await readSiteMoney(this.deps.transport, this.deps.log, key, signal);
    if (!answer.ok) {
      this.#failedAt.set(key, this.deps.clock.now());
      this.deps.log.info('site money not read; keeping the cached settings', { code: answer.error.code });
      return answer;
    }
    this.#failedAt.delete(key);
    const entry: CachedSite = { money: answer.value, fetchedAt: this.deps.clock.now() };
    const doc = this.deps.store.read();
    this.deps.store.write({ sites: withEntry(doc.sites, key, entry) });
    for (const listener of this.#listeners) listener();
    return { ok: true, value: entry };
  }
}

/**
 * A connection test's answer with the site's money read beside it, so the form shows the balance in the site's
 * currency (and the cache is warm when the account is added). A failed read leaves the answer as it was.
 */
export async function withSiteMoney(
  check: ConnectionCheck,
  baseUrl: string,
  siteMoney: SiteMoneyService,
): Promise<Result<ConnectionCheck>> {
  const base = checkBaseUrl(baseUrl, '/api');
  if (!base.ok) return ok(check);
  const read = await siteMoney.refresh(base.url);
  return ok(read.ok ? { ...check, money: read.value.money ?? SPEC_MONEY } : check);
}
