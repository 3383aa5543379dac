// The account form's rules, without Vue: the URL and label rules main applies too (src-shared/rules, one copy for
// both sides), thresholds typed in the account's currency and converted to units, the user's yuan rate, and the
// draft or patch the form sends. Main checks everything again; this only answers sooner.
import type {
  AccountDraft,
  AccountKind,
  AccountPatch,
  AccountView,
  CredentialInput,
  SiteMoney,
  Thresholds,
} from '../../../src-shared/contract';
import { checkLabel, isUserIdText } from '../../../src-shared/rules/account-rules';
import { checkBaseUrl, type UrlProblem } from '../../../src-shared/rules/url-rules';
import { DEFAULT_UNITS, parseAmountToUnits, parsePositiveRate, unitsToDecimalString } from '../../../src-shared/units';

export { MAX_LABEL } from '../../../src-shared/rules/account-rules';
export { checkBaseUrl as checkUrl, looksLikeApiAddress } from '../../../src-shared/rules/url-rules';
export type { UrlCheck, UrlProblem } from '../../../src-shared/rules/url-rules';

export type AmountProblem = 'format' | 'precision' | 'range' | 'negative';
export type AmountCheck =
  { readonly ok: true; readonly units: number | null } | { readonly ok: false; readonly problem: AmountProblem };

/** A threshold typed in the account's currency: empty = none; otherwise units (rounded only where a rate forces it). */
export function parseThreshold(input: string, site: SiteMoney = DEFAULT_UNITS): AmountCheck {
  const text = input.trim();
  if (text === '') return { ok: true, units: null };
  const parsed = parseAmountToUnits(text, site);
  if (!parsed.ok) return { ok: false, problem: parsed.reason };
  if (parsed.units < 0) return { ok: false, problem: 'negative' };
  return { ok: true, units: parsed.units };
}

export const thresholdText = (value: number | null, site: SiteMoney = DEFAULT_UNITS): string =>
  value === null ? '' : unitsToDecimalString(value, site);

/** The user's yuan rate (yuan per US$ of quota): empty = the site's price; otherwise any positive decimal. */
export function parseYuanRate(
  input: string,
): { readonly ok: true; readonly rate: string | null } | { readonly ok: false } {
  const text = input.trim();
  if (text === '') return { ok: true, rate: null };
  const rate = parsePositiveRate(text);
  return rate === undefined ? { ok: false } : { ok: true, rate };
}

export interface AccountForm {
  kind: AccountKind;
  label: string;
  baseUrl: string;
  apiUrl: string;
  username: string;
  password: string;
  remember: boolean;
  accessToken: string;
  /** Edit only: a new access token that replaces the account's (empty = keep it). */
  newAccessToken: string;
  /** The access token's expiry as the console shows it, epoch ms; null = not given (no site tells it). */
  tokenExpiresAt: number | null;
  userId: string;
  apiKey: string;
  warn: string;
  critical: string;
  /** Yuan per US$ of quota; empty = the site's own price. */
  yuanRate: string;
}

export type FormField = keyof AccountForm;
export type FormProblem =
  | 'required'
  | 'labelTooLong'
  | 'labelCharacters'
  | 'criticalAboveWarn'
  | 'userId'
  | 'yuanRate'
  | 'tokenExpiryPast'
  | `url.${UrlProblem}`
  | `amount.${AmountProblem}`;
export type FormErrors = Partial<Record<FormField, FormProblem>>;

export function emptyForm(kind: AccountKind = 'password'): AccountForm {
  return {
    kind,
    label: '',
    baseUrl: '',
    apiUrl: '',
    username: '',
    password: '',
    remember: true,
    accessToken: '',
    newAccessToken: '',
    tokenExpiresAt: null,
    userId: '',
    apiKey: '',
    warn: '',
    critical: '',
    yuanRate: '',
  };
}

