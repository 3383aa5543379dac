// Imports accounts from a file in two steps. Preview: read the file row by row in slices, each row through the account
// gate, duplicates found, and answer counts plus the first rows (never every row, never a credential), holding in main
// only what confirm needs. Confirm: verify each row to add with its site as Add does, then write every verified
// account at once (one vault write, one accounts write). A preview is single-use and dropped after confirm, cancel or
// its timeout; a cancel while confirm checks stops it before anything is saved.
import { randomUUID } from 'node:crypto';
import { MAX_IMPORT_CHARS } from '../../../src-shared/contract';
import type {
  AccountDraft,
  AccountsSnapshot,
  AppError,
  ImportFormat,
  ImportPreview,
  ImportPreviewRow,
  ImportProgress,
  ImportReport,
  ImportRowResult,
  Result,
} from '../../../src-shared/contract';
import { AppErrorException, toAppError } from '../../errors';
import { maskKey } from '../../gateway/compat';
import type { Clock, OpenFilePort, TimerHandle } from '../../platform/ports';
import type { Logger } from '../../log/logger';
import { Slices } from '../../slices';
import type { VerifiedCredential } from '../accounts/account-sign-in';
import { isAllApiHubBackup, readAllApiHub } from './all-api-hub';
import { accountsFromCsv, looksLikeAccountsCsv } from './csv-accounts';
import { parseCsvSliced } from './csv';
import { refusal, toEcho, type FileRead, type ImportCandidate } from './import-rows';

/** A preview lists this many rows at most, and a report as many results; counts cover every row. */
export const MAX_LISTED_ROWS = 100;

type Verified = { readonly draft: AccountDraft; readonly credential: VerifiedCredential };

/** What the import needs of the accounts service. */
export interface ImportAccounts {
  snapshot(): AccountsSnapshot;
  /** Checks a draft as Add does, keeping nothing. */
  verify(draft: AccountDraft): Promise<Result<Verified | 'second_factor'>>;
  /** Writes verified accounts at once; answers their ids. */
  addVerified(entries: readonly Verified[]): Promise<readonly string[]>;
  /** Ends a session a verified credential opened and that is not saved after all. */
  discardVerified(credential: VerifiedCredential, baseUrl: string): Promise<void>;
}

export interface ImportServiceOptions {
  readonly accounts: ImportAccounts;
  /** The OS open dialog (desktop app); null in browser mode. */
  readonly openFile?: OpenFilePort | null;
  /** The open dialog's title, in the user's language. */
  readonly dialogTitle?: () => string;
  readonly clock: Pick<Clock, 'setTimer' | 'clearTimer'>;
  readonly log: Logger;
  /** How long a preview's credentials are held; default 10 minutes. */
  readonly ttlMs?: number;
  /** An import at work (import:progress). */
  readonly onProgress?: (progress: ImportProgress) => void;
}

interface Held {
  /** The rows that were not refused as read (only these can be added); refused rows are only counted. */
  readonly candidates: readonly ImportCandidate[];
  /** The first refused rows, for the report. */
  readonly refused: readonly ImportRowResult[];
  readonly refusedCount: number;
  readonly timer: TimerHandle;
  /** Set by cancel: a confirm under way stops at its next row. */
  isCancelled: boolean;
}

type Outcome = ImportPreviewRow['outcome'];

/**
 * The identities two rows share when they are the same account: the site and the user id, or the user name, or (a
 * watched key) the key's mask, the only form of it an account keeps.
 */
function identities(site: string, userId: number | null, username: string | null, keyHint: string | null): string[] {
  const base = site.toLowerCase();
  const found: string[] = [];
  if (userId !== null) found.push(`${base}\u0000id:${userId}`);
  if (username !== null) found.push(`${base}\u0000name:${username.toLowerCase()}`);
  if (keyHint !== null) found.push(`${base}\u0000key:${keyHint}`);
  return found;
}

const candidateIdentities = (c: ImportCandidate): string[] =>
  identities(c.baseUrl, c.userId, c.username, c.credential?.kind === 'api_key' ? maskKey(c.credential.apiKey) : null);

/** Rows whose outcome is decided one by one, against the accounts here and the rows before. */
class Dedupe {
  readonly #seen = new Set<string>();

  constructor(accounts: AccountsSnapshot) {
    for (const account of accounts.accounts) {
      for (const identity of identities(account.baseUrl, account.userId, account.username, account.keyHint)) {
        this.#seen.add(identity);
      }
    }
  }

