// The rows an import file yields, before duplicates are looked for: what the preview shows, plus (main only) the
// credential the row would be added with. Shared by the All API Hub and CSV readers.
import type { AccountKind, AppError, CredentialInput, ErrorReason } from '../../../src-shared/contract';
import { checkLabel, MAX_LABEL } from '../../../src-shared/rules/account-rules';
import { normaliseBaseUrl } from '../accounts/url-rules';

/** The most characters an import file may have (the browser-mode bridge carries at most 1 MiB a request). */
export const MAX_IMPORT_CHARS = 900_000;

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

export type FileRead =
  | { readonly ok: true; readonly candidates: readonly ImportCandidate[] }
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
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The label a row gets: its name trimmed and cut to the longest label, else the site's host. */
export function labelFor(name: string, baseUrl: string): string {
  const checked = checkLabel(name);
  if (checked.ok) return checked.label;
  if (checked.problem === 'tooLong') return name.trim().slice(0, MAX_LABEL);
  try {
    return new URL(baseUrl).host.slice(0, MAX_LABEL) || 'Imported';
  } catch {
    return 'Imported';
  }
}

/** The row's addresses normalised, or the address reason it is refused for. */
export function addressesFor(
  baseUrl: string,
  apiUrl: string,
): { ok: true; baseUrl: string; apiUrl: string } | { ok: false; error: AppError } {
  const base = normaliseBaseUrl(baseUrl, '/api');
  if (!base.ok) return { ok: false, error: refusal(base.reason) };
  if (apiUrl.trim() === '') return { ok: true, baseUrl: base.url, apiUrl: base.url };
  const api = normaliseBaseUrl(apiUrl, '/v1');
  if (!api.ok) return { ok: false, error: refusal(api.reason) };
  return { ok: true, baseUrl: base.url, apiUrl: api.url };
}
