// The sync service: setting sync up (a new folder, or joining one after checking its passphrase and the server's
// conditional writes), running the engine on the schedule, and the status, conflicts, notices and device removal
// Settings shows. The app password, the passphrase and conflicting copies live in the vault; the rest in sync.json.
// Long because setting up, joining, the run loop and the status are one service's state; the engine is sync-engine.ts.
import type { AppError, SyncSettingGroup, SyncSetupArgs, SyncStatus } from '../../../src-shared/contract';
import type { EventBus } from '../../event-bus';
import { raise } from '../../errors';
import { entryOf, withEntry } from '../../id-record';
import type { Logger } from '../../log/logger';
import type { Clock, FetchPort } from '../../platform/ports';
import type { DocumentStore } from '../../vault/config.store';
import type { ScryptParams } from '../../vault/passphrase.cipher';
import { VaultLockedError, type SecretRead } from '../../vault/secret.store';
import { probeConditionalWrites } from './conditional-probe';
import { versionText } from './hlc';
import { statusView } from './sync-status';
import type { SyncRecordKind } from './record-kind';
import { decodeConflicts, encodeConflicts } from './conflict-store';
import {
  createKeyring,
  deviceFileName,
  encodeKeyring,
  KEYRING_FILE,
  MAX_KEYRING_BYTES,
  openKeyring,
  readKeyring,
  type Keyring,
  type SyncKeys,
} from './sync-crypto';
import { SyncEngine } from './sync-engine';
import { syncError } from './sync-errors';
import { SyncSchedule, type ScheduleOptions } from './sync-schedule';
import { EMPTY_SYNC_STATE, type SyncConfig, type SyncState } from './sync-state';
import { checkSyncUrl } from '../../../src-shared/rules/sync-url-rules';
import type { Alternative } from './merge';
import { WebdavRemote, type SyncRemote } from './webdav.remote';

/** The vault entry of the sync's own secrets (not an account: its id is no UUID). */
export const SYNC_VAULT_ID = 'keydesk-sync';

export interface SyncServiceOptions {
  readonly store: DocumentStore<SyncState>;
  readonly vault: {
    get(id: string): Promise<SecretRead>;
    set(id: string, secrets: Record<string, string>): Promise<void>;
    delete(id: string): Promise<void>;
  };
  /** The record kinds, given the groups of settings this device syncs and this device's id (null: no sync). */
  readonly kinds: (
    groups: () => readonly SyncSettingGroup[],
    fingerprintKey: () => Uint8Array,
    deviceId: () => string | null,
  ) => SyncRecordKind[];
  readonly events: Pick<EventBus, 'emit'>;
  readonly fetch: FetchPort;
  readonly clock: Pick<Clock, 'now' | 'setTimer' | 'clearTimer'>;
  readonly version: string;
  readonly log: Logger;
  /** Tests only: cheaper scrypt for a new folder (still within what a keyring may ask). */
  readonly scrypt?: ScryptParams;
  readonly schedule?: ScheduleOptions;
}

interface Ready {
  readonly keys: SyncKeys;
  readonly remote: SyncRemote;
  readonly config: SyncConfig;
}

export class SyncService {
  #state: SyncState;
  #ready: Ready | null = null;
  #conflicts = new Map<string, readonly Alternative[]>();
  #conflictsText = '';
  #isSyncing = false;
  #lastError: AppError | null = null;
  #waiting = 0;
  #applying = 0;
  #announcing: Promise<void> = Promise.resolve();
  readonly #kinds: SyncRecordKind[];
  readonly #schedule: SyncSchedule;
  readonly #unsubscribe: (() => void)[] = [];

