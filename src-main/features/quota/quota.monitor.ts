// The quota monitor: one scheduler for every account and watched key, the last known balances persisted and
// served at once (stale-while-revalidate), alerts evaluated on fresh values only, and a downsampled history with
// the days-left forecast. Services above it (handlers, tray) read views; nothing here knows about Electron.
import { z } from 'zod';
import type {
  AppError,
  BalanceHistory,
  BalanceLevel,
  BalanceSample,
  BalanceView,
  Result,
  Thresholds,
} from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import { emptyIdRecord, entriesOf, entryOf, idRecord, keepEntries, withEntry } from '../../id-record';
import { runWithPriority } from '../../gateway/critical-budget';
import type { Logger } from '../../log/logger';
import type { DocumentStore } from '../../vault/config.store';
import type { AccountDirectory, AccountHandle } from '../accounts/account-directory';
import type { AlertsService } from '../alerts/alerts.service';
import { ARMED, stepAlerts, type AlertArming } from '../alerts/alert-rule';
import { DEFAULT_CRITICAL_SHARE, fairSpacingMs, type CriticalShare } from './critical-share';
import { addSample, forecastDaysLeft, spendPerHour } from './history';
import { readQuota, type QuotaReading } from './reading';
import { QuotaScheduler, type SchedulerClock, type SchedulerOptions, type Trigger } from '../../schedule/scheduler';

const nullableInt = z.number().int().nullable();
const readingSchema = z.object({
  remainingUnits: nullableInt,
  usedUnits: nullableInt,
  isUnlimited: z.boolean(),
  softLimitUnits: nullableInt,
  hardLimitUnits: nullableInt,
  fetchedAt: z.number(),
});
const armingSchema = z.object({ warn: z.boolean(), critical: z.boolean(), softLimit: z.boolean() });
// Keyed by account id: prototype-less records (id-record.ts), so an account called `constructor` is just an account.
export const quotaCacheSchema = z.object({
  balances: idRecord(readingSchema).catch(emptyIdRecord()),
  arming: idRecord(armingSchema).catch(emptyIdRecord()),
});
export type QuotaCacheDocument = z.infer<typeof quotaCacheSchema>;
export const EMPTY_QUOTA_CACHE: QuotaCacheDocument = { balances: emptyIdRecord(), arming: emptyIdRecord() };

export const quotaHistorySchema = z.object({
  samples: idRecord(z.array(z.object({ at: z.number(), remainingUnits: z.number().int() }))).catch(emptyIdRecord()),
});
export type QuotaHistoryDocument = z.infer<typeof quotaHistorySchema>;
export const EMPTY_QUOTA_HISTORY: QuotaHistoryDocument = { samples: emptyIdRecord() };

const NO_THRESHOLDS: Thresholds = { warnUnits: null, criticalUnits: null };

export interface QuotaMonitorDeps {
  readonly directory: AccountDirectory;
  /** The account's alert thresholds (from the accounts service); none when it has no opinion. */
  readonly thresholdsOf?: (accountId: string) => Thresholds;
  /**
   * The last balances and alert arming. A store that holds writes back (WriteBehindStore) is flushed at once when an
   * alert arms or fires, so a crash cannot raise the same alert twice.
   */
  readonly cache: DocumentStore<QuotaCacheDocument> & { flush?(): void };
  readonly history: DocumentStore<QuotaHistoryDocument>;
  readonly alerts: AlertsService;
  readonly events: EventBus;
  readonly clock: SchedulerClock;
  readonly intervalMinutes: number;
  readonly log: Logger;
  readonly schedulerOptions?: SchedulerOptions;
  /** What polling may spend of each host's critical budget; watched keys on a host share it. */
  readonly criticalShare?: CriticalShare;
}

interface Entry {
  reading: QuotaReading | null;
  fetchedAt: number | null;
  /** Loaded from the persisted cache and not yet confirmed by a request in this session. */
  isFromCache: boolean;
  error: AppError | null;
}

