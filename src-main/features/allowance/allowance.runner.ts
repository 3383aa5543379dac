// What runs allowances: a timer at the next period start (re-armed at least hourly, so a machine that slept or a
// clock that moved is caught up), the refill itself through the keys' safe update (one fresh read, one full write,
// the pending refill persisted in between), and the cap's disable and enable on the spend tracker's list passes.
// One queue for all of it: allowance writes never overlap, and a refill never races its own confirmation.
import type { AppError, KeyView, Result } from '../../../src-shared/contract';
import { toAppError } from '../../errors';
import type { Logger } from '../../log/logger';
import type { TimerHandle } from '../../platform/ports';
import type { AccountDirectory } from '../accounts/account-directory';
import type { AlertsService } from '../alerts/alerts.service';
import type { SchedulerClock } from '../../schedule/scheduler';
import { nextPeriodStart, periodStart } from './allowance-periods';
import type { AllowanceRecords } from './allowance.records';
import { capStep, confirmed, needsEnable, refillStep, stopped, withEvent, type RefillStep } from './allowance-rules';
import { zoneOf, type AllowanceRecord } from './allowance.schema';

/** After start, the first check waits a little: start-up's own requests go first. */
export const ALLOWANCE_START_DELAY_MS = 15_000;
/** The timer never sleeps longer than this: a period start is never missed by more, whatever the machine did. */
export const ALLOWANCE_MAX_WAIT_MS = 60 * 60_000;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 30 * 60_000;
const RETRY_NOW_SPACING_MS = 30_000;
/** A refill that failed this many times in its period raises one alert: the key may be running dry. */
const ALERT_AFTER_FAILURES = 3;

export interface AllowanceRunnerDeps {
  readonly records: AllowanceRecords;
  readonly directory: Pick<AccountDirectory, 'management' | 'get'>;
  /** One status-only update (the keys service's), its own failure as the answer. */
  readonly setKeyEnabled: (accountId: string, keyId: number, isEnabled: boolean) => Promise<Result<void>>;
  readonly alerts: Pick<AlertsService, 'raiseAlert'>;
  readonly clock: SchedulerClock;
  readonly log: Logger;
  /**
   * Whether this machine runs the allowance (with sync, one machine does: see the record's runsOn). The others
   * neither refill nor cap it, so a period's refill is sent once and one machine's write is never read by another
   * as the key "changed elsewhere". Absent: this machine runs every allowance.
   */
  readonly isRunHere?: (record: AllowanceRecord) => boolean;
  /** End-to-end tests only: a shorter wait before the first check after start. */
  readonly startDelayMs?: number;
}

export class AllowanceRunner {
  /** The armed timer, boxed: a handle may be any value. */
  #timer: { readonly handle: TimerHandle } | null = null;
  #queue: Promise<void> = Promise.resolve();
  #isDisposed = false;
  #lastRetryNow = -Infinity;
  readonly #retryAt = new Map<string, number>();
  /** Refilled, but the site's exhausted mark is still on (the enable failed): tried again before the next period. */
  readonly #enableDue = new Set<string>();
  readonly #failures = new Map<string, { readonly periodStart: number; readonly count: number }>();

  constructor(private readonly deps: AllowanceRunnerDeps) {}

  start(): void {
    this.#arm(this.deps.startDelayMs ?? ALLOWANCE_START_DELAY_MS);
  }

  /** Something changed (an allowance set, the machine woke): look again soon. */
  poke(): void {
    this.#arm(0);
  }

  /**
   * The accounts changed (the vault unlocked, a sign-in, a new credential): refills that failed for want of them are
   * tried again now instead of at the end of their back-off.
   */
  retryNow(): void {
    const now = this.deps.clock.now();
    // At most twice a minute, whatever announces the accounts: a refill failing with them never loops on its own.
    if (this.#retryAt.size === 0 || now - this.#lastRetryNow < RETRY_NOW_SPACING_MS) return;
    this.#lastRetryNow = now;
    this.#retryAt.clear();
    this.#arm(0);
  }

  dispose(): void {
    this.#isDisposed = true;
    if (this.#timer !== null) this.deps.clock.clearTimer(this.#timer.handle);
    this.#timer = null;
  }

  /** Runs every refill that is due now, one after another; resolves when they are done. */
  runDue(): Promise<void> {
    return this.#enqueue(async () => {
      const now = this.deps.clock.now();
      for (const record of this.deps.records.all()) {
        const due = this.#dueAt(record, now);
        if (due !== null && due <= now) await this.#refill(record.id);
      }
    }).then(() => {
      this.#arm(null);
    });
  }

