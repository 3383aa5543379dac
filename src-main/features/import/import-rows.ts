// The rows an import file yields, before duplicates are looked for: what the preview shows, plus (main only) the
// credential the row would be added with. Shared by the All API Hub and CSV readers. Every row passes the gate every
// account passes (src-shared/rules/account-record-rules.ts); a refused row is echoed only as toEcho makes it.
import type { AccountKind, AppError, CredentialInput, ErrorReason } from '../../../src-shared/contract';
import { isUserIdText, MAX_LABEL } from '../../../src-shared/rules/account-rules';
import {
  checkAccountFields,
  isCredentialText,
  MAX_CREDENTIAL,
  MAX_USERNAME,
  type RecordRefusal,
} from '../../../src-shared/rules/account-record-rules';
import { echoText } from '../../../src-shared/rules/text-rules';
import { addressForEcho } from '../../../src-shared/rules/url-rules';

export interface ImportCandidate {
  readonly row: number;
  readonly name: string;
  /** Normalised where it could be; as written where it was refused. */
  readonly baseUrl: string;
  readonly apiUrl: string;
  readonly kind: AccountKind | null;
  readonly userId: number | null;
  readonly username: string | null;
  /** Main only: never crosses the bridge. Null for a refused row. */
  readonly credential: CredentialInput | null;
  readonly refusal: AppError | null;
}

/**
 * A file read as far as its shape: how many rows it has, and each row on demand (so a file of 100,000 rows is judged
 * row by row in slices, never all at once).
 */
export type FileRead =
  | { readonly ok: true; readonly count: number; readonly rowAt: (index: number) => ImportCandidate }
  | { readonly ok: false; readonly error: AppError };

export const refusal = (reason: ErrorReason, params?: Readonly<Record<string, string | number>>): AppError => ({
  code: 'validation',
  reason,
  ...(params === undefined ? {} : { params }),
});

/** A positive whole user id from a number or a decimal string; undefined when absent, null when not one. */
export function readUserId(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!isUserIdText(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The label a row gets: its name as written, else (empty) the site's host; the gate judges it as Add would. */
export function labelFor(name: string, baseUrl: string): string {
  if (name.trim() !== '') return name;
  try {
    return new URL(baseUrl.trim()).host.slice(0, MAX_LABEL) || 'Imported';
  } catch {
    return 'Imported';
  }
}

const gateRefusal = (r: RecordRefusal): AppError => ({
  code: 'validation',
  reason: r.reason,
  field: r.field,
  ...(r.params === undefined ? {} : { params: r.params }),
});

/**
 * The row through the account gate: its label and addresses normalised and its credential's text checked, or the
 * refusal. The credential's values are never named in a refusal.
 */
export function gateRow(
  row: { readonly name: string; readonly baseUrl: string; readonly apiUrl: string; readonly kind: AccountKind },
  userId: number | null,
  username: string | null,
  credential: CredentialInput,
): { ok: true; name: string; baseUrl: string; apiUrl: string } | { ok: false; error: AppError } {
  const fields = checkAccountFields({
    label: row.name,
    kind: row.kind,
    baseUrl: row.baseUrl,
    apiUrl: row.apiUrl,
    username,
    userId,
    keyHint: null,
    yuanPerUsd: null,
    thresholds: { warnUnits: null, criticalUnits: null },
  });
  if (!fields.ok) return { ok: false, error: gateRefusal(fields.refusal) };
  const secret =
    credential.kind === 'password'
      ? credential.password
      : credential.kind === 'access_token'
        ? credential.accessToken
        : credential.apiKey;
  const isUserOk = credential.kind !== 'password' || isCredentialText(credential.username, MAX_USERNAME);
  if (!isUserOk || !isCredentialText(secret, MAX_CREDENTIAL)) {
    return { ok: false, error: refusal('record.credential') };
  }
  return { ok: true, name: fields.value.label, baseUrl: fields.value.baseUrl, apiUrl: fields.value.apiUrl };
}

/** A row as it may be shown back: name, user and address made safe to echo (controls visible, cut, no password). */
export function toEcho<T extends { name: string; baseUrl: string; apiUrl: string; username: string | null }>(
  row: T,
): T {
  return {
    ...row,
    name: echoText(row.name, MAX_LABEL),
    baseUrl: addressForEcho(row.baseUrl),
    apiUrl: addressForEcho(row.apiUrl),
    username: row.username === null ? null : echoText(row.username, 60),
  };
}
