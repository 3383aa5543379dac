// The key lifecycle of one account: list, search, read, create (then find), the safe full update, add quota,
// enable/disable behind the enable rule, extend-and-enable, delete. Money stays in integer units throughout.
import {
  ok,
  type BatchOutcome,
  type ErrorReason,
  type KeyFields,
  type KeyListChunk,
  type KeyListCursor,
  type KeyPage,
  type KeySearchField,
  type KeyUpdateOutcome,
  type KeyModelUsageView,
  type KeyShape,
  type KeyView,
  type Result,
} from '../../../src-shared/contract';
import { expectedFailure, mapResult } from '../../errors';
import {
  GatewayError,
  type ClockPort,
  type KeyRecord,
  type ManagementClient,
  type Page,
  type SearchKeyRecord,
} from '../../gateway';
import type { Logger } from '../../log/logger';
import type { AccountDirectory } from '../accounts/account-directory';
import { modelUsage } from './model-usage';
import { changedFields, toCreateInput, toFieldName, toKeyEdits, toKeyView } from './key-view';

export interface KeysServiceOptions {
  readonly directory: AccountDirectory;
  readonly clock: Pick<ClockPort, 'now'>;
  readonly log: Logger;
  /**
   * Told of every key record a read brings (lists, searches, a key): key health keeps the last record of each key,
   * and the whole keys of the eras whose lists carry them, for this session only (health/held-keys.ts).
   */
  readonly onRecords?: (accountId: string, records: readonly (KeyRecord | SearchKeyRecord)[]) => void;
}

/** A key's usage logs: the last day, its newest 500 calls at most, in at most 10 requests (one-api's pages hold 10). */
const DAY_S = 86_400;
const MAX_LOG_PAGES = 10;
const MAX_LOG_ROWS = 500;

/** Cap of listAll for the merged view: 50 pages of 100. */
export const MAX_LIST_PAGES = 50;

export class KeysService {
  constructor(private readonly options: KeysServiceOptions) {}

  async list(accountId: string, page: number, size: number): Promise<Result<KeyPage>> {
    const m = await this.management(accountId);
    return mapResult(await m.listKeys({ page, size }), (p) => this.toPage(accountId, p));
  }

  async listAll(accountId: string): Promise<Result<KeyView[]>> {
    const m = await this.management(accountId);
    const now = this.nowSec();
    return mapResult(await m.listAllKeys(MAX_LIST_PAGES), (items) => {
      this.options.onRecords?.(accountId, items);
      return items.map((k) => toKeyView(accountId, k, now));
    });
  }

  /** One page of listAll, for a caller that shows each page as it arrives; `from` null starts the listing. */
  async listFrom(accountId: string, from: KeyListCursor | null): Promise<Result<KeyListChunk>> {
    const m = await this.management(accountId);
    const now = this.nowSec();
    return mapResult(await m.listKeysFrom(from, MAX_LIST_PAGES), (c) => {
      this.options.onRecords?.(accountId, c.items);
      return { items: c.items.map((k) => toKeyView(accountId, k, now)), next: c.next };
    });
  }

  async search(
    accountId: string,
    field: KeySearchField,
    pattern: string,
    page: number,
    size: number,
  ): Promise<Result<KeyPage>> {
    const m = await this.management(accountId);
    const query = field === 'name' ? { keyword: pattern } : { token: pattern };
    return mapResult(await m.searchKeys(query, { page, size }), (p) => this.toPage(accountId, p));
  }

  async get(accountId: string, id: number): Promise<Result<KeyView>> {
    const m = await this.management(accountId);
    return mapResult(await m.getKey(id), (k) => {
      this.options.onRecords?.(accountId, [k]);
      return toKeyView(accountId, k, this.nowSec());
    });
  }

  /** How the site stores a key's limits: one-api's subnet and no groups, or new-api's (and the spec's) fields. */
  async shape(accountId: string): Promise<Result<KeyShape>> {
    const m = await this.management(accountId);
    return mapResult(await m.keyDialect(), (d): KeyShape =>
      d === 'one-api' ? { ipLimit: 'subnet', hasGroups: false } : { ipLimit: 'allow_ips', hasGroups: true },
    );
  }

  /** Creates, then finds the new key by listing (create answers no key); null when it could not be told apart. */
  async create(accountId: string, fields: KeyFields): Promise<Result<KeyView | null>> {
    const m = await this.management(accountId);
    return mapResult(await m.createKey(toCreateInput(fields)), (k) =>
      k === null ? null : toKeyView(accountId, k, this.nowSec()),
    );
  }

  /**
   * The safe full update (read fresh, overlay, send every field, compare with what the server stored): one read and
   * one write. `allowExpire` is the user saying an expiry in the past is meant.
   */
  async update(
    accountId: string,
    id: number,
    edits: Partial<KeyFields>,
    allowExpire = false,
  ): Promise<Result<KeyUpdateOutcome>> {
    const m = await this.management(accountId);
    const updated = await m.updateKey(id, toKeyEdits(edits), { expireOnPurpose: allowExpire });
    return mapResult(updated, (u) => this.outcome(accountId, u.before, u.key, u.mismatches));
  }