  /** A list pass of the spend tracker (null: it failed, a gap): the account's caps count and act on it. */
  onPass(accountId: string, keys: readonly KeyView[] | null): Promise<void> {
    if (keys === null) return Promise.resolve();
    return this.#enqueue(async () => {
      for (const record of this.deps.records.all()) {
        if (
          record.accountId === accountId &&
          record.mode === 'cap' &&
          record.stopped === null &&
          this.#isHere(record)
        ) {
          await this.#capOne(record, keys.find((k) => k.id === record.keyId) ?? null);
        }
      }
    });
  }

  /** Settles work in the queue (tests, and quit). */
  idle(): Promise<void> {
    return this.#queue;
  }

  // -- refill ----------------------------------------------------------------------------------------------------

  #isHere(record: AllowanceRecord): boolean {
    return this.deps.isRunHere?.(record) ?? true;
  }

  #dueAt(record: AllowanceRecord, now: number): number | null {
    if (record.stopped !== null || record.mode !== 'refill' || !this.#isHere(record)) return null;
    const zone = zoneOf(record);
    const isDue =
      record.pending !== null ||
      this.#enableDue.has(record.id) ||
      record.lastPeriodStart === null ||
      record.lastPeriodStart < periodStart(now, record.period, zone);
    const due = isDue ? now : nextPeriodStart(now, record.period, zone);
    return Math.max(due, this.#retryAt.get(record.id) ?? 0);
  }

  async #refill(id: string): Promise<void> {
    const { records, clock } = this.deps;
    const record = records.get(id);
    if (!record || record.stopped !== null || record.mode !== 'refill' || !this.#isHere(record)) return;
    const now = clock.now();
    const start = periodStart(now, record.period, zoneOf(record));
    const decided: { step: RefillStep | null } = { step: null };
    let result;
    try {
      const management = await this.deps.directory.management(record.accountId);
      result = await management.updateKey(record.keyId, (current) => {
        const reading = {
          remainUnits: current.remain_quota,
          usedUnits: current.used_quota,
          isUnlimited: current.unlimited_quota,
          status: current.status,
        };
        const step = refillStep({ ...record, keyName: current.name }, reading, start, now);
        decided.step = step;
        // Written before the write goes: a crash from here on is settled by the next read, never by a second write.
        records.put(step.record);
        return step.kind === 'write' ? { remain_quota: step.pending.toUnits } : null;
      });
    } catch (error) {
      this.#failed(record, toAppError(error, this.deps.log, 'allowance refill failed'), start);
      return;
    }
    const step = decided.step;
    if (!result.ok) {
      // The key is gone only when the fresh read says so (not a write's refusal, not an unknown account).
      if (step === null && result.error.code === 'not_found' && result.error.reason === undefined) {
        this.#stop(records.get(id) ?? record, 'deleted');
        return;
      }
      this.#failed(records.get(id) ?? record, result.error, start);
      return;
    }
    if (step === null) return;
    this.#succeeded(id);
    if (step.kind === 'stop') {
      this.#raise(step.record, step.reason);
      return;
    }
    const after = result.value.key;
    let current = step.record;
    if (step.kind === 'write') {
      current = records.put(
        confirmed(current, step.pending, { remainUnits: after.remain_quota, usedUnits: after.used_quota }, clock.now()),
      );
    }
    if (needsEnable({ status: after.status, remainUnits: after.remain_quota })) {
      const enabled = await this.#settle(() => this.deps.setKeyEnabled(record.accountId, record.keyId, true));
      if (!enabled.ok) {
        this.#enableDue.add(id);
        this.#failed(current, enabled.error, start);
        return;
      }
      this.#enableDue.delete(id);
      records.put(
        withEvent(current, { at: clock.now(), periodStart: start, kind: 'enabled', fromUnits: null, toUnits: null }),
      );
    }
  }

  // -- cap ---------------------------------------------------------------------------------------------------------

  async #capOne(record: AllowanceRecord, key: KeyView | null): Promise<void> {
    // Missing from a whole list pass: the key was deleted.
    if (key === null) {
      this.#stop(record, 'deleted');
      return;
    }
    if (key.usedQuota === null) return;
    const now = this.deps.clock.now();
    const start = periodStart(now, record.period, zoneOf(record));
    const reading = {
      remainUnits: key.remainQuota ?? 0,
      usedUnits: key.usedQuota,
      isUnlimited: key.unlimitedQuota,
      status: key.status,
    };
    const step = capStep({ ...record, keyName: key.name }, reading, start, now);
    if (step.kind === 'stop') {
      this.deps.records.put(step.record);
      this.#raise(step.record, step.reason);
      return;
    }
    this.deps.records.put(step.record);
    if (step.kind === 'none') return;
    const result = await this.#settle(() =>
      this.deps.setKeyEnabled(record.accountId, record.keyId, step.kind === 'enable'),
    );
    if (result.ok) {
      this.deps.records.setError(record.id, null);
      return;
    }
    // Not done: the record goes back to what it was, so the next pass tries again instead of taking it as done.
    this.deps.records.put(record);
    this.deps.records.setError(record.id, result.error);
  }

  // -- outcomes ----------------------------------------------------------------------------------------------------

  #stop(record: AllowanceRecord, reason: 'deleted'): void {
    const next = stopped(record, reason, this.deps.clock.now());
    this.deps.records.put(next);
    this.#succeeded(record.id);
    this.#raise(next, reason);
  }

  #raise(record: AllowanceRecord, reason: AllowanceAlertReason): void {
    const at = record.stopped?.at ?? this.deps.clock.now();
    try {
      this.deps.alerts.raiseAlert(this.deps.directory.get(record.accountId), {
        kind: 'allowance',
        accountId: record.accountId,
        episodeKey:
          reason === 'refill_failed'
            ? `allowance:${record.id}:refill_failed:${String(record.lastPeriodStart ?? 0)}:${String(at)}`
            : `allowance:${record.id}:${reason}:${String(at)}`,
        keyId: record.keyId,
        keyName: record.keyName,
        reason,
      });
    } catch (error) {
      // The account was removed meanwhile: its allowances go with it, and there is no one to tell.
      this.deps.log.info('allowance alert not raised', { reason, error: toAppError(error, undefined).code });
    }
  }

  #failed(record: AllowanceRecord, error: AppError, start: number): void {
    const now = this.deps.clock.now();
    const last = this.#failures.get(record.id);
    const count = last?.periodStart === start ? last.count + 1 : 1;
    this.#failures.set(record.id, { periodStart: start, count });
    this.#retryAt.set(record.id, now + Math.min(RETRY_BASE_MS * 2 ** (count - 1), RETRY_MAX_MS));
    this.deps.records.setError(record.id, error);
    this.deps.log.info('allowance refill failed', { code: error.code, attempt: count });
    if (count === ALERT_AFTER_FAILURES) this.#raise({ ...record, lastPeriodStart: start }, 'refill_failed');
  }

  #succeeded(id: string): void {
    this.#failures.delete(id);
    this.#retryAt.delete(id);
    if (this.deps.records.errorOf(id) !== null) this.deps.records.setError(id, null);
  }

  /** A write's outcome as a value: an account that cannot be reached (locked vault, signed out) throws instead. */
  async #settle(run: () => Promise<Result<void>>): Promise<Result<void>> {
    try {
      return await run();
    } catch (error) {
      return { ok: false, error: toAppError(error, this.deps.log, 'allowance write failed') };
    }
  }

  // -- timer -------------------------------------------------------------------------------------------------------

  /** Arms the timer: after `delay` ms, or (null) at the next allowance due, at most an hour away. */
  #arm(delay: number | null): void {
    if (this.#isDisposed) return;
    const { clock } = this.deps;
    if (this.#timer !== null) clock.clearTimer(this.#timer.handle);
    const now = clock.now();
    let wait = delay ?? ALLOWANCE_MAX_WAIT_MS;
    if (delay === null) {
      for (const record of this.deps.records.all()) {
        const due = this.#dueAt(record, now);
        if (due !== null) wait = Math.min(wait, Math.max(0, due - now));
      }
    }
    this.#timer = {
      handle: clock.setTimer(wait, () => {
        this.#timer = null;
        void this.runDue();
      }),
    };
  }

  #enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(work).catch((error: unknown) => {
      this.deps.log.error('allowance work failed', { error });
    });
    this.#queue = next;
    return next;
  }
}

type AllowanceAlertReason = NonNullable<AllowanceRecord['stopped']>['reason'] | 'refill_failed';
