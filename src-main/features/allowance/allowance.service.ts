// Key allowances as the user sets them: what an account's site allows (a watched key has no key management; one-api
// does not count an unlimited key's spend), setting, changing and removing a key's allowance, moving it to a rotated
// key's twin, and the list the drawer shows. The runner does the refills and caps.
import { randomUUID } from 'node:crypto';
import type {
  AllowanceSetArgs,
  AllowanceSupport,
  AllowanceView,
  AppError,
  KeyShape,
  KeyView,
  Result,
} from '../../../src-shared/contract';
import { appError, AppErrorException, unwrap } from '../../errors';
import type { AccountDirectory } from '../accounts/account-directory';
import { isTimeZone } from './allowance-periods';
import type { AllowanceRecords } from './allowance.records';
import type { AllowanceRunner } from './allowance.runner';
import { MAX_ALLOWANCES, type AllowanceRecord } from './allowance.schema';

export interface AllowanceServiceDeps {
  readonly records: AllowanceRecords;
  readonly runner: AllowanceRunner;
  readonly directory: Pick<AccountDirectory, 'get' | 'list'>;
  readonly keys: {
    get(accountId: string, id: number): Promise<Result<KeyView>>;
    shape(accountId: string): Promise<Result<KeyShape>>;
  };
  /** The spend tracker: a cap counts spend from its list passes, so setting one turns tracking on. */
  readonly spend: { isTracked(accountId: string): boolean; track(accountId: string): void };
  readonly now: () => number;
  readonly newId?: () => string;
  /** This machine's sync device id; null (or absent) without sync. */
  readonly deviceHere?: () => string | null;
}

/** An allowance as another machine synced it: the record without the runner's own bookkeeping. */
export type SyncedAllowanceRecord = Omit<AllowanceRecord, 'pending' | 'cap'>;

const needsManagement = appError('validation', 'allowance.needs_management');

export class AllowanceService {
  constructor(private readonly deps: AllowanceServiceDeps) {}

  list(accountId?: string): AllowanceView[] {
    return this.deps.records
      .all()
      .filter((r) => accountId === undefined || r.accountId === accountId)
      .map((r) => this.view(r));
  }

  view(record: AllowanceRecord): AllowanceView {
    return this.deps.records.view(record);
  }

  byKey(accountId: string, keyId: number): AllowanceView | null {
    const record = this.deps.records.byKey(accountId, keyId);
    return record ? this.view(record) : null;
  }

  async support(accountId: string): Promise<AllowanceSupport> {
    const account = this.deps.directory.get(accountId);
    if (account.kind === 'api_key') return { refill: needsManagement, cap: needsManagement };
    const shape = await this.deps.keys.shape(accountId);
    if (!shape.ok) return { refill: shape.error, cap: shape.error };
    // one-api takes no quota from an unlimited key (model/token.go @ 8df4a267: `if !token.UnlimitedQuota`), so its
    // used quota never moves and a cap would never be reached.
    const isOneApi = shape.value.ipLimit === 'subnet';
    return { refill: null, cap: isOneApi ? appError('unsupported', 'allowance.cap_not_counted') : null };
  }

  /** Sets (or changes, or starts again) a key's allowance; the key is read once to check its mode fits. */
  async set(args: AllowanceSetArgs): Promise<AllowanceView> {
    if (!isTimeZone(args.timeZone)) {
      throw new AppErrorException(appError('validation', 'allowance.time_zone', { params: { zone: args.timeZone } }));
    }
    const support = await this.support(args.accountId);
    const refusal: AppError | null = args.mode === 'refill' ? support.refill : support.cap;
    if (refusal !== null) throw new AppErrorException(refusal);
    const key = unwrap(await this.deps.keys.get(args.accountId, args.keyId));
    if (args.mode === 'refill' && key.unlimitedQuota) {
      throw new AppErrorException(appError('validation', 'allowance.refill_needs_limit'));
    }
    if (args.mode === 'cap' && !key.unlimitedQuota) {
      throw new AppErrorException(appError('validation', 'allowance.cap_needs_unlimited'));
    }
    const now = this.deps.now();
    const known = this.deps.records.byKey(args.accountId, args.keyId);
    if (!known && this.deps.records.all().length >= MAX_ALLOWANCES) {
      throw new AppErrorException(appError('validation', 'allowance.too_many', { params: { max: MAX_ALLOWANCES } }));
    }
    const isSameMode = known !== undefined && known.mode === args.mode;
    const record: AllowanceRecord = {
      id: known?.id ?? (this.deps.newId ?? randomUUID)(),
      accountId: args.accountId,
      keyId: args.keyId,
      keyName: key.name,
      period: args.period,
      mode: args.mode,
      amountUnits: args.amountUnits,
      timeZone: args.timeZone,
      createdAt: known?.createdAt ?? now,
      updatedAt: now,
      stopped: null,
      // This period's refill stays done (a change takes effect at the next period); a new allowance refills now.
      lastPeriodStart: isSameMode ? known.lastPeriodStart : null,
      pending: isSameMode ? known.pending : null,
      // Started again after a stop: the key as it is now is the starting point, not the total from before.
      expectedTotal: isSameMode && known.stopped === null ? known.expectedTotal : null,
      cap: isSameMode ? known.cap : null,
      history: known?.history ?? [],
      // A change keeps the machine that runs it; a new one runs where it was set.
      runsOn: known?.runsOn ?? this.deps.deviceHere?.() ?? null,
    };
    this.deps.records.put(record);
    if (record.mode === 'cap' && !this.deps.spend.isTracked(record.accountId)) this.deps.spend.track(record.accountId);
    this.deps.runner.poke();
    return this.view(record);
  }

