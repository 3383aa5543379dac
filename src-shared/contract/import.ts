// The contract for importing accounts from a file (an All API Hub backup or a CSV): a preview without secrets, then
// the import of the rows the user confirmed, reported per row.
import type { AccountKind } from './accounts';
import type { AppError } from './errors';

/**
 * The most characters an import file may have (the browser-mode bridge carries at most 1 MiB a request): main refuses
 * longer text, and the import dialog refuses a file of more bytes before reading it.
 */
export const MAX_IMPORT_CHARS = 900_000;

export const IMPORT_FORMATS = ['all_api_hub', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What the import will do with a row: add it, skip it as a duplicate, or refuse it (AppError says why). */
export type ImportOutcome = 'add' | 'duplicate' | 'refused';

/** One row of the preview: never a credential. */
export interface ImportPreviewRow {
  /** 1-based position in the file (CSV: the record, not counting the header). */
  readonly row: number;
  /** As the file wrote it where refused, made safe to show: controls drawn visibly, cut short. */
  readonly name: string;
  /** A refused row's address as main made it safe to show: a password before the host or a query masked (•••). */
  readonly baseUrl: string;
  /** null when the row names no kind Keydesk knows (then it is refused). */
  readonly kind: AccountKind | null;
  readonly userId: number | null;
  readonly username: string | null;
  readonly outcome: ImportOutcome;
  /** Why a row is refused or skipped; null for rows to add. */
  readonly reason: AppError | null;
}

export interface ImportCounts {
  readonly add: number;
  readonly duplicate: number;
  readonly refused: number;
}

export interface ImportPreview {
  /** Names the credentials main holds until confirm, cancel or a timeout. */
  readonly previewId: string;
  readonly format: ImportFormat;
  /**
   * The first rows only (at most 100): refused rows first, so every reason the user must fix shows, then the
   * others in file order. A file may hold 100,000 rows; `counts` covers them all.
   */
  readonly rows: readonly ImportPreviewRow[];
  readonly counts: ImportCounts;
}

/** One row's result: added (the new account's id), skipped (duplicate or refused at preview) or failed now. */
export type ImportRowResult =
  | { readonly row: number; readonly name: string; readonly status: 'added'; readonly accountId: string }
  | { readonly row: number; readonly name: string; readonly status: 'skipped'; readonly reason: AppError | null }
  | { readonly row: number; readonly name: string; readonly status: 'failed'; readonly error: AppError };

export interface ImportReport {
  /** Rows that failed first, then the others; at most 100 (the counts cover them all). */
  readonly rows: readonly ImportRowResult[];
  readonly added: number;
  readonly failed: number;
  readonly skipped: number;
}

/** Invoke channels of import. */
export interface ImportInvokeMap {
  /** Reads the file's text (sent once, never kept in the renderer) and answers what an import would do. */
  'import:preview': { args: { readonly fileName: string; readonly text: string }; result: ImportPreview };
  /**
   * Desktop app: main asks with the OS open dialog and reads the file itself; null when the user cancels. Browser
   * mode has no dialog of main's own (`unavailable`): the page's file input and `import:preview` instead.
   */
  'import:chooseFile': { args: undefined; result: ImportPreview | null };
  /**
   * Imports the preview's rows to add: each verified with its site first, then all that passed written at once (one
   * vault write, one accounts write). Progress comes as import:progress; import:cancel stops it before the write.
   */
  'import:confirm': { args: { readonly previewId: string }; result: ImportReport };
  /** Drops the preview and the credentials it held; an import still checking stops before anything is saved. */
  'import:cancel': { args: { readonly previewId: string }; result: null };
}

export const IMPORT_CHANNELS: { readonly [C in keyof ImportInvokeMap]: true } = {
  'import:preview': true,
  'import:chooseFile': true,
  'import:confirm': true,
  'import:cancel': true,
};

/** How far an import has gone: the rows' sites checked one by one, then the accounts saved. */
export interface ImportProgress {
  readonly previewId: string;
  readonly phase: 'checking' | 'writing';
  readonly done: number;
  readonly total: number;
}

export interface ImportEventMap {
  'import:progress': ImportProgress;
}
export const IMPORT_EVENTS: { readonly [E in keyof ImportEventMap]: true } = {
  'import:progress': true,
};
