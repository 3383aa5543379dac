// The error → sentence code of the renderer: an AppError's code and reason, worded in the user's language with the
// values main sent. Main never sends a sentence; the gateway's own words (serverMessage) are shown apart, quoted.
import type { AppError, ErrorParams, VaultNote } from '../../../src-shared/contract';

type Translate = (key: string, named?: Record<string, unknown>) => string;
type Has = (key: string) => boolean;

/**
 * Params as the sentence shows them: a field name is worded too (`keyword` → "name pattern"), and a token's scope
 * comes with what Keydesk does with it (`api_key:reveal` → "showing, copying and exporting whole keys").
 */
function wordedParams(t: Translate, te: Has, params: ErrorParams | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { ...params };
  const field = params?.field;
  if (typeof field === 'string' && te(`errorReasons.fields.${field}`)) out.field = t(`errorReasons.fields.${field}`);
  const scope = params?.scope;
  if (typeof scope === 'string') out.use = t(scopeUseKey(te, scope));
  return out;
}

/** The message naming what a scope is for; "this" for a scope Keydesk does not use. */
export const scopeUseKey = (te: Has, scope: string): string => {
  const key = `scopeUses.${scope.replace(/[^a-z]+/g, '_')}`;
  return te(key) ? key : 'scopeUses.other';
};

/** Keydesk's own limits, as opposed to the site's: a wait they cause is Keydesk's doing and is said so. */
const KEYDESK_LIMITS: ReadonlySet<AppError['reason']> = new Set(['rate.local_budget', 'rate.search_budget']);

/** Whether Keydesk itself held the request back for its share of the site's limit (not the site refusing it). */
export const isKeydeskLimit = (error: Pick<AppError, 'code' | 'reason'>): boolean =>
  error.code === 'rate_limited' && KEYDESK_LIMITS.has(error.reason);

/** The sentence of the error's code ("The gateway is limiting requests" only when it is the gateway doing it). */
export const headlineOf = (t: Translate, error: Pick<AppError, 'code' | 'reason'>): string =>
  isKeydeskLimit(error) ? t('rateWait.heldByKeydesk') : t(`errors.${error.code}`);

/**
 * Reasons whose sentence names a field ("The value of “name” was not accepted."). Where main named none, or one the
 * user would not recognise (a path inside a request), that sentence would show an empty or a technical name.
 */
const NAMING_FIELD: ReadonlySet<AppError['reason']> = new Set(['input.invalid', 'input.too_short', 'input.too_long']);

type ValidationLike = Pick<AppError, 'code' | 'reason' | 'params'> & { readonly field?: string };

/** The field a validation error is about (in params, or beside them as AppError.field), when we have words for it. */
const wordedField = (te: Has, error: Pick<ValidationLike, 'params' | 'field'>): string | null => {
  const field = error.params?.field ?? error.field;
  return typeof field === 'string' && te(`errorReasons.fields.${field}`) ? field : null;
};

/** A validation error that names no field the user could find: its sentences say "a value", its remedy no field. */
export const isUnnamedValidation = (te: Has, error: ValidationLike): boolean =>
  error.code === 'validation' &&
  (error.reason === undefined || NAMING_FIELD.has(error.reason)) &&
  wordedField(te, error) === null;

/** Our more precise sentence (AppError.reason), or null when the code says it all. */
export function reasonOf(
  t: Translate,
  te: Has,
  error: Pick<AppError, 'reason' | 'params'> & { readonly field?: string },
): string | null {
  if (error.reason === undefined || !te(`errorReasons.${error.reason}`)) return null;
  if (NAMING_FIELD.has(error.reason)) {
    const field = wordedField(te, error);
    const params: ErrorParams = { ...error.params, ...(field === null ? {} : { field }) };
    if (field !== null) return t(`errorReasons.${error.reason}`, wordedParams(t, te, params));
    // Without a field: a limit is still worth saying ("a value needs at least 10 characters"); "a value was not
    // accepted" says no more than the code's own sentence.
    const hasLimit = params.min !== undefined || params.max !== undefined;
    return error.reason === 'input.invalid' || !hasLimit
      ? null
      : t(`errorReasons.unnamed.${error.reason.slice('input.'.length)}`, params);
  }
  return t(`errorReasons.${error.reason}`, wordedParams(t, te, error.params));
}

/** Sentences in a row: a space after English punctuation, none after Chinese (。：) which carries its own. */
export const joinSentences = (parts: readonly string[]): string =>
  parts.reduce(
    (line, part) => (line === '' ? part : /[\u3000-\u303f\uff00-\uffef]$/.test(line) ? line + part : `${line} ${part}`),
    '',
  );

/** One line for a toast or a tooltip: the code's sentence, then the reason's, in the user's language. */
export function errorSentence(t: Translate, te: Has, error: AppError): string {
  const reason = reasonOf(t, te, error);
  return reason === null ? headlineOf(t, error) : joinSentences([headlineOf(t, error), reason]);
}

/** One vault note in words; the system's own words (a D-Bus error) are left to the caller to quote. */
export const vaultNoteText = (t: Translate, note: VaultNote): string => t(`vaultNotes.${note.note}`);