export class QuotaMonitor {
  readonly #entries = new Map<string, Entry>();
  readonly #listeners = new Set<(view: BalanceView) => void>();
  readonly #scheduler: QuotaScheduler<QuotaReading>;
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: QuotaMonitorDeps) {
    for (const [id, cached] of entriesOf(deps.cache.read().balances)) {
      const { fetchedAt, ...reading } = cached;
      this.#entries.set(id, { reading, fetchedAt, isFromCache: true, error: null });
    }
    this.#scheduler = new QuotaScheduler<QuotaReading>(
      deps.clock,
      (id, signal) => this.#fetch(id, signal),
      (id, result) => {
        this.#apply(id, result);
      },
      deps.intervalMinutes * 60_000,
      {
        spacingOf: (id) => fairSpacingMs(deps.directory.list(), id, deps.criticalShare ?? DEFAULT_CRITICAL_SHARE),
        log: deps.log,
        ...deps.schedulerOptions,
      },
    );
  }

  /** Starts watching the directory's accounts; balances come from the cache until fresh ones arrive. */
  start(): void {
    this.#sync();
    this.#unsubscribe = this.deps.directory.onChange(() => {
      this.#sync();
    });
  }

  /** Every account's last known balance, at once; never waits for a gateway. */
  snapshot(): BalanceView[] {
    return this.deps.directory.list().map((account) => this.view(account.id));
  }

  view(accountId: string): BalanceView {
    const entry = this.#entries.get(accountId);
    const reading = entry?.reading ?? null;
    const fetchedAt = entry?.fetchedAt ?? null;
    const now = this.deps.clock.now();
    const isStale =
      reading === null ||
      entry?.isFromCache === true ||
      entry?.error != null ||
      (fetchedAt !== null && now - fetchedAt > 2 * this.#scheduler.intervalOf(accountId));
    return {
      accountId,
      remainingUnits: reading?.remainingUnits ?? null,
      usedUnits: reading?.usedUnits ?? null,
      isUnlimited: reading?.isUnlimited ?? false,
      softLimitUnits: reading?.softLimitUnits ?? null,
      hardLimitUnits: reading?.hardLimitUnits ?? null,
      fetchedAt,
      isStale,
      level: balanceLevel(reading, this.#thresholds(accountId)),
      error: entry?.error ?? null,
      daysLeft: reading?.isUnlimited ? null : forecastDaysLeft(this.#samples(accountId), now),
      spendPerDayUnits: reading?.isUnlimited ? null : perDay(spendPerHour(this.#samples(accountId), now)),
      nextRefreshAt: this.#scheduler.nextAllowedAt(accountId),
    };
  }

  /**
   * A refresh trigger for one account or all. Resolves with the views once the requests it started or joined have
   * settled; a request the polling rule defers runs later and arrives as quota:updated.
   */
  async refresh(accountId?: string, trigger: Trigger = 'manual'): Promise<BalanceView[]> {
    if (accountId === undefined) {
      await this.#scheduler.requestAll(trigger);
      return this.snapshot();
    }
    this.deps.directory.get(accountId); // not_found for an unknown account
    await this.#scheduler.request(accountId, trigger);
    return [this.view(accountId)];
  }

  /** Window focus, tray opening: refresh what is older than the cache allows. */
  trigger(trigger: Trigger): void {
    void this.#scheduler.requestAll(trigger);
  }

  /** The machine woke up or came back online: refresh every account, staggered. */
  resume(): void {
    this.#scheduler.resume();
  }

  history(accountId: string): BalanceHistory {
    this.deps.directory.get(accountId);
    const samples = this.#samples(accountId);
    const view = this.view(accountId);
    return { accountId, samples, daysLeft: view.daysLeft };
  }

  setIntervalMinutes(minutes: number): void {
    this.#scheduler.setInterval(minutes * 60_000);
  }

  /** Views as they change (the tray listens here; the renderer gets quota:updated). */
  onUpdate(listener: (view: BalanceView) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  dispose(): void {
    this.#unsubscribe?.();
    this.#scheduler.dispose();
    this.#listeners.clear();
  }

  #sync(): void {
    const accounts = this.deps.directory.list();
    const known = new Set(accounts.map((a) => a.id));
    let isCacheChanged = false;
    const cache = this.deps.cache.read();
    for (const id of this.#entries.keys()) {
      if (!known.has(id)) {
        this.#entries.delete(id);
        isCacheChanged = true;
      }
    }
    if (isCacheChanged) {
      // A removed account's balance, alert state and history go with it.
      this.deps.cache.write({
        balances: keepEntries(cache.balances, (id) => known.has(id)),
        arming: keepEntries(cache.arming, (id) => known.has(id)),
      });
      const history = this.deps.history.read();
      this.deps.history.write({ samples: keepEntries(history.samples, (id) => known.has(id)) });
    }
    // A watched key just added (or given a new key) comes with the balance its check read: shown and kept as a
    // fresh reading, and a new key's first poll waits an interval instead of reading the critical
    // /api/usage/token/ again at once.
    const verified = new Set<string>();
    for (const account of accounts) {
      const balance = this.deps.directory.takeVerifiedBalance?.(account.id) ?? null;
      if (balance === null) continue;
      const now = this.deps.clock.now();
      this.#entries.set(account.id, { reading: balance, fetchedAt: now, isFromCache: false, error: null });
      this.#persist(account.id, balance, now);
      this.#publish(account.id);
      verified.add(account.id);
    }
    this.#scheduler.setAccounts(
      accounts.filter((a) => !a.isDisabled).map((a) => a.id),
      (id) => {
        const entry = this.#entries.get(id);
        return entry?.isFromCache === true || verified.has(id) ? (entry?.fetchedAt ?? null) : null;
      },
    );
  }

  #fetch(accountId: string, signal: AbortSignal): Promise<Result<QuotaReading>> {
    let account: AccountHandle;
    try {
      account = this.deps.directory.get(accountId);
    } catch {
      return Promise.resolve({ ok: false, error: { code: 'not_found' } });
    }
    // Background: a poll never takes the critical slots kept for the user's sign-ins and reveals, and a session
    // refresh the poll needs on the way is background too.
    return runWithPriority('background', () => readQuota(this.deps.directory, account, signal));
  }

  #apply(accountId: string, result: Result<QuotaReading>): void {
    const previous = this.#entries.get(accountId);
    const now = this.deps.clock.now();
    if (!result.ok) {
      // Keep the last known value (stale) beside the error; never replace it with nothing or zero.
      this.#entries.set(accountId, {
        reading: previous?.reading ?? null,
        fetchedAt: previous?.fetchedAt ?? null,
        isFromCache: previous?.isFromCache ?? false,
        error: result.error,
      });
      this.deps.log.debug('quota refresh failed', { accountId, code: result.error.code });
      this.#publish(accountId);
      return;
    }
    const reading = result.value;
    this.#entries.set(accountId, { reading, fetchedAt: now, isFromCache: false, error: null });
    this.#persist(accountId, reading, now);
    this.#publish(accountId);
  }

  #persist(accountId: string, reading: QuotaReading, now: number): void {
    const cache = this.deps.cache.read();
    const arming = entryOf(cache.arming, accountId) ?? ARMED;
    const step = stepAlerts(arming, this.#thresholds(accountId), { ...reading, isFresh: true });
    this.deps.cache.write({
      balances: withEntry(cache.balances, accountId, { ...reading, fetchedAt: now }),
      arming: withEntry(cache.arming, accountId, step.arming satisfies AlertArming),
    });
    if (reading.remainingUnits !== null && !reading.isUnlimited) {
      const history = this.deps.history.read();
      const samples = addSample(entryOf(history.samples, accountId) ?? [], {
        at: now,
        remainingUnits: reading.remainingUnits,
      });
      this.deps.history.write({ samples: withEntry(history.samples, accountId, samples) });
    }
    if (!sameArming(arming, step.arming)) this.deps.cache.flush?.();
    if (step.fired.length > 0) {
      const account = this.deps.directory.get(accountId);
      for (const firing of step.fired) this.deps.alerts.raise(account, firing);
    }
  }

  #publish(accountId: string): void {
    const view = this.view(accountId);
    this.deps.events.emit('quota:updated', view);
    for (const listener of this.#listeners) listener(view);
  }

  #thresholds(accountId: string): Thresholds {
    return this.deps.thresholdsOf?.(accountId) ?? NO_THRESHOLDS;
  }

  #samples(accountId: string): readonly BalanceSample[] {
    return entryOf(this.deps.history.read().samples, accountId) ?? [];
  }
}

/** The colour band of a balance against its thresholds; unknown stays unknown. */
export function balanceLevel(reading: QuotaReading | null, thresholds: Thresholds): BalanceLevel {
  if (reading === null) return 'unknown';
  let level: BalanceLevel = 'ok';
  if (!reading.isUnlimited) {
    const remaining = reading.remainingUnits;
    if (remaining === null) return 'unknown';
    if (thresholds.criticalUnits !== null && remaining < thresholds.criticalUnits) return 'critical';
    if (thresholds.warnUnits !== null && remaining < thresholds.warnUnits) level = 'warn';
  }
  const { usedUnits, softLimitUnits } = reading;
  if (usedUnits !== null && softLimitUnits !== null && usedUnits >= softLimitUnits) level = 'warn';
  return level;
}

const sameArming = (a: AlertArming, b: AlertArming): boolean =>
  a.warn === b.warn && a.critical === b.critical && a.softLimit === b.softLimit;

const perDay = (perHour: number | null): number | null => (perHour === null ? null : perHour * 24);