  outcome(candidate: ImportCandidate): Outcome {
    if (candidate.refusal !== null) return 'refused';
    const own = candidateIdentities(candidate);
    if (own.some((identity) => this.#seen.has(identity))) return 'duplicate';
    for (const identity of own) this.#seen.add(identity);
    return 'add';
  }
}

export class ImportService {
  readonly #held = new Map<string, Held>();

  constructor(private readonly options: ImportServiceOptions) {}

  async preview(fileName: string, textValue: string): Promise<Result<ImportPreview>> {
    if (textValue.length > MAX_IMPORT_CHARS) {
      return { ok: false, error: refusal('import.file_too_large', { megabytes: MAX_IMPORT_CHARS / 1_000_000 }) };
    }
    const slices = new Slices();
    const read = await this.#read(fileName, textValue, slices);
    if (!read.ok) return read;
    const { format, file } = read.value;
    const previewId = randomUUID();
    const dedupe = new Dedupe(this.options.accounts.snapshot());
    const candidates: ImportCandidate[] = [];
    const refused: ImportRowResult[] = [];
    const shownRefused: ImportPreviewRow[] = [];
    const shownOthers: ImportPreviewRow[] = [];
    const counts = { add: 0, duplicate: 0, refused: 0 };
    for (let i = 0; i < file.count; i++) {
      const candidate = file.rowAt(i);
      const outcome = dedupe.outcome(candidate);
      counts[outcome] += 1;
      if (outcome === 'refused') {
        if (shownRefused.length < MAX_LISTED_ROWS) shownRefused.push(toRow(candidate, outcome));
        if (refused.length < MAX_LISTED_ROWS) {
          refused.push({
            row: candidate.row,
            name: toEcho(candidate).name,
            status: 'skipped',
            reason: candidate.refusal,
          });
        }
      } else {
        candidates.push(candidate);
        if (shownOthers.length < MAX_LISTED_ROWS) shownOthers.push(toRow(candidate, outcome));
      }
      if (i % 200 === 199) await slices.boundary();
    }
    const timer = this.options.clock.setTimer(this.options.ttlMs ?? 10 * 60_000, () => {
      this.#held.delete(previewId);
    });
    this.#held.set(previewId, { candidates, refused, refusedCount: counts.refused, timer, isCancelled: false });
    this.options.log.info('import previewed', { format, rows: file.count, add: counts.add });
    return {
      ok: true,
      value: {
        previewId,
        format,
        // Every reason the user must fix first, then the rest in file order; the counts cover all the rows.
        rows: [...shownRefused, ...shownOthers].slice(0, MAX_LISTED_ROWS),
        counts,
      },
    };
  }

  /** Asks for the file with the OS dialog and reads it in main; null when the user cancels. */
  async chooseFile(): Promise<Result<ImportPreview | null>> {
    const port = this.options.openFile ?? null;
    if (port === null) return { ok: false, error: { code: 'unavailable' } };
    const chosen = await port.choose(
      this.options.dialogTitle?.() ?? 'Import accounts',
      ['json', 'csv'],
      MAX_IMPORT_CHARS,
    );
    if (chosen.status === 'cancelled') return { ok: true, value: null };
    if (chosen.status === 'too_large') {
      return { ok: false, error: refusal('import.file_too_large', { megabytes: MAX_IMPORT_CHARS / 1_000_000 }) };
    }
    return this.preview(chosen.name, new TextDecoder().decode(chosen.bytes));
  }

  /**
   * Verifies each row to add with its site (duplicates looked for again against the accounts now), then writes all
   * that passed at once. A row that fails is reported and leaves nothing behind; a cancel before the write leaves
   * nothing at all (a session a verified row opened is ended again).
   */
  async confirm(previewId: string): Promise<Result<ImportReport>> {
    const held = this.#held.get(previewId);
    if (!held) return { ok: false, error: { code: 'not_found', reason: 'import.preview_expired' } };
    this.options.clock.clearTimer(held.timer);
    const failed: ImportRowResult[] = [];
    const skipped: ImportRowResult[] = [...held.refused];
    let skippedCount = held.refusedCount;
    let failedCount = 0;
    const verified: { readonly row: number; readonly name: string; readonly entry: Verified }[] = [];
    const dedupe = new Dedupe(this.options.accounts.snapshot());
    const toCheck = held.candidates.filter((candidate) => {
      if (dedupe.outcome(candidate) === 'add') return true;
      skippedCount += 1;
      if (skipped.length < MAX_LISTED_ROWS) {
        skipped.push({ row: candidate.row, name: candidate.name, status: 'skipped', reason: null });
      }
      return false;
    });
    const cancelled: AppError = { code: 'validation', reason: 'import.cancelled' };
    const slices = new Slices(() => held.isCancelled, cancelled);
    try {
      for (const [i, candidate] of toCheck.entries()) {
        this.options.onProgress?.({ previewId, phase: 'checking', done: i, total: toCheck.length });
        await slices.boundary();
        const checked = await this.#verify(candidate);
        if (held.isCancelled) {
          if (checked.ok) verified.push({ row: candidate.row, name: candidate.name, entry: checked.value });
          throw new AppErrorException(cancelled);
        }
        if (checked.ok) {
          verified.push({ row: candidate.row, name: candidate.name, entry: checked.value });
        } else {
          failedCount += 1;
          if (failed.length < MAX_LISTED_ROWS) {
            failed.push({ row: candidate.row, name: candidate.name, status: 'failed', error: checked.error });
          }
        }
      }
      this.options.onProgress?.({ previewId, phase: 'writing', done: 0, total: verified.length });
      await slices.boundary();
    } catch (error) {
      this.#take(previewId);
      // Nothing is saved: the sessions the verified rows opened on their sites are ended again.
      for (const { entry } of verified)
        void this.options.accounts.discardVerified(entry.credential, entry.draft.baseUrl);
      return { ok: false, error: toAppError(error, this.options.log, 'import stopped') };
    }
    this.#take(previewId);
    let ids: readonly string[];
    try {
      ids = await this.options.accounts.addVerified(verified.map((v) => v.entry));
    } catch (error) {
      return { ok: false, error: toAppError(error, this.options.log, 'import write') };
    }
    this.options.onProgress?.({ previewId, phase: 'writing', done: verified.length, total: verified.length });
    const added: ImportRowResult[] = verified
      .slice(0, MAX_LISTED_ROWS)
      .map((v, i) => ({ row: v.row, name: v.name, status: 'added', accountId: ids[i] ?? '' }));
    const report: ImportReport = {
      rows: [...failed, ...added, ...skipped].slice(0, MAX_LISTED_ROWS),
      added: ids.length,
      failed: failedCount,
      skipped: skippedCount,
    };
    this.options.log.info('import done', { added: report.added, failed: report.failed, skipped: report.skipped });
    return { ok: true, value: report };
  }

  cancel(previewId: string): Result<null> {
    const held = this.#held.get(previewId);
    if (held) held.isCancelled = true;
    this.#take(previewId);
    return { ok: true, value: null };
  }

  /** Forgets every held preview (quit). */
  dispose(): void {
    for (const id of [...this.#held.keys()]) this.cancel(id);
  }

  #take(previewId: string): Held | undefined {
    const held = this.#held.get(previewId);
    if (held) {
      this.options.clock.clearTimer(held.timer);
      this.#held.delete(previewId);
    }
    return held;
  }

  async #read(
    fileName: string,
    textValue: string,
    slices: Slices,
  ): Promise<Result<{ format: ImportFormat; file: Extract<FileRead, { ok: true }> }>> {
    const trimmed = textValue.replace(/^\uFEFF/, '').trimStart();
    const isJson = trimmed.startsWith('{') || trimmed.startsWith('[') || /\.json$/i.test(fileName);
    let read: FileRead;
    let format: ImportFormat;
    if (isJson) {
      let data: unknown;
      try {
        data = JSON.parse(trimmed);
      } catch {
        return { ok: false, error: refusal('import.not_json') };
      }
      if (!isAllApiHubBackup(data)) return { ok: false, error: refusal('import.not_recognised') };
      format = 'all_api_hub';
      read = readAllApiHub(data);
    } else {
      if (!looksLikeAccountsCsv(textValue)) return { ok: false, error: refusal('import.not_recognised') };
      format = 'csv';
      read = accountsFromCsv(await parseCsvSliced(textValue, () => slices.boundary()));
    }
    return read.ok ? { ok: true, value: { format, file: read } } : read;
  }

  async #verify(candidate: ImportCandidate): Promise<Result<Verified>> {
    if (candidate.credential === null) return { ok: false, error: refusal('import.no_credential') };
    let checked: Result<Verified | 'second_factor'>;
    try {
      checked = await this.options.accounts.verify({
        label: candidate.name,
        baseUrl: candidate.baseUrl,
        apiUrl: candidate.apiUrl,
        credential: candidate.credential,
      });
    } catch (error) {
      return { ok: false, error: toAppError(error, this.options.log, 'import row') };
    }
    if (!checked.ok) return checked;
    if (checked.value === 'second_factor') return { ok: false, error: refusal('import.second_factor') };
    return { ok: true, value: checked.value };
  }
}

/** A preview row; a refused row's name, user and address only as toEcho makes them safe to show. */
function toRow(candidate: ImportCandidate, outcome: Outcome): ImportPreviewRow {
  const shown = outcome === 'refused' ? toEcho(candidate) : candidate;
  return {
    row: shown.row,
    name: shown.name,
    baseUrl: shown.baseUrl,
    kind: shown.kind,
    userId: shown.userId,
    username: shown.username,
    outcome,
    reason: outcome === 'refused' ? candidate.refusal : null,
  };
}
