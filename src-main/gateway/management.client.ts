// The management client (access token at base_url, spec 4.1): login, account, groups, subscription and every
// key endpoint, each a typed method returning a Result. Safe-write flows live in key-writes.ts.
// Long because it is one typed method per management endpoint (about thirty, a few lines each); the shared parts
// are management.session.ts, key-writes.ts and schemas.ts.
import { z } from 'zod';
import type { KeyListCursor, Result } from '../../src-shared/contract';
import type { Logger } from '../log/logger';
import { registerSecret } from '../log/redact';
import {
  isBareArray,
  normalizeGroups,
  normalizePage,
  toKeyRecord,
  withSkPrefix,
  wirePageNumber,
  type GroupInfo,
  type KeyRecord,
  type Page,
  type PagingBase,
  type SearchKeyRecord,
  type WirePage,
} from './compat';
import { GatewayError, whereSupported } from './errors';
import { readModelIds, readPricing, type PricingListing } from './model-listing';
import { isOneApiRecord, withSpecLimits, type KeyDialect } from './one-api-keys';
import type { ClockPort, HttpTransport } from './http';
import {
  createKey,
  extendAndEnable,
  setKeyStatus,
  updateKey,
  type EditsFor,
  type KeyWriteDeps,
  type UpdatedKey,
} from './key-writes';
import { answerSecondFactor, login, type LoginOutcome, type SecondFactorChallenge } from './login';
import { ManagementSession, type ManagementSessionOptions, type SessionState } from './management.session';
import { toResult } from './request';
import {
  accountSchema,
  batchRevealSchema,
  groupsSchema,
  keyRecordSchema,
  pageSchema,
  revealSchema,
  searchItemSchema,
  subscriptionSchema,
  type Account,
  type Subscription,
  type WireKeyRecord,
} from './schemas';
import {
  checkSearchQuery,
  keepKeysMatching,
  keepNamesMatching,
  namedSearchRefusal,
  wireValue,
  type SearchQuery,
} from './search-rules';
import type { CreateKeyInput, KeyEdits, UpdateIntent } from './token-update';
import { readUsageLogs, usageLogPageSchema, type UsageLogQuery, type UsageLogRead } from './usage-logs';
import { readUserSetting, writeUserSetting, type UserSettingRead } from './user-setting';

export type { LoginOutcome, SecondFactorChallenge } from './login';
export type { SessionState, SessionCredential } from './management.session';

export const MAX_BATCH_REVEAL = 100;
const DEFAULT_PAGE_SIZE = 10;

/** One page of the whole key listing and where the listing goes on (see listKeysFrom). */
export interface KeyChunk {
  readonly items: readonly KeyRecord[];
  readonly next: KeyListCursor | null;
}

export interface ManagementClientOptions extends Omit<ManagementSessionOptions, 'transport'> {
  readonly transport: HttpTransport;
  readonly logger: Logger;
  /** Local time for login-token expiry and for matching a created key. */
  readonly clock: ClockPort;
}

export interface PageRequest {
  /** 1-based. */
  readonly page?: number;
  readonly size?: number;
  readonly signal?: AbortSignal;
}

const keyListSchema = pageSchema(keyRecordSchema);
const searchSchema = pageSchema(searchItemSchema);
const anyData = z.unknown();

export class ManagementClient {
  private readonly session: ManagementSession;
  private readonly logger: Logger;
  private readonly clock: ClockPort;
  /** Older servers count pages from 0 and answer bare arrays; learned from the first bare array seen. */
  private pagingBase: PagingBase = 1;

  constructor(options: ManagementClientOptions) {
    this.clock = options.clock;
    this.session = new ManagementSession(options);
    this.logger = options.logger;
  }

  /** The user id sent as New-Api-User; learned from login or getSelf when not given. */
  get userId(): number | undefined {
    return this.session.userId;
  }

  /** The login session to persist (encrypted) and reuse after a restart. */
  sessionState(): SessionState {
    return this.session.state();
  }

  /** Ends a login session on the server, best effort; a system access token is left alone. */
  logout(): Promise<Result<true>> {
    return this.run('logout', async () => {
      await this.session.logout();
      return true as const;
    });
  }