  remove(accountId: string, keyId: number): AllowanceView[] {
    this.deps.directory.get(accountId);
    const known = this.deps.records.byKey(accountId, keyId);
    if (known) this.deps.records.remove(known.id);
    return this.list(accountId);
  }

  /**
   * A rotation made `twin` from the key: the allowance moves to it, with this period counted as refilled (the twin
   * was created with what the old key had left), and the old key's allowance stops as "rotated".
   */
  moveTo(accountId: string, oldKeyId: number, twin: KeyView): AllowanceView | null {
    const old = this.deps.records.byKey(accountId, oldKeyId);
    if (!old || old.stopped !== null) return null;
    const now = this.deps.now();
    this.deps.records.put({ ...old, stopped: { reason: 'rotated', at: now }, pending: null, updatedAt: now });
    const spent = old.cap?.spentUnits ?? 0;
    const moved: AllowanceRecord = {
      ...old,
      id: (this.deps.newId ?? randomUUID)(),
      keyId: twin.id,
      keyName: twin.name,
      createdAt: now,
      updatedAt: now,
      stopped: null,
      pending: null,
      expectedTotal:
        old.mode === 'refill' && twin.remainQuota !== null && twin.usedQuota !== null
          ? twin.remainQuota + twin.usedQuota
          : null,
      // What the old key spent this period still counts against the cap.
      cap: old.cap === null ? null : { ...old.cap, baseUsedUnits: (twin.usedQuota ?? 0) - spent, isHeld: false },
      history: [],
    };
    this.deps.records.put(moved);
    this.deps.runner.poke();
    return this.view(moved);
  }

  /**
   * Moves a key's allowance to this machine (a synced edit: on two machines pressing it at once, the newer press
   * wins everywhere). The period already refilled stays done; what the other machine had pending is its own.
   */
  runHere(accountId: string, keyId: number): AllowanceView {
    this.deps.directory.get(accountId);
    const known = this.deps.records.byKey(accountId, keyId);
    if (!known) throw new AppErrorException({ code: 'not_found' });
    const here = this.deps.deviceHere?.() ?? null;
    const record = known.runsOn === here ? known : { ...known, runsOn: here, cap: null, updatedAt: this.deps.now() };
    if (record !== known) this.deps.records.put(record);
    // A cap counts on the spend tracker's passes: the machine that now keeps it lists the account's keys.
    if (record.mode === 'cap' && record.stopped === null && !this.deps.spend.isTracked(accountId)) {
      this.deps.spend.track(accountId);
    }
    this.deps.runner.poke();
    return this.view(record);
  }

  /**
   * Sync is on: allowances this machine ran before it (runsOn null) are recorded as run by its device, so that they
   * keep running here only while this machine is that device (see runsHere).
   */
  adoptUnassigned(deviceId: string): void {
    for (const record of this.deps.records.all()) {
      if (record.runsOn === null) this.deps.records.put({ ...record, runsOn: deviceId });
    }
  }

  /**
   * Writes what sync decided for one allowance (null: removed there). The runner's own bookkeeping (a refill sent and
   * not yet confirmed, a cap's count) is this machine's and stays; an allowance of an account this machine does not
   * have is not written (it would be forgotten at once).
   */
  applySynced(id: string, synced: SyncedAllowanceRecord | null): void {
    const known = this.deps.records.get(id);
    if (synced === null) {
      if (known) this.deps.records.remove(id);
      return;
    }
    if (!this.deps.directory.list().some((a) => a.id === synced.accountId)) return;
    // One allowance per key: set on two machines before they met, the one with the lower id is kept on both (each
    // machine decides the same without asking the other).
    const twin = this.deps.records.byKey(synced.accountId, synced.keyId);
    if (twin !== undefined && twin.id !== id) {
      if (twin.id < id) return;
      this.deps.records.remove(twin.id);
    }
    if (!known && this.deps.records.all().length >= MAX_ALLOWANCES) return;
    const isSameMode = known !== undefined && known.mode === synced.mode;
    this.deps.records.put({
      ...synced,
      id,
      pending: isSameMode ? known.pending : null,
      cap: isSameMode && known.runsOn === synced.runsOn ? known.cap : null,
    });
    this.deps.runner.poke();
  }

  /** A restore's allowances, as the whole document (written once); the runner looks at them at once. */
  restoreAll(records: readonly AllowanceRecord[]): void {
    this.deps.records.replaceAll(records);
    this.deps.runner.poke();
  }

  /** A removed account's allowances go with it. */
  forgetRemovedAccounts(): void {
    const known = new Set(this.deps.directory.list().map((a) => a.id));
    for (const record of this.deps.records.all()) if (!known.has(record.accountId)) this.deps.records.remove(record.id);
  }
}
