// Rotating a key in one step, as the user drives it: the plan (the twin and the places to hand it to), the start,
// stopping, repeating a hand-off, deleting the old key once disabled; and the watch that reads each old key every few
// minutes, disables it once it has been idle for the period the user chose, and offers its deletion a few days later.
// Every step and read goes through one queue, so two never race on the same rotation.
import { randomUUID } from 'node:crypto';
import {
  fail,
  ok,
  type AllowanceView,
  type HandoffRecordView,
  type HandoffVia,
  type KeyView,
  type Result,
  type RotationPlan,
  type RotationView,
} from '../../../src-shared/contract';
import { appError, toAppError } from '../../errors';
import type { Logger } from '../../log/logger';
import type { TimerHandle } from '../../platform/ports';
import type { AccountHandle } from '../accounts/account-directory';
import type { AlertsService } from '../alerts/alerts.service';
import type { SchedulerClock } from '../../schedule/scheduler';
import { ROTATION_WATCH_MS, isIdleEnough, observeOldKey, twinOf } from './rotation-rules';
import type { RotationRecords } from './rotation.records';
import type { ElsewhereRecord } from '../handoff/handoff-elsewhere';
import { MAX_ROTATION_HANDOFFS, type RotationRecord } from './rotation.schema';
import { DEFAULT_DELETE_AFTER_DAYS, initialSteps, settled, type RotationSteps } from './rotation.steps';

/** The watch timer never sleeps longer than this. */
const MAX_WAIT_MS = 60 * 60_000;

export interface RotationServiceDeps {
  readonly records: RotationRecords;
  readonly steps: RotationSteps;
  readonly keys: { get(accountId: string, id: number): Promise<Result<KeyView>> };
  readonly handoffs: { records(accountId: string, keyId: number): HandoffRecordView[] };
  readonly allowances: { byKey(accountId: string, keyId: number): AllowanceView | null };
  /** Other machines' hand-offs (synced, read-only): a rotation here does not reach them, and the plan says so. */
  readonly elsewhere?: {
    forKey(accountId: string, keyId: number): readonly ElsewhereRecord[];
    nameOf(deviceId: string): string | null;
  };
  readonly directory: { get(accountId: string): AccountHandle };
  readonly alerts: Pick<AlertsService, 'raiseAlert'>;
  readonly clock: SchedulerClock;
  readonly log: Logger;
  readonly newId?: () => string;
  /** End-to-end tests only: a shorter spacing of the old keys' reads. */
  readonly watchMs?: number;
}

export class RotationService {
  #queue: Promise<unknown> = Promise.resolve();
  /** The armed timer, boxed: a handle may be any value. */
  #timer: { readonly handle: TimerHandle } | null = null;
  #isDisposed = false;

  readonly #watchMs: number;
  /** When each old key was last asked for, answered or not: a failing read waits its turn like any other. */
  readonly #askedAt = new Map<string, number>();

  constructor(private readonly deps: RotationServiceDeps) {
    this.#watchMs = deps.watchMs ?? ROTATION_WATCH_MS;
  }

  async plan(accountId: string, keyId: number): Promise<Result<RotationPlan>> {
    this.deps.directory.get(accountId);
    const key = await this.deps.keys.get(accountId, keyId);
    if (!key.ok) return key;
    const running = this.deps.records.runningFor(accountId, keyId);
    return ok({
      key: key.value,
      twin: twinOf(key.value),
      handoffs: this.deps.handoffs.records(accountId, keyId).slice(0, MAX_ROTATION_HANDOFFS),
      elsewhere: (this.deps.elsewhere?.forKey(accountId, keyId) ?? [])
        .slice(0, MAX_ROTATION_HANDOFFS)
        .map(({ deviceId, record }) => ({
          deviceName: this.deps.elsewhere?.nameOf(deviceId) ?? null,
          target: record.target,
          via: record.via,
          place: record.place,
          at: record.at,
        })),
      allowance: this.deps.allowances.byKey(accountId, keyId),
      running: running ? this.deps.records.view(running) : null,
    });
  }