  // -- login ---------------------------------------------------------------------------------------------------

  /** POST /api/user/login. A wrong password is auth.unauthorized; a second factor is a value, not an error. */
  login(username: string, password: string): Promise<Result<LoginOutcome>> {
    return this.run('login', () => login(this.session, username, password));
  }

  /** Answers a login challenge (new-api-compat): POST /api/user/login/2fa or /api/user/login/verify. */
  answerSecondFactor(challenge: SecondFactorChallenge, code: string, method?: string): Promise<Result<LoginOutcome>> {
    return this.run('second factor', () => answerSecondFactor(this.session, challenge, code, method));
  }

  // -- account -------------------------------------------------------------------------------------------------

  /** GET /api/user/self; also learns the user id for New-Api-User. */
  getSelf(signal?: AbortSignal): Promise<Result<Account>> {
    return this.run('get account', async () => {
      const account = await this.session.call({
        method: 'GET',
        path: '/api/user/self',
        schema: accountSchema,
        what: 'account',
        scope: 'wallet:read',
        signal,
      });
      this.session.userId ??= account.id;
      return account;
    });
  }

  /** The user's own settings (new-api's quota warning), from GET /api/user/self; `unsupported` on eras without. */
  getUserSetting(signal?: AbortSignal): Promise<Result<UserSettingRead>> {
    return this.run('get user setting', () => readUserSetting(this.session, signal));
  }

  /** PUT /api/user/setting with a whole request (user-setting.ts builds it); `unsupported` on eras without. */
  putUserSetting(body: Record<string, unknown>): Promise<Result<true>> {
    return this.run('put user setting', async () => {
      await writeUserSetting(this.session, body);
      return true as const;
    });
  }

  /** GET /api/user/self/groups; one-api has none (its keys have no group) and answers `unsupported`. */
  getGroups(signal?: AbortSignal): Promise<Result<readonly GroupInfo[]>> {
    return this.run('get groups', () => this.fetchGroups(signal));
  }

  /**
   * Which key table the site has: learnt from any key record read, else from the first page of keys, else (no keys
   * yet) from whether the site has groups: only one-api has none.
   */
  keyDialect(signal?: AbortSignal): Promise<Result<KeyDialect>> {
    return this.run('key dialect', () => this.learnDialect(signal));
  }

  // -- the site's own model lists (model-listing.ts) -------------------------------------------------------------

  /** GET /api/pricing: every model with the groups that serve it. Sites without it answer `unsupported`. */
  getPricing(signal?: AbortSignal): Promise<Result<PricingListing>> {
    return this.run('get pricing', () => readPricing(this.session, signal));
  }

  /** GET /api/user/models?group=: the ids of the group's models (current new-api; older builds ignore `group`). */
  getUserModels(group: string, signal?: AbortSignal): Promise<Result<readonly string[]>> {
    return this.run('get user models', () => readModelIds(this.session, '/api/user/models', { group }, signal));
  }

  /** one-api's GET /api/user/available_models: the ids its user's own group serves. */
  getAvailableModels(signal?: AbortSignal): Promise<Result<readonly string[]>> {
    return this.run('get available models', () => readModelIds(this.session, '/api/user/available_models', {}, signal));
  }

  /** GET /api/subscription/self (new-api from 2026-02; older servers answer `unsupported`). */
  getSubscription(signal?: AbortSignal): Promise<Result<Subscription>> {
    return this.run('get subscription', () =>
      whereSupported('subscription', () =>
        this.session.call({
          method: 'GET',
          path: '/api/subscription/self',
          schema: subscriptionSchema,
          what: 'subscription',
          scope: 'wallet:read',
          signal,
        }),
      ),
    );
  }