  constructor(private readonly options: SyncServiceOptions) {
    this.#state = options.store.read();
    const kinds = options.kinds(
      () => this.#state.config?.groups ?? [],
      () => this.#ready?.keys.digest ?? new Uint8Array(32),
      () => this.deviceId(),
    );
    // A change the engine itself applies is not a local change to send back.
    this.#kinds = kinds.map((kind) => ({
      ...kind,
      apply: async (changes) => {
        this.#applying += 1;
        try {
          await kind.apply(changes);
        } finally {
          this.#applying -= 1;
        }
      },
    }));
    this.#schedule = new SyncSchedule(options.clock, (reason) => this.#runOnce(reason), options.schedule);
    for (const kind of kinds) {
      this.#unsubscribe.push(
        kind.onChange(() => {
          if (this.#applying === 0 && this.#state.config !== null) this.#schedule.changed();
        }),
      );
    }
  }

  /** At start: a configured sync runs soon after (never holding the start up). */
  start(): void {
    if (this.#state.config !== null) this.#schedule.start(5_000);
  }

  async dispose(): Promise<void> {
    this.#schedule.stop();
    for (const stop of this.#unsubscribe.splice(0)) stop();
    await this.#schedule.idle();
  }

  // -- setting up ---------------------------------------------------------------------------------------------------

  async setUp(args: SyncSetupArgs): Promise<SyncStatus> {
    if (this.#state.config !== null) raise({ code: 'validation', reason: 'sync.folder_in_use' });
    const url = checkSyncUrl(args.url) ?? raise({ code: 'validation', reason: 'sync.address', field: 'url' });
    const remote = this.#remote(url, args.username, args.appPassword);
    let keyring: Keyring;
    let keys: SyncKeys;
    try {
      if (args.mode === 'create') await remote.ensureFolder();
      const hasKeyring = (await remote.list()).some((entry) => entry.name === KEYRING_FILE);
      if (args.mode === 'create' && hasKeyring) raise({ code: 'validation', reason: 'sync.folder_in_use' });
      if (args.mode === 'join' && !hasKeyring) raise({ code: 'validation', reason: 'sync.folder_empty' });
      const probe = await probeConditionalWrites(remote);
      if (!probe.ok) {
        raise(
          probe.problem === 'weak_etags'
            ? { code: 'unsupported', reason: 'sync.weak_etags' }
            : {
                code: 'unsupported',
                reason: 'sync.conditional_ignored',
                params: { step: probe.step === 'if_match' ? 'If-Match' : 'If-None-Match: *' },
              },
        );
      }
      if (args.mode === 'create') {
        ({ keyring, keys } = await createKeyring(args.passphrase, this.options.scrypt));
        const put = await remote.put(KEYRING_FILE, encodeKeyring(keyring), { ifNoneMatch: '*' });
        if (put.status !== 'written') raise({ code: 'validation', reason: 'sync.folder_in_use' });
      } else {
        keyring = readKeyring(await remote.get(KEYRING_FILE, MAX_KEYRING_BYTES));
        keys = await openKeyring(keyring, args.passphrase);
      }
    } catch (error) {
      const mapped = syncError(error);
      if (mapped === null) throw error;
      return raise(mapped);
    }
    await this.#storeSecrets({ appPassword: args.appPassword, passphrase: args.passphrase }, new Map());
    const config: SyncConfig = {
      url,
      username: args.username,
      deviceId: crypto.randomUUID(),
      deviceName: args.deviceName.trim(),
      groups: [...new Set(args.groups)],
      keyring,
      isConditionalChecked: true,
    };
    this.#save({ ...EMPTY_SYNC_STATE, config });
    this.#ready = { keys, remote, config };
    this.options.log.info('sync set up', { mode: args.mode });
    this.#schedule.start(60_000);
    await this.#schedule.now();
    return this.status();
  }

  // -- running ------------------------------------------------------------------------------------------------------

  async syncNow(): Promise<SyncStatus> {
    if (this.#state.config === null) raise({ code: 'validation', reason: 'sync.not_configured' });
    await this.#schedule.now();
    return this.status();
  }

  async #runOnce(reason: 'change' | 'other' = 'other'): Promise<boolean> {
    if (this.#state.config === null) return true;
    // A save that changed nothing synced (a renewed login's expiry, say) costs no request at all.
    if (reason === 'change' && (await this.#hasNothingToSend())) return true;
    this.#isSyncing = true;
    void this.#announce();
    // Held outside the try, so what a failed run got through is still saved.
    const held: { engine: SyncEngine | null } = { engine: null };
    try {
      const ready = await this.#load();
      const engine = this.#engine(ready);
      held.engine = engine;
      const report = await engine.run();
      this.#waiting = report.waiting;
      this.#lastError = null;
      this.options.log.info('sync run', { read: report.read, written: report.written, taken: report.taken });
      return true;
    } catch (error) {
      this.#lastError = syncError(error) ?? { code: 'internal' };
      if (this.#lastError.code === 'internal') this.options.log.error('sync run failed', { error });
      else this.options.log.info('sync run failed', { reason: this.#lastError.reason ?? this.#lastError.code });
      if (held.engine !== null) this.#waiting = await held.engine.noteLocalChanges().catch(() => this.#waiting);
      return false;
    } finally {
      // What the run got through is kept, so the next one goes on from there.
      // Not after this device was removed meanwhile: its state is gone for good.
      if (held.engine !== null && this.#isConfigured()) this.#save(held.engine.state);
      await this.#persistConflicts().catch((error: unknown) => {
        this.options.log.warn('sync conflicts not saved', { kind: error instanceof Error ? error.name : 'unknown' });
      });
      this.#isSyncing = false;
      void this.#announce();
    }
  }

  async #hasNothingToSend(): Promise<boolean> {
    try {
      const ready = await this.#load();
      const engine = this.#engine(ready);
      const waiting = await engine.noteLocalChanges();
      this.#save(engine.state);
      return waiting === 0;
    } catch {
      return false; // the run itself says what is wrong
    }
  }

  #engine(ready: Ready): SyncEngine {
    return new SyncEngine(
      {
        remote: ready.remote,
        keys: ready.keys,
        config: ready.config,
        kinds: this.#kinds,
        now: () => this.options.clock.now(),
        appVersion: this.options.version,
        conflicts: this.#conflicts,
      },
      this.#state,
    );
  }

  #isConfigured(): boolean {
    return this.#state.config !== null;
  }

  async #load(): Promise<Ready> {
    const config = this.#state.config ?? raise({ code: 'validation', reason: 'sync.not_configured' });
    if (this.#ready !== null && this.#ready.config === config) return this.#ready;
    const read = await this.options.vault.get(SYNC_VAULT_ID);
    if (read.status !== 'ok') return raise({ code: 'vault.locked', reason: 'sync.vault_locked' });
    const text = (name: string) => (typeof read.secrets[name] === 'string' ? read.secrets[name] : '');
    const keys = await openKeyring(readKeyring(encodeKeyring(config.keyring)), text('passphrase'));
    this.#conflictsText = text('conflicts');
    this.#conflicts.clear();
    for (const [name, alternatives] of decodeConflicts(this.#conflictsText)) this.#conflicts.set(name, alternatives);
    this.#ready = { keys, remote: this.#remote(config.url, config.username, text('appPassword')), config };
    return this.#ready;
  }

  // -- what the user does with conflicts, notices, groups and this device ------------------------------------------

  async resolve(conflictId: string, copyId: string): Promise<SyncStatus> {
    const alternatives = this.#conflicts.get(conflictId);
    const record = entryOf(this.#state.records, conflictId);
    if (alternatives === undefined || record === undefined) {
      return raise({ code: 'not_found', reason: 'sync.conflict_gone' });
    }
    const kind = this.#kinds.find((k) => k.kind === record.kind && k.owns(record.id));
    if (kind === undefined) return raise({ code: 'not_found', reason: 'sync.conflict_gone' });
    if (copyId !== 'current') {
      const chosen = alternatives.find((a) => versionText(a.version) === copyId);
      if (chosen === undefined) return raise({ code: 'not_found', reason: 'sync.conflict_gone' });
      const body = chosen.deleted ? null : kind.admit(record.id, chosen.body);
      if (!chosen.deleted && body === null) return raise({ code: 'not_found', reason: 'sync.conflict_gone' });
      await kind.apply(new Map([[record.id, body]]));
    }
    // The choice goes up as a change of the record, with no conflicts left beside it.
    this.#conflicts.delete(conflictId);
    this.#save({
      ...this.#state,
      records: withEntry(this.#state.records, conflictId, { ...record, baseDigest: 'resolved', edit: null }),
    });
    await this.#schedule.now();
    return this.status();
  }

  async dismissNotice(id: string): Promise<SyncStatus> {
    this.#save({ ...this.#state, notices: this.#state.notices.filter((notice) => notice.id !== id) });
    return this.status();
  }

  async setGroups(groups: readonly SyncSettingGroup[]): Promise<SyncStatus> {
    const config = this.#state.config ?? raise({ code: 'validation', reason: 'sync.not_configured' });
    this.#save({ ...this.#state, config: { ...config, groups: [...new Set(groups)] } });
    this.#ready = null;
    await this.#schedule.now();
    return this.status();
  }

  /** Stops syncing here; this device's entry leaves the folder (when the server answers). Local data stays. */
  async removeDevice(): Promise<SyncStatus> {
    const config = this.#state.config ?? raise({ code: 'validation', reason: 'sync.not_configured' });
    this.#schedule.stop();
    await this.#schedule.idle();
    try {
      const ready = await this.#load();
      await ready.remote.remove(deviceFileName(ready.keys, config.deviceId), null);
    } catch (error) {
      // Offline or locked: the entry stays in the list elsewhere until removed there; sync still stops here.
      this.options.log.info('device entry not removed from the folder', {
        reason: syncError(error)?.reason ?? 'unknown',
      });
    }
    await this.options.vault.delete(SYNC_VAULT_ID);
    this.#ready = null;
    this.#conflicts.clear();
    this.#lastError = null;
    this.#waiting = 0;
    this.#save(EMPTY_SYNC_STATE);
    return this.status();
  }

  // -- devices ------------------------------------------------------------------------------------------------------

  /** This machine's device id in the sync folder; null without sync. */
  deviceId(): string | null {
    return this.#state.config?.deviceId ?? null;
  }

  /** A device's name as its entry in the folder says; null when it is not listed there (removed, or never seen). */
  deviceName(id: string): string | null {
    return this.#state.devices.find((device) => device.id === id)?.name ?? null;
  }

  // -- status -------------------------------------------------------------------------------------------------------

  async status(): Promise<SyncStatus> {
    return statusView({
      state: this.#state,
      conflicts: this.#conflicts,
      kinds: this.#kinds,
      isSyncing: this.#isSyncing,
      lastError: this.#lastError,
      waiting: this.#waiting,
      nextRunAt: this.#schedule.nextRunAt,
    });
  }

  /** Statuses go out in order, each as things are when it goes: the page never gets an older one after a newer. */
  #announce(): Promise<void> {
    this.#announcing = this.#announcing
      .then(async () => {
        this.options.events.emit('sync:changed', await this.status());
      })
      .catch((error: unknown) => {
        this.options.log.warn('sync status not announced', { kind: error instanceof Error ? error.name : 'unknown' });
      });
    return this.#announcing;
  }

  // -- storage ------------------------------------------------------------------------------------------------------

  #save(state: SyncState): void {
    this.#state = state;
    this.options.store.write(state);
  }

  async #storeSecrets(
    secrets: { appPassword: string; passphrase: string },
    conflicts: Map<string, readonly Alternative[]>,
  ) {
    const conflictsText = encodeConflicts(conflicts);
    try {
      await this.options.vault.set(SYNC_VAULT_ID, { ...secrets, conflicts: conflictsText });
    } catch (error) {
      if (error instanceof VaultLockedError) raise({ code: 'vault.locked', reason: 'sync.vault_locked' });
      throw error;
    }
    this.#conflictsText = conflictsText;
  }

  async #persistConflicts(): Promise<void> {
    const text = encodeConflicts(this.#conflicts);
    if (text === this.#conflictsText || this.#state.config === null) return;
    const read = await this.options.vault.get(SYNC_VAULT_ID);
    if (read.status !== 'ok') return;
    const value = (name: string) => (typeof read.secrets[name] === 'string' ? read.secrets[name] : '');
    await this.#storeSecrets({ appPassword: value('appPassword'), passphrase: value('passphrase') }, this.#conflicts);
  }

  #remote(url: string, username: string, password: string): SyncRemote {
    return new WebdavRemote({ url, username, password, fetch: this.options.fetch, clock: this.options.clock });
  }
}
