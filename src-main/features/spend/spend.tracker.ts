// The schedule of per-key spend: for each account the user tracks, one key list pass every 5 minutes at most (pages
// of 100 through the keys service), in a scheduler of its own so a pass never delays a balance and a failure backs
// off; every pass, or its failure as a gap, goes to the spend watcher. Also the user's spend settings.
import { z } from 'zod';
import type { KeySpendHistory, KeySpendView, KeyView, Result, SpendSettings } from '../../../src-shared/contract';
import { AppErrorException } from '../../errors';
import { emptyIdRecord, entryOf, idRecord, idRecordOf, keepEntries, withEntry, withoutEntry } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';
import type { Logger } from '../../log/logger';
import type { AccountDirectory, AccountHandle } from '../accounts/account-directory';
import { runWithPriority } from '../../gateway/critical-budget';
import { QuotaScheduler, type SchedulerClock, type SchedulerOptions } from '../../schedule/scheduler';
import type { SpendWatcher } from './spend.watcher';

/** The request budget of per-key spend: at most one list pass per tracked account per 5 minutes. */
export const SPEND_PASS_MS = 5 * 60_000;

export const spendSettingsSchema = z.object({
  trackedAccountIds: z.array(z.string().max(200)).max(1_000).catch([]),
  // Account id → key id → cap: prototype-less records (id-record.ts), whatever the ids of an older data folder.
  dailyCaps: idRecord(idRecord(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))).catch(emptyIdRecord()),
});
export const EMPTY_SPEND_SETTINGS: SpendSettings = { trackedAccountIds: [], dailyCaps: emptyIdRecord() };

/** Where a pass reads: the keys service's listAll (every page, 100 per request). */
export interface SpendTrackerDeps {
  readonly directory: AccountDirectory;
  readonly listAll: (accountId: string) => Promise<Result<readonly KeyView[]>>;
  readonly watcher: SpendWatcher;
  readonly settings: DocumentStore<SpendSettings>;
  readonly clock: SchedulerClock;
  readonly log: Logger;
  /** Tests only: a shorter pass spacing (the e2e drives minutes, not hours). */
  readonly schedulerOptions?: SchedulerOptions;
}

/** Only accounts with management access have keys to list; a disabled account is left alone. */
const isTrackable = (a: AccountHandle): boolean => a.kind !== 'api_key' && !a.isDisabled;