  /**
   * GET /api/log/self: one key's calls (by its name, the only filter every era has) in a window, newest first, at
   * most `maxPages` pages. Servers without the endpoint (the spec's) answer `unsupported`.
   */
  listUsageLogs(query: UsageLogQuery, signal?: AbortSignal): Promise<Result<UsageLogRead>> {
    return this.run('list usage logs', () =>
      whereSupported(
        'usage_logs',
        () =>
          readUsageLogs(query, (wireQuery) =>
            this.session.call({
              method: 'GET',
              path: '/api/log/self',
              query: wireQuery,
              schema: usageLogPageSchema,
              what: 'usage log',
              scope: 'wallet:read',
              signal,
            }),
          ),
        true,
      ),
    );
  }

  // -- key reads -----------------------------------------------------------------------------------------------

  /** GET /api/token/?p=&size= (1-based page whatever the server counts from). */
  listKeys(request: PageRequest = {}): Promise<Result<Page<KeyRecord>>> {
    return this.run('list keys', () => this.fetchKeyPage(request));
  }

  /** Every key, page by page (size 100, the servers' cap), up to maxPages. */
  listAllKeys(maxPages = 50, signal?: AbortSignal): Promise<Result<readonly KeyRecord[]>> {
    return this.run('list all keys', async () => {
      const all: KeyRecord[] = [];
      const ids = new Set<number>();
      let from: KeyListCursor | null = null;
      do {
        const chunk: KeyChunk = await this.fetchKeyChunk(from, maxPages, signal);
        // A key created while the pages are read moves the later ones down, so one may start with a key already
        // listed: each key once.
        for (const k of chunk.items) {
          if (ids.has(k.id)) continue;
          ids.add(k.id);
          all.push(k);
        }
        from = chunk.next;
      } while (from !== null);
      return all;
    });
  }

  /**
   * One page of the whole listing (listAllKeys's steps, for a caller that shows each page as it arrives): `from`
   * null reads the first; the answer's `next` is where it goes on, null after the last page or page maxPages.
   */
  listKeysFrom(from: KeyListCursor | null, maxPages = 50, signal?: AbortSignal): Promise<Result<KeyChunk>> {
    return this.run('list all keys', () => this.fetchKeyChunk(from, maxPages, signal));
  }

  /** GET /api/token/search, after checking the patterns against spec 4.4 (the same message the server gives). */
  searchKeys(query: SearchQuery, request: PageRequest = {}): Promise<Result<Page<SearchKeyRecord>>> {
    return this.run('search keys', async () => {
      const violation = checkSearchQuery(query);
      if (violation) {
        throw new GatewayError('validation', '', {
          field: violation.field,
          reason: violation.reason,
          params: violation.params,
        });
      }
      const page = request.page ?? 1;
      const size = request.size ?? DEFAULT_PAGE_SIZE;
      const wire = await this.session
        .call({
          method: 'GET',
          path: '/api/token/search',
          query: {
            keyword:
              query.keyword === undefined || query.keyword === '' ? undefined : wireValue('keyword', query.keyword),
            token: query.token === undefined || query.token === '' ? undefined : wireValue('token', query.token),
            p: wirePageNumber(page, this.pagingBase),
            size,
          },
          schema: searchSchema,
          what: 'search result',
          scope: 'api_key:read',
          businessFailure: 'validation',
          field: query.token === undefined ? 'keyword' : 'token',
          signal: request.signal,
        })
        .catch((error: unknown) => {
          throw namedSearchRefusal(error, query);
        });
      const found = normalizePage(wire as WirePage<z.infer<typeof searchItemSchema>>, { page, size }, (item) =>
        this.record(item),
      );
      const byName =
        query.keyword === undefined || query.keyword === '' ? found : keepNamesMatching(found, query.keyword);
      return query.token === undefined || query.token === '' ? byName : keepKeysMatching(byName, query.token);
    });
  }

  /** GET /api/token/{id}. */
  getKey(id: number, signal?: AbortSignal): Promise<Result<KeyRecord>> {
    return this.run('get key', async () => this.record(await this.fetchWireKey(id, signal)));
  }

  // -- reveal --------------------------------------------------------------------------------------------------

