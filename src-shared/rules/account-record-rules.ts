// The one gate every account record passes before anything is written, wherever it comes from: typed (Add, Edit),
// imported, restored from a backup, or (later) synced. Label, address, kind, user, money and credential rules in one
// place; a refusal names the field and a reason the renderer words, never the refused value itself. Pure: main calls
// it, and so may any other side that wants to know before it asks.
import { ACCOUNT_KINDS, type AccountKind, type ErrorParams, type ErrorReason, type Thresholds } from '../contract';
import { checkLabel, MAX_LABEL } from './account-rules';
import { hasControlCharacters } from './text-rules';
import { checkBaseUrl, MAX_URL_CHARS, type UrlProblem, type UrlSuffix } from './url-rules';

/** Why a record (or one of its fields) was refused: the field, and a reason with its values. */
export interface RecordRefusal {
  readonly field: string;
  readonly reason: ErrorReason;
  readonly params?: ErrorParams;
}

export type Checked<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: RecordRefusal };

/** The account fields the gate decides on: what a record says about the account, nothing secret. */
export interface AccountFields {
  readonly label: string;
  readonly kind: AccountKind;
  readonly baseUrl: string;
  /** Empty: the same as the base address. */
  readonly apiUrl: string;
  readonly username: string | null;
  readonly userId: number | null;
  readonly keyHint: string | null;
  readonly yuanPerUsd: string | null;
  readonly thresholds: Thresholds;
}

export const MAX_USERNAME = 200;
/** A credential (password, access token, API key) in characters; the bridge takes no longer one. */
export const MAX_CREDENTIAL = 4096;
/** A saved login session (JSON with its cookies): larger than a credential, still bounded. */
export const MAX_SESSION = 64 * 1024;
const MAX_KEY_HINT = 64;

const URL_REASONS: Readonly<Record<UrlProblem, ErrorReason>> = {
  empty: 'address.empty',
  format: 'address.not_web',
  protocol: 'address.scheme',
  credentials: 'address.credentials',
  query: 'address.query',
  tooLong: 'address.too_long',
  characters: 'address.characters',
};

const refuse = (field: string, reason: ErrorReason, params?: ErrorParams): { ok: false; refusal: RecordRefusal } => ({
  ok: false,
  refusal: { field, reason, ...(params === undefined ? {} : { params }) },
});

export function checkRecordLabel(input: string): Checked<string> {
  const checked = checkLabel(input);
  if (checked.ok) return { ok: true, value: checked.label };
  return checked.problem === 'characters'
    ? refuse('label', 'input.label_characters')
    : refuse('label', 'input.label_length', { max: MAX_LABEL });
}

export function checkRecordUrl(input: string, strip: UrlSuffix, field: string): Checked<string> {
  const checked = checkBaseUrl(input, strip);
  if (checked.ok) return { ok: true, value: checked.url };
  return refuse(
    field,
    URL_REASONS[checked.problem],
    checked.problem === 'tooLong' ? { max: MAX_URL_CHARS } : undefined,
  );
}

/** Both addresses: an empty API address is the base address, as everywhere. */
export function checkRecordUrls(baseUrl: string, apiUrl: string): Checked<{ baseUrl: string; apiUrl: string }> {
  const base = checkRecordUrl(baseUrl, '/api', 'baseUrl');
  if (!base.ok) return base;
  if (apiUrl.trim() === '') return { ok: true, value: { baseUrl: base.value, apiUrl: base.value } };
  const api = checkRecordUrl(apiUrl, '/v1', 'apiUrl');
  return api.ok ? { ok: true, value: { baseUrl: base.value, apiUrl: api.value } } : api;
}

/** Text a credential or user name may be: 1..max characters, no control character, no lone surrogate. */
export const isCredentialText = (text: string, max: number): boolean =>
  text.length > 0 && text.length <= max && !hasControlCharacters(text);

const isUnits = (value: number | null): boolean => value === null || (Number.isSafeInteger(value) && value >= 0);

/** Every field of an account record, normalised (label trimmed, addresses without their suffix), or the first refusal. */
export function checkAccountFields(input: AccountFields): Checked<AccountFields> {
  if (!(ACCOUNT_KINDS as readonly string[]).includes(input.kind))
    return refuse('kind', 'record.invalid', { field: 'kind' });
  const label = checkRecordLabel(input.label);
  if (!label.ok) return label;
  const urls = checkRecordUrls(input.baseUrl, input.apiUrl);
  if (!urls.ok) return urls;
  if (input.username !== null && !isCredentialText(input.username, MAX_USERNAME)) {
    return refuse('username', 'record.invalid', { field: 'username' });
  }
  if (input.userId !== null && !(Number.isSafeInteger(input.userId) && input.userId > 0)) {
    return refuse('userId', 'record.invalid', { field: 'userId' });
  }
  if (input.keyHint !== null && !isCredentialText(input.keyHint, MAX_KEY_HINT)) {
    return refuse('keyHint', 'record.invalid', { field: 'keyHint' });
  }
  if (
    input.yuanPerUsd !== null &&
    !(/^\d{1,16}(?:\.\d{1,15})?$/.test(input.yuanPerUsd) && /[1-9]/.test(input.yuanPerUsd))
  ) {
    return refuse('yuanPerUsd', 'record.invalid', { field: 'yuanPerUsd' });
  }
  if (!isUnits(input.thresholds.warnUnits) || !isUnits(input.thresholds.criticalUnits)) {
    return refuse('thresholds', 'record.invalid', { field: 'thresholds' });
  }
  return { ok: true, value: { ...input, label: label.value, baseUrl: urls.value.baseUrl, apiUrl: urls.value.apiUrl } };
}

/** The names of the secrets each kind keeps; anything else in a record's credentials is refused, not carried. */
const SECRET_NAMES: Readonly<Record<AccountKind, readonly string[]>> = {
  password: ['password', 'session', 'accessToken'],
  access_token: ['accessToken'],
  api_key: ['apiKey'],
};

/**
 * A record's stored secrets, checked against its kind: only the names that kind keeps, each bounded text without
 * control characters (a session is JSON, so longer). The values are never named in a refusal.
 */
export function checkCredentialSecrets(
  kind: AccountKind,
  secrets: Readonly<Record<string, unknown>>,
): Checked<Readonly<Record<string, string>>> {
  const allowed = SECRET_NAMES[kind];
  const checked: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(secrets)) {
    const value = secrets[name];
    if (!allowed.includes(name) || typeof value !== 'string') return refuse('credential', 'record.credential');
    if (!isCredentialText(value, name === 'session' ? MAX_SESSION : MAX_CREDENTIAL)) {
      return refuse('credential', 'record.credential');
    }
    checked[name] = value;
  }
  const required = kind === 'access_token' ? 'accessToken' : kind === 'api_key' ? 'apiKey' : null;
  if (required !== null && checked[required] === undefined) return refuse('credential', 'record.credential');
  return { ok: true, value: checked };
}

/** Keydesk's own account ids (crypto.randomUUID): an id from a file is only a reference inside that file. */
export const ACCOUNT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const isKeydeskAccountId = (id: string): boolean => ACCOUNT_ID_PATTERN.test(id);
