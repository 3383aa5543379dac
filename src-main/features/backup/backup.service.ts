// Backing Keydesk up and restoring it. A backup reads the settings, the accounts document and (when asked) every
// account's vault secrets, in main only, and writes one encrypted file through the secret-file sink. A restore
// holds the chosen file in main, opens it with the passphrase, answers a preview without secrets, and applies a
// merge or a replace only when the user confirms. Nothing is written before the file has opened and parsed whole.
import { randomUUID } from 'node:crypto';
import type {
  BackupCreated,
  BackupFileRef,
  BackupPreview,
  BackupRestored,
  Language,
  RestoreMode,
} from '../../../src-shared/contract';
import { raise } from '../../errors';
import type { Logger } from '../../log/logger';
import type { Clock, SecretFileSinkPort } from '../../platform/ports';
import type { ScryptParams } from '../../vault/passphrase.cipher';
import type { SecretRead } from '../../vault/secret.store';
import type { AccountsService } from '../accounts/accounts.service';
import type { SettingsService } from '../settings/settings.service';
import { BackupFormatError, decodeBackup, encodeBackup, MAX_BACKUP_BYTES, readHeader } from './backup-format';
import { decodePayload, encodePayload, PAYLOAD_FORMAT, type BackupPayload } from './backup-payload';
import type { OpenFilePort } from '../../platform/ports';
import { checkFileRecord, planRestore, previewAccounts, settingChanges, type CheckedRecord } from './restore-plan';
import { Slices } from '../../slices';
import type { AllowanceRecord } from '../allowance/allowance.schema';
import type { FileStamp, HandoffRecord } from '../handoff/handoff-records';
import { isThisComputer, planRecords, toBackupAllowance, type RecordsPlan } from './restore-records';
import { idRecordOf } from '../../id-record';
import type { BackupProgress } from '../../../src-shared/contract';

/** A chosen file or an opened backup is forgotten after this long, or when the dialog closes. */
export const HELD_FOR_MS = 10 * 60_000;

export interface BackupServiceOptions {
  readonly accounts: Pick<AccountsService, 'document' | 'restore'>;
  readonly settings: Pick<SettingsService, 'get' | 'update'>;
  readonly vault: { get(accountId: string): Promise<SecretRead>; status(): { readonly isLocked: boolean } };
  readonly files: SecretFileSinkPort;
  /** The OS's open dialog; null in browser mode, where the page picks the file. */
  readonly picker: OpenFilePort | null;
  readonly clock: Pick<Clock, 'now' | 'setTimer' | 'clearTimer'>;
  readonly version: string;
  /** The user's language now, for the dialogs' titles. */
  readonly language: () => Language;
  readonly log: Logger;
  /** Tests only: cheaper scrypt parameters (still within what a file may ask). */
  readonly scrypt?: ScryptParams;
  /** A preview or restore at work (backup:progress). */
  readonly onProgress?: (progress: BackupProgress) => void;
  /** Tests only: the ids a restore gives the accounts it adds (crypto.randomUUID otherwise). */
  readonly newId?: () => string;
  /** The allowances and hand-off records a backup carries; absent, a backup holds accounts and settings only. */
  readonly records?: BackupRecordsPort;
}

/** What a backup reads of the allowances and hand-offs, and how a restore writes them (each store once). */
export interface BackupRecordsPort {
  allowances(): readonly AllowanceRecord[];
  /** This computer's hand-off records. */
  handoffs(): readonly HandoffRecord[];
  /** This data folder's computer id, made on first use (a backup names it). */
  computerId(): string;
  /** The same, without making one: null for a data folder that has none yet. */
  knownComputerId(): string | null;
  deviceId(): string | null;
  /** Whether a file a hand-off wrote stands here as Keydesk left it (one stat). */
  isFileHere(path: string, stamp: FileStamp): Promise<boolean>;
  write(plan: RecordsPlan): void;
}

type Held =
  | { readonly kind: 'file'; readonly name: string; readonly bytes: Uint8Array; readonly timer: unknown }
  | {
      readonly kind: 'restore';
      readonly payload: BackupPayload;
      readonly checked: readonly CheckedRecord[];
      readonly timer: unknown;
    };

const TITLES = {
  'en-US': { save: 'Save the Keydesk backup', open: 'Choose a Keydesk backup' },
  'zh-CN': { save: '保存 Keydesk 备份', open: '选择 Keydesk 备份文件' },
} as const;

