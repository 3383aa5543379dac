// Imports accounts from a file in two steps: preview (read the file, find duplicates, answer rows without secrets,
// hold the credentials in main under a preview id) and confirm (add each row through the accounts service's own
// add path: verified, credential to the vault, all or nothing per account). A preview is single-use and dropped
// after confirm, cancel or its timeout.
import { randomUUID } from 'node:crypto';
import type {
  AccountDraft,
  AccountsSnapshot,
  ImportFormat,
  ImportPreview,
  ImportPreviewRow,
  ImportReport,
  ImportRowResult,
  Result,
  SignInOutcome,
} from '../../../src-shared/contract';
import { toAppError } from '../../errors';
import { maskKey } from '../../gateway/compat';
import type { Clock, OpenFilePort, TimerHandle } from '../../platform/ports';
import type { Logger } from '../../log/logger';
import { isAllApiHubBackup, readAllApiHub } from './all-api-hub';
import { looksLikeAccountsCsv, readAccountsCsv } from './csv-accounts';
import { MAX_IMPORT_CHARS, refusal, type FileRead, type ImportCandidate } from './import-rows';

/** What the import needs of the accounts service. */
export interface ImportAccounts {
  snapshot(): AccountsSnapshot;
  add(draft: AccountDraft): Promise<Result<SignInOutcome>>;
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
}

interface Held {
  readonly candidates: readonly ImportCandidate[];
  readonly timer: TimerHandle;
}

type Planned = { readonly candidate: ImportCandidate; readonly outcome: ImportPreviewRow['outcome'] };

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

export class ImportService {
  readonly #held = new Map<string, Held>();

  constructor(private readonly options: ImportServiceOptions) {}

  preview(fileName: string, textValue: string): Result<ImportPreview> {
    if (textValue.length > MAX_IMPORT_CHARS) {
      return { ok: false, error: refusal('import.file_too_large', { megabytes: 0.9 }) };
    }
    const read = this.#read(fileName, textValue);
    if (!read.ok) return read;
    const planned = this.#plan(read.value.read);
    const previewId = randomUUID();
    const timer = this.options.clock.setTimer(this.options.ttlMs ?? 10 * 60_000, () => {
      this.#held.delete(previewId);
    });
    this.#held.set(previewId, { candidates: read.value.read, timer });
    const rows = planned.map(({ candidate, outcome }) => toRow(candidate, outcome));
    const count = (outcome: ImportPreviewRow['outcome']): number => rows.filter((r) => r.outcome === outcome).length;
    this.options.log.info('import previewed', {
      format: read.value.format,
      rows: rows.length,
      add: count('add'),
    });
    return {
      ok: true,
      value: {
        previewId,
        format: read.value.format,
        rows,
        counts: { add: count('add'), duplicate: count('duplicate'), refused: count('refused') },
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
      return { ok: false, error: refusal('import.file_too_large', { megabytes: 0.9 }) };
    }
    return this.preview(chosen.name, new TextDecoder().decode(chosen.bytes));
  }

  /** Adds the rows to add, one account at a time; duplicates are looked for again against the accounts now. */
  async confirm(previewId: string): Promise<Result<ImportReport>> {
    const held = this.#take(previewId);
    if (!held) return { ok: false, error: { code: 'not_found', reason: 'import.preview_expired' } };
    const results: ImportRowResult[] = [];
    for (const { candidate, outcome } of this.#plan(held.candidates)) {
      const { row, name } = candidate;
      if (outcome !== 'add' || candidate.credential === null || candidate.kind === null) {
        results.push({ row, name, status: 'skipped', reason: candidate.refusal });
        continue;
      }
      const added = await this.#add(candidate);
      results.push(
        added.ok
          ? { row, name, status: 'added', accountId: added.value }
          : { row, name, status: 'failed', error: added.error },
      );
    }
    const tally = (status: ImportRowResult['status']): number => results.filter((r) => r.status === status).length;
    const report = { rows: results, added: tally('added'), failed: tally('failed'), skipped: tally('skipped') };
    this.options.log.info('import done', { added: report.added, failed: report.failed, skipped: report.skipped });
    return { ok: true, value: report };
  }

  cancel(previewId: string): Result<null> {
    this.#take(previewId);
    return { ok: true, value: null };
  }

  /** Forgets every held preview (quit). */
  dispose(): void {
    for (const id of [...this.#held.keys()]) this.#take(id);
  }

  #take(previewId: string): Held | undefined {
    const held = this.#held.get(previewId);
    if (held) {
      this.options.clock.clearTimer(held.timer);
      this.#held.delete(previewId);
    }
    return held;
  }

  #read(fileName: string, textValue: string): Result<{ format: ImportFormat; read: readonly ImportCandidate[] }> {
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
      read = readAccountsCsv(textValue);
    }
    return read.ok ? { ok: true, value: { format, read: read.candidates } } : read;
  }

  /** Each row's outcome: refused as read, a duplicate of an account or of an earlier row, or to add. */
  #plan(candidates: readonly ImportCandidate[]): Planned[] {
    const seen = new Set<string>();
    for (const account of this.options.accounts.snapshot().accounts) {
      for (const identity of identities(account.baseUrl, account.userId, account.username, account.keyHint)) {
        seen.add(identity);
      }
    }
    return candidates.map((candidate) => {
      if (candidate.refusal !== null) return { candidate, outcome: 'refused' };
      const own = candidateIdentities(candidate);
      if (own.some((identity) => seen.has(identity))) return { candidate, outcome: 'duplicate' };
      for (const identity of own) seen.add(identity);
      return { candidate, outcome: 'add' };
    });
  }

  async #add(candidate: ImportCandidate): Promise<Result<string>> {
    if (candidate.credential === null) return { ok: false, error: refusal('import.no_credential') };
    let added: Result<SignInOutcome>;
    try {
      added = await this.options.accounts.add({
        label: candidate.name,
        baseUrl: candidate.baseUrl,
        apiUrl: candidate.apiUrl,
        credential: candidate.credential,
      });
    } catch (error) {
      // The add path stores the secret before it lists the account: a throw leaves no account behind.
      return { ok: false, error: toAppError(error, this.options.log, 'import row') };
    }
    if (!added.ok) return added;
    if (added.value.status === 'second_factor') return { ok: false, error: refusal('import.second_factor') };
    return { ok: true, value: added.value.account.id };
  }
}

function toRow(candidate: ImportCandidate, outcome: ImportPreviewRow['outcome']): ImportPreviewRow {
  return {
    row: candidate.row,
    name: candidate.name,
    baseUrl: candidate.baseUrl,
    kind: candidate.kind,
    userId: candidate.userId,
    username: candidate.username,
    outcome,
    reason: outcome === 'refused' ? candidate.refusal : null,
  };
}
