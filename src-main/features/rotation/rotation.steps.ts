// A rotation's steps, one at a time, each persisted before and after it runs: create the twin through the keys'
// create path (never a second time after a crash mid-create: that step then asks the user to check the list), move
// the allowance to it, repeat every recorded hand-off with it, and disable the old key. Stopping takes effect between
// steps; a step that needs the user waits for them without holding up the rest.
import type { AppError, KeyFields, KeyView, Result } from '../../../src-shared/contract';
import { appError, toAppError } from '../../errors';
import type { RepeatOutcome } from '../handoff/handoff.service';
import { ROTATION_DELETE_AFTER_DAYS } from '../../../src-shared/contract';
import { isFinished } from './rotation-rules';
import type { RotationRecords } from './rotation.records';
import { storedError, type RotationRecord, type StoredStep } from './rotation.schema';

export interface RotationStepDeps {
  readonly records: RotationRecords;
  readonly keys: {
    create(accountId: string, fields: KeyFields): Promise<Result<KeyView | null>>;
    setStatus(accountId: string, ids: readonly number[], isEnabled: boolean): Promise<Result<BatchLike>>;
    delete(accountId: string, ids: readonly number[]): Promise<Result<BatchLike>>;
  };
  readonly handoff: {
    repeat(recordId: string, keyId: number, via?: 'open' | 'clipboard' | 'file'): Promise<Result<RepeatOutcome>>;
  };
  readonly allowance: { moveTo(accountId: string, oldKeyId: number, twin: KeyView): unknown };
  readonly now: () => number;
}

interface BatchLike {
  readonly failed: readonly { readonly id: number; readonly error: AppError }[];
}

/** One key's batch outcome as a plain result. */
const single = (r: Result<BatchLike>): Result<void> => {
  if (!r.ok) return r;
  const failed = r.value.failed[0];
  return failed ? { ok: false, error: failed.error } : { ok: true, value: undefined };
};

/**
 * A call's outcome as a value: an account that cannot be reached now (a locked vault, a sign-in that ended) throws
 * from the keys service instead of answering, and a step must end as failed, never leave the rotation half-written.
 */
export async function settled<T>(run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (error) {
    return { ok: false, error: toAppError(error, undefined) };
  }
}

export class RotationSteps {
  constructor(private readonly deps: RotationStepDeps) {}

  /** Runs the steps still to do, in order, until one fails, the rotation stops, or only the watch is left. */
  async runPending(id: string, twin: KeyFields | null): Promise<void> {
    let record = this.deps.records.get(id);
    if (!record || record.state !== 'running') return;
    const create = record.steps.find((s) => s.kind === 'create');
    if (create?.state === 'running') {
      // Keydesk stopped while the twin was being created: it may exist. Never create a second one blind.
      this.#fail(record, 'create', appError('validation', 'rotation.create_unconfirmed'));
      return;
    }
    if (create?.state === 'pending') {
      if (twin === null) return;
      record = await this.#create(record, twin);
      if (record.state !== 'running') return;
    }
    for (const step of record.steps) {
      const current = this.deps.records.get(id);
      if (!current || current.state !== 'running') return;
      if (step.kind !== 'handoff' || (step.state !== 'pending' && step.state !== 'running')) continue;
      await this.repeat(current, step.id);
    }
    const done = this.deps.records.get(id);
    if (!done || done.state !== 'running') return;
    const watching = this.deps.records.put({ ...done, state: 'watching', watchFrom: this.deps.now() });
    if (watching.idleMinutes === 0) await this.disableOld(watching);
  }