// Accounts keep only text in the vault (account-records.ts StoredSecrets).
const textSecrets = (secrets: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(secrets).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );

// A format refusal converts itself (BackupFormatError.toAppError); anything else is thrown on, unexpected.
const formatFailure = (error: unknown): never => {
  if (!(error instanceof BackupFormatError)) throw error;
  return raise(error.toAppError());
};

export class BackupService {
  readonly #held = new Map<string, Held>();
  #isRestoring = false;

  constructor(private readonly options: BackupServiceOptions) {}

  async create(passphrase: string, includeCredentials: boolean): Promise<BackupCreated> {
    const { accounts, settings, vault, clock } = this.options;
    const document = accounts.document();
    let credentials: BackupPayload['credentials'] = null;
    if (includeCredentials) {
      const read = new Map<string, Record<string, string>>();
      for (const record of document.accounts) {
        // An entry that cannot be read now (locked, sealed elsewhere) is left out; the count says so.
        const entry = await vault.get(record.id);
        if (entry.status === 'ok') read.set(record.id, textSecrets(entry.secrets));
      }
      credentials = idRecordOf(read);
    }
    const { records } = this.options;
    const payload: BackupPayload = {
      format: PAYLOAD_FORMAT,
      createdAt: clock.now(),
      appVersion: this.options.version,
      settings: settings.get(),
      accounts: document,
      credentials,
      ...(records === undefined
        ? {}
        : {
            allowances: records.allowances().map(toBackupAllowance),
            handoffs: { computerId: records.computerId(), deviceId: records.deviceId(), records: records.handoffs() },
          }),
    };
    const bytes = await encodeBackup(encodePayload(payload), passphrase, this.options.scrypt).catch(formatFailure);
    const day = new Date(payload.createdAt).toISOString().slice(0, 10);
    const path = await this.options.files.save(
      `keydesk-backup-${day}.keydesk`,
      bytes,
      TITLES[this.options.language()].save,
    );
    if (path !== null) {
      this.options.log.info('backup written', {
        accounts: document.accounts.length,
        withCredentials: includeCredentials,
      });
    }
    return {
      path,
      accounts: document.accounts.length,
      credentials: credentials === null ? 0 : Object.keys(credentials).length,
    };
  }

  /** Desktop: the open dialog. Browser mode answers `unavailable`: the page picks the file itself. */
  async chooseFile(): Promise<BackupFileRef | null> {
    const { picker } = this.options;
    if (picker === null) return raise({ code: 'unavailable' });
    const chosen = await picker.choose(TITLES[this.options.language()].open, ['keydesk'], MAX_BACKUP_BYTES);
    if (chosen.status === 'cancelled') return null;
    if (chosen.status === 'too_large') return formatFailure(new BackupFormatError('too_large'));
    return this.#holdFile(chosen.name, chosen.bytes);
  }

  /** Browser mode: the bytes of the file the page picked. */
  receiveFile(name: string, contentBase64: string): BackupFileRef {
    const bytes = new Uint8Array(Buffer.from(contentBase64, 'base64'));
    return this.#holdFile(name, bytes);
  }