export class SpendTracker {
  readonly #scheduler: QuotaScheduler<readonly KeyView[]>;
  readonly #passListeners = new Set<(accountId: string, keys: readonly KeyView[] | null) => void>();
  readonly #capsListeners = new Set<() => void>();
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: SpendTrackerDeps) {
    const spacing = deps.schedulerOptions?.minSpacingMs ?? SPEND_PASS_MS;
    this.#scheduler = new QuotaScheduler<readonly KeyView[]>(
      deps.clock,
      // Keydesk's own work: a session refresh it needs on the way spends background's share, not the user's.
      (id) => runWithPriority('background', () => deps.listAll(id)),
      (id, result) => {
        this.#record(id, result.ok ? result.value : null);
      },
      spacing,
      { log: deps.log, staggerMs: 10_000, ...deps.schedulerOptions, minSpacingMs: spacing },
    );
  }

  /** Told of every pass (null = failed), after the watcher: the watch feature reuses it for expiry. */
  /** Told when the daily caps change here (sync sends them to the other machines). */
  onCapsChange(listener: () => void): () => void {
    this.#capsListeners.add(listener);
    return () => this.#capsListeners.delete(listener);
  }

  /** One account's daily caps as another machine set them (null: none); an unknown account's are not kept. */
  applyCaps(accountId: string, caps: Readonly<Record<string, number>> | null): void {
    if (!this.deps.directory.list().some((a) => a.id === accountId)) return;
    const current = this.deps.settings.read();
    const next = caps === null || Object.keys(caps).length === 0 ? null : idRecordOf(Object.entries(caps));
    this.deps.settings.write({
      ...current,
      dailyCaps:
        next === null ? withoutEntry(current.dailyCaps, accountId) : withEntry(current.dailyCaps, accountId, next),
    });
    for (const listener of this.#capsListeners) listener();
  }

  onPass(listener: (accountId: string, keys: readonly KeyView[] | null) => void): () => void {
    this.#passListeners.add(listener);
    return () => this.#passListeners.delete(listener);
  }

  start(): void {
    this.#sync();
    this.#unsubscribe = this.deps.directory.onChange(() => {
      this.#sync();
    });
  }

  settings(): SpendSettings {
    return this.deps.settings.read();
  }

  setTracking(accountId: string, isTracking: boolean): SpendSettings {
    const account = this.deps.directory.get(accountId); // not_found for an unknown id
    if (isTracking && account.kind === 'api_key') {
      throw new AppErrorException({ code: 'validation' }); // a watched key has no key list to track
    }
    const current = this.deps.settings.read();
    const others = current.trackedAccountIds.filter((id) => id !== accountId);
    this.deps.settings.write({ ...current, trackedAccountIds: isTracking ? [...others, accountId] : others });
    if (!isTracking) this.deps.watcher.forget(accountId);
    this.#sync();
    return this.deps.settings.read();
  }

  setDailyCap(accountId: string, keyId: number, capUnits: number | null): SpendSettings {
    this.deps.directory.get(accountId);
    const current = this.deps.settings.read();
    const before = entryOf(current.dailyCaps, accountId) ?? emptyIdRecord<number>();
    const caps = capUnits === null ? withoutEntry(before, String(keyId)) : withEntry(before, String(keyId), capUnits);
    this.deps.settings.write({
      ...current,
      dailyCaps:
        Object.keys(caps).length > 0
          ? withEntry(current.dailyCaps, accountId, caps)
          : withoutEntry(current.dailyCaps, accountId),
    });
    for (const listener of this.#capsListeners) listener();
    return this.deps.settings.read();
  }

  dailyCapOf(accountId: string, keyId: number): number | null {
    return entryOf(entryOf(this.deps.settings.read().dailyCaps, accountId), String(keyId)) ?? null;
  }

  top(accountId: string | undefined, limit: number): KeySpendView[] {
    const labels = new Map(this.deps.directory.list().map((a) => [a.id, a.label]));
    return this.deps.watcher
      .topSpenders(accountId, limit)
      .filter((row) => labels.has(row.accountId))
      .map((row) => ({ ...row, accountLabel: labels.get(row.accountId) ?? row.accountId }));
  }

  keyHistory(accountId: string, keyId: number): KeySpendHistory {
    this.deps.directory.get(accountId);
    const isTracked = this.deps.settings.read().trackedAccountIds.includes(accountId);
    const from = this.deps.clock.now() - 24 * 60 * 60_000;
    return { isTracked, reads: isTracked ? this.deps.watcher.readsSince(accountId, keyId, from) : [] };
  }

  /** A pass now for one tracked account (tests, and the switch turned on); the 5-minute rule still binds. */
  passNow(accountId: string): Promise<void> {
    return this.#scheduler.request(accountId, 'manual');
  }

  resume(): void {
    this.#scheduler.resume();
  }

  dispose(): void {
    this.#unsubscribe?.();
    this.#scheduler.dispose();
  }

  #record(accountId: string, keys: readonly KeyView[] | null): void {
    if (!this.deps.settings.read().trackedAccountIds.includes(accountId)) return;
    this.deps.watcher.recordPass(accountId, keys);
    for (const listener of this.#passListeners) listener(accountId, keys);
  }

  #sync(): void {
    const accounts = this.deps.directory.list();
    const known = new Set(accounts.map((a) => a.id));
    const settings = this.deps.settings.read();
    // A removed account's switch and history go with it.
    if (settings.trackedAccountIds.some((id) => !known.has(id))) {
      for (const id of settings.trackedAccountIds) if (!known.has(id)) this.deps.watcher.forget(id);
      this.deps.settings.write({
        trackedAccountIds: settings.trackedAccountIds.filter((id) => known.has(id)),
        dailyCaps: keepEntries(settings.dailyCaps, (id) => known.has(id)),
      });
      for (const listener of this.#capsListeners) listener();
    }
    const tracked = new Set(this.deps.settings.read().trackedAccountIds);
    // The last pass kept on disk counts as the last request: a restart does not list again within 5 minutes.
    this.#scheduler.setAccounts(
      accounts.filter((a) => tracked.has(a.id) && isTrackable(a)).map((a) => a.id),
      (id) => this.deps.watcher.lastPassAt(id),
    );
  }
}
