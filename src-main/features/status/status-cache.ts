// Reads the status from the files a Keydesk left in its data folder: accounts.json (names, kinds, thresholds),
// quota-cache.json (last balances) and site-money.json (how each site shows money). Read-only on purpose: unlike the
// app's config store it never moves, repairs or creates a file, reads no secret and sends no request. A file it
// cannot read leaves the balances unknown, never zero.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { accountsDocumentSchema, type AccountsDocument } from '../accounts/account-records';
import { accountMoney } from '../site/account-money';
import { siteMoneyDocumentSchema } from '../site/site-money.service';
import { balanceLevel, quotaCacheSchema } from '../quota/quota.monitor';
import { entryOf } from '../../id-record';
import { STATUS_VERSION, type StatusEntry, type StatusSnapshot } from './status.model';

/** Why a file could not be used; the command prints these on stderr beside whatever it could show. */
export interface CacheProblem {
  readonly file: string;
  readonly reason: string;
}

/** Far above any file Keydesk writes (a day of spend for a thousand keys is about 2 MB): a bigger one is not read. */
const MAX_CACHE_FILE_BYTES = 64 * 1024 * 1024;

/**
 * One of Keydesk's data files, read-only, checked with the app's own schema: null, with the problem said, when it
 * cannot be read, is too large, is not JSON or is not what this Keydesk expects; null alone when it does not exist.
 */
export function readCacheDocument<T>(
  dataDir: string,
  name: string,
  schema: z.ZodType<T>,
  problems: CacheProblem[],
): T | null {
  const file = `${name}.json`;
  let text: string;
  try {
    if (statSync(join(dataDir, file)).size > MAX_CACHE_FILE_BYTES) {
      problems.push({ file, reason: 'it is larger than any file Keydesk writes' });
      return null;
    }
    text = readFileSync(join(dataDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') problems.push({ file, reason: (error as Error).message });
    return null;
  }
  try {
    // The config store's envelope: {"version": n, ...fields}; fields are checked with the app's own schema.
    const { version: _version, ...fields } = JSON.parse(text) as Record<string, unknown>;
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data;
    problems.push({ file, reason: 'its contents are not what this Keydesk expects' });
  } catch {
    problems.push({ file, reason: 'it is not valid JSON' });
  }
  return null;
}

export function readCachedStatus(
  dataDir: string,
  now: number,
): { snapshot: StatusSnapshot; problems: readonly CacheProblem[] } {
  const problems: CacheProblem[] = [];
  const accounts: AccountsDocument = readCacheDocument(dataDir, 'accounts', accountsDocumentSchema, problems) ?? {
    accounts: [],
    activeId: null,
  };
  const cache = readCacheDocument(dataDir, 'quota-cache', quotaCacheSchema, problems);
  const sites = readCacheDocument(dataDir, 'site-money', siteMoneyDocumentSchema, problems);
  const entries: StatusEntry[] = accounts.accounts
    .filter((record) => !record.isHidden)
    .map((record) => {
      const cached = entryOf(cache?.balances, record.id);
      const reading = cached ?? null;
      const site = entryOf(sites?.sites, record.baseUrl.replace(/\/+$/, '')) ?? undefined;
      return {
        id: record.id,
        label: record.label,
        kind: record.kind,
        isDisabled: record.isDisabled,
        remainingUnits: reading && !reading.isUnlimited ? reading.remainingUnits : null,
        isUnlimited: reading?.isUnlimited ?? false,
        level: balanceLevel(reading, record.thresholds),
        fetchedAt: reading?.fetchedAt ?? null,
        // Keydesk is not running: nothing keeps these values current.
        isStale: true,
        error: null,
        money: accountMoney(site, record.yuanPerUsd),
      };
    });
  return { snapshot: { version: STATUS_VERSION, source: 'cache', generatedAt: now, accounts: entries }, problems };
}