  #holdFile(name: string, bytes: Uint8Array): BackupFileRef {
    // What needs no passphrase is checked at once: a stranger file is refused before the passphrase is asked for.
    try {
      readHeader(bytes);
    } catch (error) {
      formatFailure(error);
    }
    const fileId = this.#hold((timer) => ({ kind: 'file', name, bytes, timer }));
    return { fileId, name, bytes: bytes.length };
  }

  /**
   * Opens the file and checks every record through the gate, in slices (progress as backup:progress under the file's
   * id; discarding the file stops it). Answers counts and the first rows, never every row.
   */
  async preview(fileId: string, passphrase: string): Promise<BackupPreview> {
    const held = this.#held.get(fileId);
    if (held?.kind !== 'file') return raise({ code: 'not_found', reason: 'backup.expired' });
    const plain = await decodeBackup(held.bytes, passphrase).catch(formatFailure);
    const slices = new Slices(() => !this.#held.has(fileId), { code: 'validation', reason: 'backup.cancelled' });
    // It authenticated, so it is a file we wrote: a body we cannot read is a newer format.
    const payload =
      (await decodePayload(plain, () => slices.boundary())) ??
      raise({ code: 'validation', reason: 'backup.unsupported_version' });
    const checked = await this.#check(fileId, payload, slices);
    this.discard(fileId);
    const here = this.options.accounts.document();
    const settingsHere = this.options.settings.get();
    const restoreId = this.#hold((timer) => ({ kind: 'restore', payload, checked, timer }));
    const { counts, rows } = previewAccounts(here, checked);
    return {
      restoreId,
      createdAt: payload.createdAt,
      appVersion: payload.appVersion,
      includesCredentials: payload.credentials !== null,
      accountCounts: counts,
      accounts: rows,
      settings: settingChanges(settingsHere, { ...settingsHere, ...payload.settings }),
    };
  }

  async #check(fileId: string, payload: BackupPayload, slices: Slices): Promise<CheckedRecord[]> {
    const records = payload.accounts.accounts;
    const seen = new Set<string>();
    const checked: CheckedRecord[] = [];
    for (const [i, record] of records.entries()) {
      checked.push(checkFileRecord(record, i + 1, payload.credentials, seen));
      if (i % 50 === 49) {
        this.options.onProgress?.({ id: fileId, phase: 'checking', done: i + 1, total: records.length });
        await slices.boundary();
      }
    }
    return checked;
  }

  async restore(restoreId: string, mode: RestoreMode): Promise<BackupRestored> {
    const held = this.#held.get(restoreId);
    if (held?.kind !== 'restore') return raise({ code: 'not_found', reason: 'backup.expired' });
    if (this.#isRestoring) return raise({ code: 'validation', reason: 'backup.expired' });
    const { records } = this.options;
    const handoffs = held.payload.handoffs;
    const isHere =
      records !== undefined && handoffs !== undefined
        ? await isThisComputer(handoffs, records.knownComputerId(), (path, stamp) => records.isFileHere(path, stamp))
        : false;
    // Asked twice at once: the files read above let both through, this lets one.
    if (!this.#held.has(restoreId)) return raise({ code: 'validation', reason: 'backup.expired' });
    const plan = planRestore(
      this.options.accounts.document(),
      this.options.settings.get(),
      held.payload,
      held.checked,
      mode,
      this.options.newId ?? randomUUID,
    );
    const recordsPlan =
      records === undefined
        ? null
        : planRecords(
            held.payload,
            plan.idOfFile,
            new Set(plan.accounts.accounts.map((a) => a.id)),
            { allowances: records.allowances(), deviceId: records.deviceId(), isThisComputer: isHere },
            mode,
            this.options.newId ?? randomUUID,
          );
    const writes = [...plan.secrets.values()].filter((secrets) => secrets !== null).length;
    // A locked vault cannot take the credentials: refuse before anything is written rather than restore half.
    if (writes > 0 && this.options.vault.status().isLocked)
      raise({ code: 'vault.locked', reason: 'vault.passphrase_not_entered' });
    this.#isRestoring = true;
    try {
      this.discard(restoreId);
      const total = plan.accounts.accounts.length;
      this.options.onProgress?.({ id: restoreId, phase: 'writing', done: 0, total });
      await this.options.accounts.restore(plan.accounts, plan.secrets);
      this.options.onProgress?.({ id: restoreId, phase: 'writing', done: total, total });
      if (plan.settingsChanged > 0) this.options.settings.update(plan.settings);
      if (recordsPlan !== null) records?.write(recordsPlan);
    } finally {
      this.#isRestoring = false;
    }
    this.options.log.info('backup restored', {
      mode,
      added: plan.added,
      replaced: plan.replaced,
      refused: plan.refused,
    });
    return {
      added: plan.added,
      replaced: plan.replaced,
      removed: plan.removed,
      refused: plan.refused,
      settingsChanged: plan.settingsChanged,
      credentialsRestored: writes,
      allowances: recordsPlan?.allowancesRestored ?? 0,
      handoffs: recordsPlan?.handoffsRestored ?? 0,
      recordsRefused: recordsPlan?.refused ?? 0,
    };
  }

  discard(id: string): void {
    const held = this.#held.get(id);
    if (!held) return;
    this.options.clock.clearTimer(held.timer);
    this.#held.delete(id);
  }

  dispose(): void {
    for (const id of [...this.#held.keys()]) this.discard(id);
  }

  #hold(make: (timer: unknown) => Held): string {
    // One restore at a time is what the dialog does; a few are kept so a second window cannot evict the first's.
    while (this.#held.size >= 4) this.discard(this.#held.keys().next().value as string);
    const id = randomUUID();
    const timer = this.options.clock.setTimer(HELD_FOR_MS, () => {
      this.#held.delete(id);
    });
    this.#held.set(id, make(timer));
    return id;
  }
}
