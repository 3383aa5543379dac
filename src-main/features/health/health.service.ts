// Key health: checks a key with GET /v1/models (free) when Keydesk already holds it, quotes and makes the one-token
// call the user asks for, checks all of an account's held keys (on request or on the user's schedule), and keeps each
// key's last result. A check never reveals a key: a key not held this session comes back `not_held`, and nothing is
// sent for it. A check of a held key costs exactly one request, outside the site's critical bucket.
import {
  ok,
  type CallQuote,
  type HealthIntervalHours,
  type HealthPassOutcome,
  type HealthSettings,
  type KeyHealthView,
  type Result,
} from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import type { ClockPort, ManagementClient } from '../../gateway';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import type { AccountDirectory } from '../accounts/account-directory';
import { expectedCharge, publishedTerms } from '../audit/charge-model';
import type { KeysService } from '../keys/keys.service';
import type { HeldKeys } from './held-keys';
import { notHeld, verdictOf, type VerdictContext } from './health-verdict';
import { MAX_RESULTS, fromStored, toStored, type HealthDocument } from './health.store';
import { probeCall, probeModels, type ProbeTarget } from './key-probe';

/**
 * The prompt a one-token call's "ping" can be counted as: the word alone, up to the message and reply overhead a
 * tokenizer adds (OpenAI's counts 7). The quote spans both, with one completion token.
 */
export const ONE_TOKEN_PROMPT = { low: 1, high: 16 } as const;
/** Between two checks of a scheduled pass: the site is not asked in a burst (interactive checks do not wait). */
export const PASS_GAP_MS = 500;

export interface HealthServiceOptions {
  readonly directory: AccountDirectory;
  readonly keys: Pick<KeysService, 'listAll' | 'get'>;
  readonly held: HeldKeys;
  readonly store: DocumentStore<HealthDocument>;
  readonly events: Pick<EventBus, 'emit'>;
  readonly clock: Pick<ClockPort, 'now' | 'sleep'>;
  readonly log: Logger;
  /** Told when the user sets another schedule (the feature moves its scheduler). */
  readonly onSchedule?: (intervalHours: HealthIntervalHours) => void;
}

const slot = (accountId: string, keyId: number) => `${accountId}\u0000${String(keyId)}`;

export class HealthService {
  readonly #results = new Map<string, KeyHealthView>();
  #settings: HealthSettings;

  constructor(private readonly options: HealthServiceOptions) {
    const doc = options.store.read();
    this.#settings = { intervalHours: doc.intervalHours, lastPassAt: doc.lastPassAt };
    for (const r of doc.results) this.#results.set(slot(r.accountId, r.keyId), fromStored(r));
  }