  /** POST /api/token/{id}/key: the full key, with sk-. Servers before v0.11.4 answer `unsupported`. */
  revealKey(id: number): Promise<Result<string>> {
    return this.run('reveal key', async () => {
      const { key } = await whereSupported('reveal', () =>
        this.session.call({
          method: 'POST',
          path: `/api/token/${checkId(id)}/key`,
          schema: revealSchema,
          what: 'full key',
          scope: 'api_key:reveal',
          businessFailure: 'validation',
        }),
      );
      registerSecret(key);
      return withSkPrefix(key);
    });
  }

  /** POST /api/token/batch/keys in chunks of at most 100, merged. Ids the server leaves out are absent. */
  revealKeys(ids: readonly number[]): Promise<Result<ReadonlyMap<number, string>>> {
    return this.run('reveal keys', async () => {
      const unique = [...new Set(ids.map(checkId))];
      const merged = new Map<number, string>();
      // One chunk at a time: reveal shares a small per-IP budget (20 per 20 min on new-api).
      for (let i = 0; i < unique.length; i += MAX_BATCH_REVEAL) {
        const chunk = unique.slice(i, i + MAX_BATCH_REVEAL);
        const { keys } = await whereSupported('reveal', () =>
          this.session.call({
            method: 'POST',
            path: '/api/token/batch/keys',
            body: { ids: chunk },
            schema: batchRevealSchema,
            what: 'full keys',
            scope: 'api_key:reveal',
            businessFailure: 'validation',
          }),
        );
        for (const [id, key] of Object.entries(keys)) {
          registerSecret(key);
          merged.set(Number(id), withSkPrefix(key));
        }
      }
      return merged;
    });
  }

  // -- writes --------------------------------------------------------------------------------------------------

  /** POST /api/token/, then finds the new key by listing (create returns no key) and returns its record. */
  createKey(input: CreateKeyInput): Promise<Result<KeyRecord | null>> {
    return this.run('create key', () => createKey(this.deps, input));
  }

  /**
   * Safe full update: read fresh, overlay, send every writable field, compare with what the server stored (its
   * answer, or a read-back when the answer carries no record).
   */
  updateKey(id: number, edits: EditsFor, intent: UpdateIntent = {}): Promise<Result<UpdatedKey>> {
    return this.run('update key', () => updateKey(this.deps, checkId(id), edits, intent));
  }

  /** PUT /api/token/?status_only=true; enabling an expired or exhausted key is refused, naming the fix. */
  setKeyStatus(id: number, isEnabled: boolean): Promise<Result<KeyRecord | null>> {
    return this.run('set key status', () => setKeyStatus(this.deps, checkId(id), isEnabled));
  }

  /** Fixes expiry and/or quota through the full update, then enables. */
  extendAndEnable(
    id: number,
    fix: Pick<KeyEdits, 'expired_time' | 'remain_quota' | 'unlimited_quota'>,
  ): Promise<Result<KeyRecord>> {
    return this.run('extend and enable', () => extendAndEnable(this.deps, checkId(id), fix));
  }

  /** DELETE /api/token/{id}: immediate and final. */
  deleteKey(id: number): Promise<Result<true>> {
    return this.run('delete key', async () => {
      await this.session.call({
        method: 'DELETE',
        path: `/api/token/${checkId(id)}`,
        schema: anyData,
        what: 'delete answer',
        scope: 'api_key:write',
        businessFailure: 'validation',
      });
      return true as const;
    });
  }

  // -- internals -----------------------------------------------------------------------------------------------

  private readonly deps: KeyWriteDeps = {
    session: () => this.session,
    nowSec: () => Math.floor(this.clock.now() / 1000),
    fetchWireKey: (id) => this.fetchWireKey(id),
    toRecord: (wire) => this.record(wire),
    newestKeys: () => this.fetchKeyPage({ page: 1, size: MAX_BATCH_REVEAL }),
    keyDialect: () => this.learnDialect(),
  };

  /** Set by the first key record read (one-api's carry `models` and `subnet`), or by learnDialect. */
  private dialect: KeyDialect | undefined;