  /** One hand-off step, with the twin: done, waiting for the user (and why), or failed. */
  async repeat(record: RotationRecord, stepId: string, via?: 'open' | 'clipboard' | 'file'): Promise<RotationRecord> {
    const step = record.steps.find((s) => s.id === stepId);
    if (!step?.handoff || record.newKeyId === null) return record;
    // A snippet that went to the clipboard waits for the user's click: several copied in a row would each replace
    // the one before, and only the last would still be there to paste.
    if (step.handoff.via === 'clipboard' && via === undefined) {
      return this.#setStep(record, stepId, { state: 'needs_you', note: 'copy_again', error: null, at: null });
    }
    // Keydesk cannot push a key into an agent: the agent holds the old one until it reads the twin (reveal_key).
    if (step.handoff.via === 'reveal') {
      return this.#setStep(record, stepId, { state: 'needs_you', note: 'agent_reads_again', error: null, at: null });
    }
    const running = this.#setStep(record, stepId, { state: 'running', note: null, error: null, at: null });
    const handoff = step.handoff;
    const newKeyId = record.newKeyId;
    const outcome = await settled(() => this.deps.handoff.repeat(handoff.id, newKeyId, via));
    const latest = this.deps.records.get(record.id) ?? running;
    if (!outcome.ok) {
      return this.#setStep(latest, stepId, {
        state: 'failed',
        note: null,
        error: storedError(outcome.error),
        at: this.deps.now(),
      });
    }
    return outcome.value.state === 'done'
      ? this.#setStep(latest, stepId, { state: 'done', note: null, error: null, at: this.deps.now() })
      : this.#setStep(latest, stepId, { state: 'needs_you', note: outcome.value.note, error: null, at: null });
  }

  /** Disables the old key (one status-only update); deletion is offered a few days later. */
  async disableOld(record: RotationRecord): Promise<RotationRecord> {
    const running = this.#setStep(record, 'disable', { state: 'running', note: null, error: null, at: null });
    const result = single(await settled(() => this.deps.keys.setStatus(record.accountId, [record.oldKeyId], false)));
    const latest = this.deps.records.get(record.id) ?? running;
    if (!result.ok) {
      // Stays watching: the next read tries again.
      return this.#setStep(latest, 'disable', {
        state: 'failed',
        note: null,
        error: storedError(result.error),
        at: null,
      });
    }
    const now = this.deps.now();
    return this.deps.records.put({
      ...withStep(latest, 'disable', { state: 'done', note: null, error: null, at: now }),
      state: latest.state === 'watching' ? 'old_disabled' : latest.state,
      oldKeyDisabledAt: now,
      deleteOfferAt: now + latest.deleteAfterDays * 86_400_000,
    });
  }

  /** Deletes the old key (the user confirmed in the window). */
  async deleteOld(record: RotationRecord): Promise<Result<RotationRecord>> {
    if (record.state !== 'old_disabled' && record.state !== 'delete_offered') {
      return { ok: false, error: appError('validation', 'rotation.not_disabled') };
    }
    const running = this.#setStep(record, 'delete', { state: 'running', note: null, error: null, at: null });
    const result = single(await settled(() => this.deps.keys.delete(record.accountId, [record.oldKeyId])));
    const latest = this.deps.records.get(record.id) ?? running;
    if (!result.ok) {
      this.#setStep(latest, 'delete', { state: 'failed', note: null, error: storedError(result.error), at: null });
      return result;
    }
    const now = this.deps.now();
    return {
      ok: true,
      value: this.deps.records.put({
        ...withStep(latest, 'delete', { state: 'done', note: null, error: null, at: now }),
        state: 'done',
        finishedAt: now,
      }),
    };
  }

  /** Stops the rotation: steps not run are skipped, nothing done is undone. */
  stop(record: RotationRecord): RotationRecord {
    if (isFinished(record.state)) return record;
    const now = this.deps.now();
    return this.deps.records.put({
      ...record,
      state: 'stopped',
      finishedAt: now,
      steps: record.steps.map((s) =>
        s.state === 'pending' || s.state === 'running' ? { ...s, state: 'skipped' as const, at: now } : s,
      ),
    });
  }

  async #create(record: RotationRecord, twin: KeyFields): Promise<RotationRecord> {
    // Marked running before the request: a crash from here on is never taken for "not created yet".
    const running = this.#setStep(record, 'create', { state: 'running', note: null, error: null, at: null });
    const created = await settled(() => this.deps.keys.create(record.accountId, twin));
    const latest = this.deps.records.get(record.id) ?? running;
    if (!created.ok) return this.#fail(latest, 'create', created.error);
    if (created.value === null) return this.#fail(latest, 'create', appError('not_found', 'rotation.twin_not_found'));
    const key = created.value;
    const next = this.deps.records.put({
      ...withStep(latest, 'create', { state: 'done', note: null, error: null, at: this.deps.now() }),
      newKeyId: key.id,
      newKeyName: key.name,
    });
    this.deps.allowance.moveTo(record.accountId, record.oldKeyId, key);
    return next;
  }

  #fail(record: RotationRecord, stepId: string, error: AppError): RotationRecord {
    const now = this.deps.now();
    return this.deps.records.put({
      ...withStep(record, stepId, { state: 'failed', note: null, error: storedError(error), at: now }),
      state: 'failed',
      error: storedError(error),
      finishedAt: now,
    });
  }

  #setStep(record: RotationRecord, stepId: string, change: StepChange): RotationRecord {
    return this.deps.records.put(withStep(record, stepId, change));
  }
}

type StepChange = Pick<StoredStep, 'state' | 'note' | 'error' | 'at'>;

function withStep(record: RotationRecord, stepId: string, change: StepChange): RotationRecord {
  return { ...record, steps: record.steps.map((s) => (s.id === stepId ? { ...s, ...change } : s)) };
}

/** The steps of a new rotation: create, one per hand-off place, disable the old key, delete it (when confirmed). */
export function initialSteps(handoffs: readonly NonNullable<StoredStep['handoff']>[]): StoredStep[] {
  const step = (id: string, kind: StoredStep['kind'], handoff: StoredStep['handoff'] = null): StoredStep => ({
    id,
    kind,
    state: 'pending',
    handoff,
    note: null,
    error: null,
    at: null,
  });
  return [
    step('create', 'create'),
    ...handoffs.map((h) => step(`handoff:${h.id}`, 'handoff', h)),
    step('disable', 'disable'),
    step('delete', 'delete'),
  ];
}

export const DEFAULT_DELETE_AFTER_DAYS = ROTATION_DELETE_AFTER_DAYS;