  list(): readonly KeyHealthView[] {
    return [...this.#results.values()];
  }

  settings(): HealthSettings {
    return this.#settings;
  }

  setSchedule(intervalHours: HealthIntervalHours): HealthSettings {
    this.#settings = { ...this.#settings, intervalHours };
    this.#save();
    this.options.onSchedule?.(intervalHours);
    return this.#settings;
  }

  /** Checks one key if Keydesk holds it; the answer is also kept and announced. */
  async check(accountId: string, keyId: number): Promise<Result<KeyHealthView>> {
    this.options.directory.get(accountId);
    const view = await this.#checkOne(accountId, keyId);
    this.#keep([view]);
    return ok(view);
  }

  /** Checks every listed key of the account that Keydesk holds; a pass of the schedule when `isPass`. */
  async checkAccount(accountId: string, isPass = false): Promise<Result<HealthPassOutcome>> {
    const listed = await this.options.keys.listAll(accountId);
    if (!listed.ok) return ok({ accountId, results: [], error: listed.error });
    const listedIds = new Set(listed.value.map((k) => k.id));
    // Keys deleted on the site: their last result goes with them.
    for (const [at, view] of this.#results) {
      if (view.accountId === accountId && !listedIds.has(view.keyId)) this.#results.delete(at);
    }
    const results: KeyHealthView[] = [];
    let hasProbed = false;
    for (const k of listed.value) {
      const isHeld = this.options.held.keyOf(accountId, k.id) !== undefined;
      if (isPass && isHeld && hasProbed) await this.options.clock.sleep(PASS_GAP_MS);
      results.push(await this.#checkOne(accountId, k.id));
      hasProbed ||= isHeld;
    }
    if (isPass) this.#settings = { ...this.#settings, lastPassAt: this.options.clock.now() };
    this.#keep(results);
    return ok({ accountId, results, error: null });
  }

  /** What a one-token call to `model` costs the key at the site's published prices (no call is sent). */
  async quote(accountId: string, keyId: number, model: string): Promise<Result<CallQuote>> {
    const m = await this.options.directory.management(accountId);
    const unknown = (why: CallQuote['unknownBecause'], groupRatio: number | null = null): Result<CallQuote> =>
      ok({ model, lowUnits: null, highUnits: null, unknownBecause: why, groupRatio });
    const pricing = await m.getPricing();
    if (!pricing.ok) return pricing.error.code === 'unsupported' ? unknown('no_prices') : pricing;
    const price = pricing.value.prices.find((p) => p.model === model);
    if (price === undefined) return unknown('model_unpriced');
    if (price.kind === 'other') return unknown('expression');
    const terms = publishedTerms(price, this.options.directory.get(accountId).units.quotaPerUnit);
    if (terms === null) return unknown('model_unpriced');
    const group = await this.#groupOf(m, accountId, keyId);
    if (!group.ok) return group;
    const ratios = pricing.value.groupRatios;
    const groupRatio = group.value !== null && ratios !== null ? ratios[group.value] : undefined;
    if (groupRatio === undefined) return unknown('group_unknown');
    const tokens = (prompt: number) => ({
      promptTokens: prompt,
      completionTokens: 1,
      cacheTokens: 0,
      cacheWriteTokens: 0,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
      isClaude: false,
    });
    const low = expectedCharge(terms, groupRatio, tokens(ONE_TOKEN_PROMPT.low));
    const high = expectedCharge(terms, groupRatio, tokens(ONE_TOKEN_PROMPT.high));
    if (low.kind !== 'known' || high.kind !== 'known') return unknown('model_unpriced', groupRatio);
    return ok({ model, lowUnits: low.lowUnits, highUnits: high.highUnits, unknownBecause: null, groupRatio });
  }

  /** The one-token call to `model`, with a key Keydesk holds (the user saw the quote and confirmed). */
  async call(accountId: string, keyId: number, model: string): Promise<Result<KeyHealthView>> {
    const context = this.#context(accountId, keyId, 'call', model);
    const key = this.options.held.keyOf(accountId, keyId);
    const view =
      key === undefined
        ? notHeld(context)
        : verdictOf(
            await probeCall(await this.#target(accountId, key), model),
            this.options.held.recordOf(accountId, keyId),
            context,
          );
    this.#keep([view]);
    return ok(view);
  }

  /** Drops the results of accounts that are gone. */
  keepAccounts(accountIds: ReadonlySet<string>): void {
    let isChanged = false;
    for (const [at, view] of this.#results) {
      if (!accountIds.has(view.accountId)) {
        this.#results.delete(at);
        isChanged = true;
      }
    }
    if (isChanged) this.#save();
  }

  /** When the account's keys were last checked by a pass or the user (epoch ms), for the schedule after a restart. */
  lastCheckOf(accountId: string): number | null {
    let last: number | null = null;
    for (const view of this.#results.values()) {
      if (view.accountId === accountId && view.via === 'models') last = Math.max(last ?? 0, view.checkedAt);
    }
    return last;
  }

  async #checkOne(accountId: string, keyId: number): Promise<KeyHealthView> {
    const context = this.#context(accountId, keyId, 'models', null);
    const key = this.options.held.keyOf(accountId, keyId);
    if (key === undefined) return notHeld(context);
    const answer = await probeModels(await this.#target(accountId, key));
    return verdictOf(answer, this.options.held.recordOf(accountId, keyId), context);
  }

  async #target(accountId: string, key: string): Promise<ProbeTarget> {
    const client = await this.options.directory.keyClient(accountId, key);
    return {
      send: (method, path, body) => client.sendToApi(method, path, body),
      apiUrl: client.apiUrl,
      now: () => this.options.clock.now(),
    };
  }

  #context(accountId: string, keyId: number, via: 'models' | 'call', model: string | null): VerdictContext {
    return { accountId, keyId, checkedAt: this.options.clock.now(), via, model };
  }

  /** The group the key calls as ('' = the account's own): its last record, else one read of it. Null: not known. */
  async #groupOf(m: ManagementClient, accountId: string, keyId: number): Promise<Result<string | null>> {
    let group = this.options.held.recordOf(accountId, keyId)?.group;
    if (group === undefined) {
      const read = await this.options.keys.get(accountId, keyId);
      if (!read.ok) return read;
      group = read.value.group;
    }
    if (group === 'auto') return ok(null);
    if (group !== '') return ok(group);
    const self = await m.getSelf();
    return self.ok ? ok(self.value.group) : self;
  }

  #keep(views: readonly KeyHealthView[]): void {
    for (const view of views) {
      const at = slot(view.accountId, view.keyId);
      this.#results.delete(at);
      this.#results.set(at, view);
    }
    for (const at of this.#results.keys()) {
      if (this.#results.size <= MAX_RESULTS) break;
      this.#results.delete(at);
    }
    this.#save();
    if (views.length > 0) this.options.events.emit('health:changed', views);
  }

  #save(): void {
    try {
      this.options.store.write({
        intervalHours: this.#settings.intervalHours,
        lastPassAt: this.#settings.lastPassAt,
        results: [...this.#results.values()].map(toStored),
      });
    } catch (error) {
      // A full disk loses the kept results, not the check: the user still sees this run's answers.
      this.options.log.warn('key health results could not be saved', {
        kind: error instanceof Error ? error.name : typeof error,
      });
    }
  }
}