  /**
   * A wire record as services see it: one-api's limits read as the spec's fields, the key with sk-, and a whole key
   * (early new-api and one-api list keys unmasked) registered as a secret at once: it stays in main, but it must never
   * reach a log line either.
   */
  private record<T extends Parameters<typeof withSpecLimits>[0] & { key: string }>(
    wire: T,
  ): ReturnType<typeof toKeyRecord<T>> {
    this.dialect ??= isOneApiRecord(wire) ? 'one-api' : 'new-api';
    const record = toKeyRecord(withSpecLimits(wire));
    if (!record.isMasked && wire.key !== '') registerSecret(wire.key);
    return record;
  }

  private async learnDialect(signal?: AbortSignal): Promise<KeyDialect> {
    if (this.dialect === undefined) await this.fetchKeyPage({ page: 1, size: 1, ...(signal ? { signal } : {}) });
    if (this.dialect !== undefined) return this.dialect;
    // No key to look at: one-api is the one server without groups.
    try {
      await this.fetchGroups(signal);
      this.dialect = 'new-api';
    } catch (error) {
      if (!(error instanceof GatewayError) || error.code !== 'unsupported') throw error;
      this.dialect = 'one-api';
    }
    return this.dialect;
  }

  private async fetchGroups(signal?: AbortSignal): Promise<readonly GroupInfo[]> {
    return normalizeGroups(
      await whereSupported('groups', () =>
        this.session.call({
          method: 'GET',
          path: '/api/user/self/groups',
          schema: groupsSchema,
          what: 'group list',
          scope: 'api_key:read',
          signal,
        }),
      ),
    );
  }

  private fetchWireKey(id: number, signal?: AbortSignal): Promise<WireKeyRecord> {
    return this.session.call({
      method: 'GET',
      path: `/api/token/${checkId(id)}`,
      schema: keyRecordSchema,
      what: 'key',
      scope: 'api_key:read',
      signal,
    });
  }

  private async fetchKeyChunk(from: KeyListCursor | null, maxPages: number, signal?: AbortSignal): Promise<KeyChunk> {
    const page = from?.page ?? 1;
    const got = await this.fetchKeyPage({ page, size: MAX_BATCH_REVEAL, ...(signal ? { signal } : {}) });
    const firstId = got.items[0]?.id;
    // The page just read, sent again: the server ignores the page number, and every later page would be this one
    // too (up to maxPages of copies). The listing ends with what it has.
    if (from !== null && firstId === from.firstId) {
      this.logger.warn('key list: the server sent the same page again; the listing ends there', { page });
      return { items: [], next: null };
    }
    const seen = (from?.seen ?? 0) + got.items.length;
    // Servers that answer bare arrays may ignore `size` (one-api always sends 10): their pages end with an empty or a
    // shorter page, not with one shorter than what we asked for.
    const pageLength = from?.pageLength ?? got.items.length;
    const isLast =
      page >= maxPages ||
      (got.total !== null ? seen >= got.total : got.items.length === 0) ||
      got.items.length < (got.total === null ? pageLength : MAX_BATCH_REVEAL);
    return {
      items: got.items,
      next: isLast || firstId === undefined ? null : { page: page + 1, seen, pageLength, firstId },
    };
  }

  private async fetchKeyPage(request: PageRequest): Promise<Page<KeyRecord>> {
    const page = request.page ?? 1;
    const size = request.size ?? DEFAULT_PAGE_SIZE;
    const get = () =>
      this.session.call({
        method: 'GET',
        path: '/api/token/',
        query: { p: wirePageNumber(page, this.pagingBase), size },
        schema: keyListSchema,
        what: 'key list',
        scope: 'api_key:read',
        signal: request.signal,
      });
    let wire = await get();
    if (isBareArray(wire) && this.pagingBase === 1) {
      // First bare array: an older, 0-based server. Our p=N was its page N+1; ask again with the right number.
      this.pagingBase = 0;
      wire = await get();
    }
    return normalizePage(wire as WirePage<WireKeyRecord>, { page, size }, (item) => this.record(item));
  }

  private run<T>(operation: string, fn: () => Promise<T>): Promise<Result<T>> {
    return toResult(this.logger, operation, fn);
  }
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new GatewayError('validation', '', { field: 'id', reason: 'input.key_id' });
  return id;
}