  /** Starts a rotation: the key is read fresh, the record written, then the steps run on in the background. */
  async start(accountId: string, keyId: number, idleMinutes: number): Promise<Result<RotationView>> {
    this.deps.directory.get(accountId);
    if (this.deps.records.runningFor(accountId, keyId)) return fail(appError('validation', 'rotation.running'));
    const key = await this.deps.keys.get(accountId, keyId);
    if (!key.ok) return key;
    // Asked twice at once (a double click): the read above let both through, the record below lets one.
    if (this.deps.records.runningFor(accountId, keyId)) return fail(appError('validation', 'rotation.running'));
    const now = this.deps.clock.now();
    const handoffs = this.deps.handoffs.records(accountId, keyId).slice(0, MAX_ROTATION_HANDOFFS);
    const record = this.deps.records.put({
      id: (this.deps.newId ?? randomUUID)(),
      accountId,
      oldKeyId: keyId,
      oldKeyName: key.value.name,
      newKeyId: null,
      newKeyName: key.value.name,
      startedAt: now,
      idleMinutes,
      deleteAfterDays: DEFAULT_DELETE_AFTER_DAYS,
      state: 'running',
      steps: initialSteps(handoffs),
      // The read that started the rotation is the first one the watch compares with.
      oldKeySeen:
        key.value.usedQuota === null ? null : { accessedTime: key.value.accessedTime, usedUnits: key.value.usedQuota },
      oldKeyLastUseSeenAt: null,
      oldKeyReadAt: now,
      watchFrom: null,
      oldKeyDisabledAt: null,
      deleteOfferAt: null,
      finishedAt: null,
      error: null,
    });
    const twin = twinOf(key.value);
    void this.#background(() => this.deps.steps.runPending(record.id, twin));
    return ok(this.deps.records.view(record));
  }

  list(accountId?: string): RotationView[] {
    return this.deps.records
      .all()
      .filter((r) => accountId === undefined || r.accountId === accountId)
      .map((r) => this.deps.records.view(r));
  }

  /** Takes effect at once: a step in flight finishes, and nothing after it starts. */
  stop(id: string): Result<RotationView> {
    const record = this.deps.records.get(id);
    if (!record) return fail({ code: 'not_found' });
    return ok(this.deps.records.view(this.deps.steps.stop(record)));
  }

