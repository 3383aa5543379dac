// The allowance records as one document in their config store: read and replaced whole, a record per id (Keydesk's
// own), found by key, and shown as views with their next period and last failure. Every change is pushed to the
// renderer (allowance:changed) as it is written.
import type { AllowanceView, AppError } from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import { appError } from '../../errors';
import { entriesOf, entryOf, idRecordOf, withEntry, withoutEntry } from '../../id-record';
import type { DocumentStore } from '../../vault/config.store';
import { nextPeriodStart, periodStart } from './allowance-periods';
import { zoneOf, type AllowanceDocument, type AllowanceRecord } from './allowance.schema';

export class AllowanceRecords {
  /** The last failure per allowance id: shown, never persisted (a restart tries again). */
  readonly #errors = new Map<string, AppError>();
  /** Told of every write and removal (sync notices its changes from these). */
  readonly #listeners = new Set<() => void>();

  constructor(
    private readonly store: DocumentStore<AllowanceDocument>,
    private readonly events: Pick<EventBus, 'emit'>,
    private readonly now: () => number,
    /** Whether the spend tracker lists the account's keys: a cap acts only on its passes. */
    private readonly isTracked: (accountId: string) => boolean,
    /** Which machine runs an allowance, as the renderer shows it (always here without sync). */
    private readonly runnerOf: (record: AllowanceRecord) => AllowanceView['runner'] = () => ({
      isHere: true,
      deviceName: null,
    }),
  ) {}

  onWrite(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #told(): void {
    for (const listener of this.#listeners) listener();
  }

  all(): AllowanceRecord[] {
    return entriesOf(this.store.read().allowances).map(([, record]) => record);
  }

  get(id: string): AllowanceRecord | undefined {
    return entryOf(this.store.read().allowances, id);
  }

  byKey(accountId: string, keyId: number): AllowanceRecord | undefined {
    return this.all().find((r) => r.accountId === accountId && r.keyId === keyId);
  }

  /** Writes the record (before any request that depends on it) and tells the renderer. */
  put(record: AllowanceRecord): AllowanceRecord {
    this.store.write({ allowances: withEntry(this.store.read().allowances, record.id, record) });
    this.events.emit('allowance:changed', this.view(record));
    this.#told();
    return record;
  }

  /** Replaces every record in one write (a restore), and tells the renderer of each. */
  replaceAll(records: readonly AllowanceRecord[]): void {
    const ids = new Set(records.map((r) => r.id));
    for (const id of this.#errors.keys()) if (!ids.has(id)) this.#errors.delete(id);
    this.store.write({ allowances: idRecordOf(records.map((r) => [r.id, r] as const)) });
    for (const record of records) this.events.emit('allowance:changed', this.view(record));
    this.#told();
  }

  remove(id: string): void {
    this.#errors.delete(id);
    this.store.write({ allowances: withoutEntry(this.store.read().allowances, id) });
    this.#told();
  }

  setError(id: string, error: AppError | null): void {
    if (error === null) this.#errors.delete(id);
    else this.#errors.set(id, error);
    const record = this.get(id);
    if (record) this.events.emit('allowance:changed', this.view(record));
  }

  errorOf(id: string): AppError | null {
    return this.#errors.get(id) ?? null;
  }

  view(record: AllowanceRecord): AllowanceView {
    const now = this.now();
    const zone = zoneOf(record);
    // A count of an earlier period is not this period's spend: unknown until the next pass reads the key.
    const cap =
      record.cap !== null && record.cap.periodStart >= periodStart(now, record.period, zone) ? record.cap : null;
    const isActive = record.stopped === null;
    const lastError =
      isActive && record.mode === 'cap' && !this.isTracked(record.accountId)
        ? appError('unavailable', 'allowance.cap_needs_tracking')
        : this.errorOf(record.id);
    return {
      id: record.id,
      accountId: record.accountId,
      keyId: record.keyId,
      keyName: record.keyName,
      period: record.period,
      mode: record.mode,
      amountUnits: record.amountUnits,
      timeZone: zone,
      isActive,
      stopReason: record.stopped?.reason ?? null,
      stoppedAt: record.stopped?.at ?? null,
      lastPeriodStart: record.lastPeriodStart,
      nextPeriodStart: nextPeriodStart(now, record.period, zone),
      isPending: record.pending !== null,
      isHeld: record.cap?.isHeld ?? false,
      periodSpentUnits: cap === null ? null : cap.spentUnits,
      lastError,
      history: record.history,
      runner: this.runnerOf(record),
    };
  }
}
