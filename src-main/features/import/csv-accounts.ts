// Reads a CSV of accounts into import rows. Header required (any order, any case): name, base_url, kind,
// credential; optional api_url, user_id, username. kind: password | access_token (or token) | api_key (or key).
// A password row's credential is the password, with its user name in `username`, or `username:password` (split at
// the first colon) when that column is absent or empty. Passwords are remembered in the vault, as the user chose
// to keep them in a file.
import type { AccountKind, CredentialInput } from '../../../src-shared/contract';
import { parseCsv, type CsvResult } from './csv';
import { gateRow, labelFor, readUserId, refusal, type FileRead, type ImportCandidate } from './import-rows';

export const CSV_REQUIRED = ['name', 'base_url', 'kind', 'credential'] as const;
export const CSV_OPTIONAL = ['api_url', 'user_id', 'username'] as const;

// A Map: the kind column is the file's text, and `constructor` must not find Object's own.
const KINDS: ReadonlyMap<string, AccountKind> = new Map([
  ['password', 'password'],
  ['access_token', 'access_token'],
  ['token', 'access_token'],
  ['api_key', 'api_key'],
  ['key', 'api_key'],
]);

/** Whether the first record is our header (so a file that is not ours is called that, not a bad CSV). */
export function looksLikeAccountsCsv(textValue: string): boolean {
  const firstLine = (textValue.startsWith('\uFEFF') ? textValue.slice(1) : textValue).split(/\r\n|\r|\n/, 1)[0] ?? '';
  const names = firstLine.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').toLowerCase());
  return CSV_REQUIRED.some((column) => names.includes(column));
}

export function readAccountsCsv(textValue: string): FileRead {
  return accountsFromCsv(parseCsv(textValue));
}

/** The import rows of CSV text already split into records (the preview splits it in slices). */
export function accountsFromCsv(parsed: CsvResult): FileRead {
  if (!parsed.ok) return { ok: false, error: refusal('import.csv_unterminated_quote', { line: parsed.line }) };
  const [header, ...records] = parsed.records;
  const names = (header ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = CSV_REQUIRED.filter((column) => !names.includes(column));
  if (missing.length > 0) return { ok: false, error: refusal('import.csv_header', { columns: missing.join(', ') }) };
  if (records.length === 0) return { ok: false, error: refusal('import.no_accounts') };
  const column = (record: readonly string[], name: string): string => {
    const at = names.indexOf(name);
    return at < 0 ? '' : (record[at] ?? '');
  };
  return {
    ok: true,
    count: records.length,
    rowAt: (index) => readRecord(index + 1, (name) => column(records[index] ?? [], name)),
  };
}

function readRecord(row: number, cell: (name: string) => string): ImportCandidate {
  const baseUrl = cell('base_url').trim();
  const kindText = cell('kind').trim().toLowerCase();
  const kind = KINDS.get(kindText) ?? null;
  const rawUserId = readUserId(cell('user_id'));
  const secret = cell('credential');
  let username = cell('username').trim() || null;
  const base = { row, name: labelFor(cell('name'), baseUrl), baseUrl, apiUrl: cell('api_url').trim(), kind };
  const refuse = (error: ImportCandidate['refusal']): ImportCandidate => ({
    ...base,
    userId: rawUserId ?? null,
    username,
    credential: null,
    refusal: error,
  });
  if (baseUrl === '') return refuse(refusal('import.missing_field', { field: 'base_url' }));
  if (kind === null) {
    return kindText === ''
      ? refuse(refusal('import.missing_field', { field: 'kind' }))
      : refuse(refusal('import.kind_unknown', { kind: kindText.slice(0, 40) }));
  }
  if (rawUserId === null) return refuse(refusal('import.user_id_invalid'));
  if (secret.trim() === '') return refuse(refusal('import.missing_field', { field: 'credential' }));
  let credential: CredentialInput;
  if (kind === 'password') {
    let password = secret;
    if (username === null) {
      const colon = secret.indexOf(':');
      if (colon <= 0) return refuse(refusal('import.missing_field', { field: 'username' }));
      username = secret.slice(0, colon).trim();
      password = secret.slice(colon + 1);
    }
    if (password === '') return refuse(refusal('import.missing_field', { field: 'credential' }));
    credential = { kind: 'password', username, password, remember: true };
  } else if (kind === 'access_token') {
    credential = { kind, accessToken: secret.trim(), ...(rawUserId === undefined ? {} : { userId: rawUserId }) };
  } else {
    credential = { kind, apiKey: secret.trim() };
  }
  const gated = gateRow({ ...base, kind }, rawUserId ?? null, username, credential);
  if (!gated.ok) return refuse(gated.error);
  return {
    ...base,
    name: gated.name,
    baseUrl: gated.baseUrl,
    apiUrl: gated.apiUrl,
    userId: rawUserId ?? null,
    username,
    credential,
    refusal: null,
  };
}