/** The form for editing an account: no credential (that is re-entered separately), API URL blank when the same. */
export function formFromAccount(account: AccountView): AccountForm {
  return {
    ...emptyForm(account.kind),
    label: account.label,
    baseUrl: account.baseUrl,
    apiUrl: account.apiUrl === account.baseUrl ? '' : account.apiUrl,
    username: account.username ?? '',
    remember: account.isPasswordRemembered,
    warn: thresholdText(account.thresholds.warnUnits, account.money.site),
    critical: thresholdText(account.thresholds.criticalUnits, account.money.site),
    yuanRate: account.yuanPerUsd ?? '',
    tokenExpiresAt: account.accessTokenExpiresAt === null ? null : account.accessTokenExpiresAt * 1000,
  };
}

/**
 * A scoped token of new-api v1.0.0-rc.41 and later (`nap_…`), an older one, or nothing typed yet: told from the text
 * alone, so the form can say what each means without asking the site anything.
 */
export function tokenStyle(token: string): 'scoped' | 'legacy' | null {
  const text = token.trim();
  return text === '' ? null : text.startsWith('nap_') ? 'scoped' : 'legacy';
}

/** The expiry to send (Unix seconds), or the problem: a date already past would only be refused. */
function tokenExpiryOf(form: AccountForm, errors: FormErrors, nowMs: number): number | null {
  if (form.tokenExpiresAt === null) return null;
  if (form.tokenExpiresAt <= nowMs) errors.tokenExpiresAt = 'tokenExpiryPast';
  return Math.floor(form.tokenExpiresAt / 1000);
}

/**
 * The warn and critical amounts as typed, in the site's currency: units, or the field problems (critical above warn
 * is the critical field's). Shared by the account form and the thresholds-only dialog.
 */
export function checkThresholds(
  warnText: string,
  criticalText: string,
  site: SiteMoney,
): { readonly thresholds: Thresholds; readonly errors: Pick<FormErrors, 'warn' | 'critical'> } {
  const errors: Pick<FormErrors, 'warn' | 'critical'> = {};
  const warn = parseThreshold(warnText, site);
  const critical = parseThreshold(criticalText, site);
  if (!warn.ok) errors.warn = `amount.${warn.problem}`;
  if (!critical.ok) errors.critical = `amount.${critical.problem}`;
  const warnUnits = warn.ok ? warn.units : null;
  const criticalUnits = critical.ok ? critical.units : null;
  if (warnUnits !== null && criticalUnits !== null && criticalUnits > warnUnits) errors.critical = 'criticalAboveWarn';
  return { thresholds: { warnUnits, criticalUnits }, errors };
}

interface Checked {
  readonly errors: FormErrors;
  readonly label: string;
  readonly baseUrl: string;
  readonly apiUrl: string;
  readonly thresholds: Thresholds;
  readonly yuanPerUsd: string | null;
}

function checkCommon(form: AccountForm, site: SiteMoney): Checked {
  const errors: FormErrors = {};
  const labelCheck = checkLabel(form.label);
  if (!labelCheck.ok) {
    errors.label =
      labelCheck.problem === 'required'
        ? 'required'
        : labelCheck.problem === 'tooLong'
          ? 'labelTooLong'
          : 'labelCharacters';
  }
  const label = labelCheck.ok ? labelCheck.label : form.label.trim();

  const base = checkBaseUrl(form.baseUrl, '/api');
  if (!base.ok) errors.baseUrl = base.problem === 'empty' ? 'required' : `url.${base.problem}`;
  const api = form.apiUrl.trim() === '' ? base : checkBaseUrl(form.apiUrl, '/v1');
  if (!api.ok && form.apiUrl.trim() !== '') errors.apiUrl = `url.${api.problem}`;

  const { thresholds, errors: thresholdErrors } = checkThresholds(form.warn, form.critical, site);
  Object.assign(errors, thresholdErrors);
  const rate = parseYuanRate(form.yuanRate);
  if (!rate.ok) errors.yuanRate = 'yuanRate';

  return {
    errors,
    label,
    baseUrl: base.ok ? base.url : '',
    apiUrl: api.ok ? api.url : '',
    thresholds,
    yuanPerUsd: rate.ok ? rate.rate : null,
  };
}