  /**
   * Spec 4.5: remain_quota is the new remaining, so "add" sends the current remaining (of the same fresh read the
   * full update overlays) plus the increment.
   */
  async addQuota(accountId: string, id: number, incrementUnits: number): Promise<Result<KeyUpdateOutcome>> {
    const m = await this.management(accountId);
    const updated = await m.updateKey(id, (current) => {
      if (current.unlimited_quota) {
        throw refusal('input.quota_on_unlimited', 'remainQuota');
      }
      const next = current.remain_quota + incrementUnits;
      if (!Number.isSafeInteger(next)) throw refusal('input.amount_too_large', 'remainQuota');
      return { remain_quota: next };
    });
    return mapResult(updated, (u) => this.outcome(accountId, u.before, u.key, u.mismatches));
  }

  /** Status-only updates, one key after another; each failure is reported with its id, the rest go on. */
  async setStatus(accountId: string, ids: readonly number[], isEnabled: boolean): Promise<Result<BatchOutcome>> {
    const m = await this.management(accountId);
    return ok(await batch(ids, (id) => m.setKeyStatus(id, isEnabled)));
  }

  /** Moves the expiry and/or quota through the full update, then enables. */
  async extendAndEnable(
    accountId: string,
    id: number,
    fix: { expiredTime?: number; remainQuota?: number; unlimitedQuota?: boolean },
  ): Promise<Result<KeyView>> {
    const m = await this.management(accountId);
    const result = await m.extendAndEnable(id, {
      ...(fix.expiredTime === undefined ? {} : { expired_time: fix.expiredTime }),
      ...(fix.remainQuota === undefined ? {} : { remain_quota: fix.remainQuota }),
      ...(fix.unlimitedQuota === undefined ? {} : { unlimited_quota: fix.unlimitedQuota }),
    });
    return mapResult(result, (k) => toKeyView(accountId, k, this.nowSec()));
  }

  async delete(accountId: string, ids: readonly number[]): Promise<Result<BatchOutcome>> {
    const m = await this.management(accountId);
    return ok(await batch(ids, (id) => m.deleteKey(id)));
  }

  // -- internals -----------------------------------------------------------------------------------------------

  private management(accountId: string): Promise<ManagementClient> {
    return this.options.directory.management(accountId);
  }

  /** The key's calls of the last 24 hours by model: its name read afresh, then the site's usage logs. */
  async modelUsage(accountId: string, id: number): Promise<Result<KeyModelUsageView>> {
    const m = await this.management(accountId);
    const key = await m.getKey(id);
    if (!key.ok) return key;
    const until = this.nowSec();
    const since = until - DAY_S;
    const read = await m.listUsageLogs({
      tokenName: key.value.name,
      since,
      until,
      maxPages: MAX_LOG_PAGES,
      maxRows: MAX_LOG_ROWS,
    });
    return mapResult(read, (r) => modelUsage(r, key.value, { since, until }));
  }

  private nowSec(): number {
    return Math.floor(this.options.clock.now() / 1000);
  }

  private toPage(accountId: string, p: Page<KeyRecord | SearchKeyRecord>): KeyPage {
    this.options.onRecords?.(accountId, p.items);
    const now = this.nowSec();
    return {
      items: p.items.map((k) => toKeyView(accountId, k, now)),
      page: p.page,
      size: p.pageSize,
      total: p.total,
    };
  }

  private outcome(
    accountId: string,
    before: KeyRecord,
    after: KeyRecord,
    mismatches: readonly string[],
  ): KeyUpdateOutcome {
    if (mismatches.length > 0) {
      this.options.log.warn('key update read back differently', { fields: mismatches.join(',') });
    }
    return {
      key: toKeyView(accountId, after, this.nowSec()),
      changed: changedFields(before, after),
      mismatches: mismatches.map(toFieldName),
    };
  }
}

/** A refusal before anything is sent, with the contract's field name. */
const refusal = (reason: ErrorReason, field: string) => new GatewayError('validation', '', { field, reason });

async function batch(ids: readonly number[], run: (id: number) => Promise<Result<unknown>>): Promise<BatchOutcome> {
  const succeeded: number[] = [];
  const failed: BatchOutcome['failed'][number][] = [];
  // Sequential on purpose: writes never retry on their own, and a burst would trip gateway rate limits.
  for (const id of new Set(ids)) {
    try {
      const r = await run(id);
      if (r.ok) succeeded.push(id);
      else failed.push({ id, error: r.error });
    } catch (error) {
      failed.push({ id, error: expectedFailure(error) });
    }
  }
  return { succeeded, failed };
}
