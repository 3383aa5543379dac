// How accounts look wherever they are listed: the icon of each credential kind and the colour of each state.
import type {
  AccountKind,
  AccountState,
  AccountView,
  AppError,
  ErrorCode,
  SignInOutcome,
} from '../../../src-shared/contract';
import { errorSentence, joinSentences, reasonOf } from './error-text';
import type { IconName } from './icon-shapes';

export const KIND_ICONS: Readonly<Record<AccountKind, IconName>> = {
  password: 'user',
  access_token: 'shield',
  api_key: 'key',
};

/**
 * The state an account is shown in: its sign-in state, or `no_response` when the credential is fine but the site's
 * last balance check got no answer (refused, timed out, a 5xx or an error page). "Connected" beside "Could not
 * connect" would contradict itself.
 */
export type ShownState = AccountState | 'no_response';

const NO_RESPONSE: ReadonlySet<ErrorCode> = new Set(['network', 'timeout', 'server']);

export function shownState(account: Pick<AccountView, 'state'>, balanceError: AppError | null | undefined): ShownState {
  return account.state === 'ok' && balanceError != null && NO_RESPONSE.has(balanceError.code)
    ? 'no_response'
    : account.state;
}

/** Naive UI tag types per state; the state is always written out too (colour is never the only signal). */
export const STATE_TAG_TYPES: Readonly<Record<ShownState, 'success' | 'info' | 'warning' | 'error'>> = {
  ok: 'success',
  no_response: 'warning',
  signing_in: 'info',
  needs_sign_in: 'warning',
  locked: 'warning',
  error: 'error',
};

/** The words of a shown state: an access-token account that needs a credential needs a new token, not a sign-in. */
export const stateLabelKey = (account: Pick<AccountView, 'kind'>, shown: ShownState): string =>
  account.kind === 'access_token' && shown === 'needs_sign_in'
    ? 'accounts.states.needs_token'
    : `accounts.states.${shown}`;

/**
 * Why an access-token account needs a new token, when the site said so (retired, expired, unknown): shown in full
 * where the account is listed, since the fix is the user's to make in the site's console.
 */
export const tokenRefusal = (account: Pick<AccountView, 'kind' | 'state' | 'stateError'>): AppError | null =>
  account.kind === 'access_token' && account.state === 'needs_sign_in' ? account.stateError : null;

/** States in which the user has to enter something before the account works again. */
export const needsCredential = (state: AccountState): boolean =>
  state === 'needs_sign_in' || state === 'locked' || state === 'error';

/**
 * Failures that signing in again (or entering the credential again) fixes: the sign-in ended or was refused, or the
 * remembered password's renewal stopped at a second factor only the user can answer.
 */
const FIXED_BY_SIGN_IN: ReadonlySet<ErrorCode> = new Set([
  'auth.needs_sign_in',
  'auth.token_retired',
  'auth.token_expired',
  'auth.second_factor',
  'auth.expired',
  'auth.session_revoked',
  'auth.unauthorized',
  'vault.locked',
]);
export const fixedBySignIn = (error: Pick<AppError, 'code'>): boolean => FIXED_BY_SIGN_IN.has(error.code);

/**
 * A credential sealed with the vault's passphrase while the vault is locked (after a start, until unlocked): the fix is
 * the passphrase, not the credential typed again.
 */
export const waitsForPassphrase = (error: Pick<AppError, 'code' | 'reason'> | null): boolean =>
  error?.code === 'vault.locked' && error.reason === 'vault.passphrase_not_entered';

/**
 * The words of the button that gives an account its credential again: Unlock vault (a credential waiting for the
 * passphrase), Sign in (a password), else Enter credential.
 */
export const signInActionKey = (account: Pick<AccountView, 'kind' | 'stateError'>): string =>
  waitsForPassphrase(account.stateError)
    ? 'vault.unlockAction'
    : account.kind === 'password'
      ? 'accounts.actions.signIn'
      : 'accounts.actions.reenter';

/** A second-factor step the gateway asked for during a sign-in. */
export type Challenge = Extract<SignInOutcome, { status: 'second_factor' }>;

/**
 * The sentence under an account's state: what the state means, then why in our words (a session cap says where to
 * sign other devices out), then the gateway's own words as a quoted detail.
 */
export function stateHint(
  t: (key: string, named?: Record<string, unknown>) => string,
  account: Pick<AccountView, 'state' | 'stateError'> & Partial<Pick<AccountView, 'kind'>>,
  te: (key: string) => boolean = () => false,
  balanceError?: AppError | null,
): string {
  if (shownState(account, balanceError) === 'no_response' && balanceError) {
    return joinSentences([t('accounts.stateHints.no_response'), errorSentence(t, te, balanceError)]);
  }
  // An access token the site stopped taking is no sign-in to repeat: the hint says the token no longer works.
  const isToken = account.kind === 'access_token' && account.state === 'needs_sign_in';
  const parts = [t(isToken ? 'accounts.stateHints.needs_token' : `accounts.stateHints.${account.state}`)];
  const error = account.stateError;
  // auth.needs_sign_in says nothing the state's own hint does not.
  if (error && error.code !== 'auth.needs_sign_in') {
    parts.push(t(`errors.${error.code}`), t(`remedies.${error.code}`));
  }
  const reason = error ? reasonOf(t, te, error) : null;
  if (reason !== null) parts.push(reason);
  if (error?.serverMessage) parts.push(`“${error.serverMessage}”`);
  return joinSentences(parts);
}