function credentialOf(form: AccountForm, errors: FormErrors, nowMs: number): CredentialInput | null {
  switch (form.kind) {
    case 'password':
      if (form.username.trim() === '') errors.username = 'required';
      if (form.password === '') errors.password = 'required';
      return { kind: 'password', username: form.username.trim(), password: form.password, remember: form.remember };
    case 'access_token': {
      if (form.accessToken.trim() === '') errors.accessToken = 'required';
      const userId = form.userId.trim();
      if (userId !== '' && !isUserIdText(userId)) errors.userId = 'userId';
      const expiresAt = tokenExpiryOf(form, errors, nowMs);
      return {
        kind: 'access_token',
        accessToken: form.accessToken.trim(),
        ...(userId === '' || errors.userId ? {} : { userId: Number(userId) }),
        ...(expiresAt === null ? {} : { expiresAt }),
      };
    }
    case 'api_key':
      if (form.apiKey.trim() === '') errors.apiKey = 'required';
      return { kind: 'api_key', apiKey: form.apiKey.trim() };
  }
}

/** The draft to test or add, or the problems to mark. */
export function draftFromForm(
  form: AccountForm,
  nowMs: number = Date.now(),
): { readonly ok: true; readonly draft: AccountDraft } | { readonly ok: false; readonly errors: FormErrors } {
  // A new account's site is not read yet: thresholds are in units ÷ 500,000 (US$ on a default new-api site).
  const common = checkCommon(form, DEFAULT_UNITS);
  const errors: FormErrors = { ...common.errors };
  const credential = credentialOf(form, errors, nowMs);
  if (Object.keys(errors).length > 0 || credential === null) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      label: common.label,
      baseUrl: common.baseUrl,
      // Empty means "same as the base address"; main applies the same rule.
      apiUrl: form.apiUrl.trim() === '' ? '' : common.apiUrl,
      credential,
      thresholds: common.thresholds,
      ...(common.yuanPerUsd === null ? {} : { yuanPerUsd: common.yuanPerUsd }),
    },
  };
}

/**
 * The changes an edit makes, or the problems to mark. An emptied API URL becomes the base address again. An
 * access-token account may get a new token here (`credential`, verified by main before anything is kept) with its
 * expiry, or only a corrected expiry for the token it has.
 */
export function patchFromForm(
  form: AccountForm,
  account: AccountView,
  nowMs: number = Date.now(),
):
  | { readonly ok: true; readonly patch: AccountPatch; readonly credential: CredentialInput | null }
  | { readonly ok: false; readonly errors: FormErrors } {
  const common = checkCommon(form, account.money.site);
  const errors: FormErrors = { ...common.errors };
  const isToken = account.kind === 'access_token';
  const expiresAt = isToken ? tokenExpiryOf(form, errors, nowMs) : null;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const patch: {
    label?: string;
    baseUrl?: string;
    apiUrl?: string;
    thresholds?: Thresholds;
    yuanPerUsd?: string | null;
    accessTokenExpiresAt?: number | null;
  } = {};
  if (common.label !== account.label) patch.label = common.label;
  if (common.baseUrl !== account.baseUrl) patch.baseUrl = common.baseUrl;
  if (common.apiUrl !== account.apiUrl) patch.apiUrl = common.apiUrl;
  if (
    common.thresholds.warnUnits !== account.thresholds.warnUnits ||
    common.thresholds.criticalUnits !== account.thresholds.criticalUnits
  ) {
    patch.thresholds = common.thresholds;
  }
  if (common.yuanPerUsd !== account.yuanPerUsd) patch.yuanPerUsd = common.yuanPerUsd;
  const newToken = isToken ? form.newAccessToken.trim() : '';
  if (newToken === '' && isToken && expiresAt !== account.accessTokenExpiresAt) patch.accessTokenExpiresAt = expiresAt;
  const credential: CredentialInput | null =
    newToken === '' ? null : { kind: 'access_token', accessToken: newToken, expiresAt };
  return { ok: true, patch, credential };
}