  async repeatStep(id: string, stepId: string, via?: HandoffVia): Promise<Result<RotationView>> {
    return this.#enqueue(async () => {
      const record = this.deps.records.get(id);
      if (!record?.steps.some((s) => s.id === stepId && s.kind === 'handoff')) return fail({ code: 'not_found' });
      return ok(
        this.deps.records.view(await this.deps.steps.repeat(record, stepId, via ?? preferredVia(record, stepId))),
      );
    });
  }

  async deleteOld(id: string): Promise<Result<RotationView>> {
    return this.#enqueue(async () => {
      const record = this.deps.records.get(id);
      if (!record) return fail({ code: 'not_found' });
      const deleted = await this.deps.steps.deleteOld(record);
      return deleted.ok ? ok(this.deps.records.view(deleted.value)) : deleted;
    });
  }

  /** After a start: rotations cut short by a quit go on (a create that was in flight asks the user to check). */
  resume(): void {
    for (const record of this.deps.records.all()) {
      if (record.state === 'running') void this.#background(() => this.deps.steps.runPending(record.id, null));
    }
    this.#arm(this.#watchMs);
  }

  /** Reads every watched old key that is due, disables the idle ones, offers deletions that are due. */
  watchNow(): Promise<void> {
    return this.#background(async () => {
      for (const record of this.deps.records.all()) await this.#watchOne(record);
    });
  }

  /** Settles the steps and reads in the queue (tests, and quit). */
  idle(): Promise<unknown> {
    return this.#queue;
  }

  dispose(): Promise<unknown> {
    this.#isDisposed = true;
    if (this.#timer !== null) this.deps.clock.clearTimer(this.#timer.handle);
    this.#timer = null;
    return this.#queue;
  }

  async #watchOne(record: RotationRecord): Promise<void> {
    const now = this.deps.clock.now();
    if (record.state === 'old_disabled' && record.deleteOfferAt !== null && now >= record.deleteOfferAt) {
      this.#offerDelete(this.deps.records.put({ ...record, state: 'delete_offered' }));
      return;
    }
    if (record.state !== 'watching') return;
    if (now - this.#lastAsked(record) < this.#watchMs && !isIdleEnough(record, now)) return;
    this.#askedAt.set(record.id, now);
    const read = await settled(() => this.deps.keys.get(record.accountId, record.oldKeyId));
    const latest = this.deps.records.get(record.id);
    if (!latest || latest.state !== 'watching') return;
    if (!read.ok) {
      if (read.error.code === 'not_found' && read.error.reason === undefined) {
        // Deleted elsewhere: nothing left to watch or disable.
        this.deps.records.put({ ...latest, state: 'done', finishedAt: now });
      }
      return;
    }
    const key = read.value;
    if (key.usedQuota === null) return;
    const observed = this.deps.records.put(
      observeOldKey(latest, { accessedTime: key.accessedTime, usedUnits: key.usedQuota }, now),
    );
    if (key.status === 2) {
      // Disabled by hand already: the rotation takes it as done and goes on to the deletion offer.
      const days = observed.deleteAfterDays * 86_400_000;
      this.deps.records.put({ ...observed, state: 'old_disabled', oldKeyDisabledAt: now, deleteOfferAt: now + days });
      return;
    }
    if (isIdleEnough(observed, now)) await this.deps.steps.disableOld(observed);
  }

  #lastAsked(record: RotationRecord): number {
    return Math.max(record.oldKeyReadAt ?? 0, this.#askedAt.get(record.id) ?? 0);
  }

  #offerDelete(record: RotationRecord): void {
    try {
      this.deps.alerts.raiseAlert(this.deps.directory.get(record.accountId), {
        kind: 'rotation',
        accountId: record.accountId,
        episodeKey: `rotation:${record.id}:delete`,
        rotationId: record.id,
        oldKeyId: record.oldKeyId,
        oldKeyName: record.oldKeyName,
        newKeyName: record.newKeyName,
      });
    } catch (error) {
      this.deps.log.info('rotation alert not raised', { code: toAppError(error, undefined).code });
    }
  }

  /** Arms the watch: after `delay`, or (null) at the next read or deletion offer due, at most an hour away. */
  #arm(delay: number | null): void {
    if (this.#isDisposed) return;
    const { clock } = this.deps;
    if (this.#timer !== null) clock.clearTimer(this.#timer.handle);
    const now = clock.now();
    let wait = delay ?? MAX_WAIT_MS;
    if (delay === null) {
      for (const r of this.deps.records.all()) {
        if (r.state === 'watching') wait = Math.min(wait, Math.max(0, this.#lastAsked(r) + this.#watchMs - now));
        if (r.state === 'old_disabled' && r.deleteOfferAt !== null)
          wait = Math.min(wait, Math.max(0, r.deleteOfferAt - now));
      }
    }
    this.#timer = {
      handle: clock.setTimer(wait, () => {
        this.#timer = null;
        void this.watchNow();
      }),
    };
  }

  /** Work nobody awaits for an answer: its failure is logged, and the watch is armed again whatever happened. */
  #background(work: () => Promise<void>): Promise<void> {
    return this.#enqueue(work)
      .catch((error: unknown) => {
        this.deps.log.error('rotation work failed', { error });
      })
      .finally(() => {
        this.#arm(null);
      });
  }

  #enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch((error: unknown) => {
      this.deps.log.error('rotation work failed', { error });
    });
    return next;
  }
}

/** A changed or missing file's snippet goes to a new file (a save dialog); anything else the way it went before. */
function preferredVia(record: RotationRecord, stepId: string): HandoffVia | undefined {
  const step = record.steps.find((s) => s.id === stepId);
  if (step?.note === 'file_changed' || step?.note === 'file_missing') return 'file';
  if (step?.note === 'copy_again') return 'clipboard';
  return undefined;
}
