// Rules for an account's own fields that the form and main both check: the label the user gives it, a user id typed
// as text. Each side words the problem itself (the form through i18n, main in its validation error).
import { hasControlCharacters } from './text-rules';

/** The longest account label, in characters once trimmed. */
export const MAX_LABEL = 60;

export type LabelProblem = 'required' | 'tooLong' | 'characters';
export type LabelCheck =
  { readonly ok: true; readonly label: string } | { readonly ok: false; readonly problem: LabelProblem };

/**
 * The label as it is stored (trimmed), or why it cannot be. Control characters are refused: a label is printed in a
 * terminal by `keydesk status`, where an escape sequence could clear the screen or set the window's title.
 */
export function checkLabel(input: string): LabelCheck {
  const label = input.trim();
  if (label === '') return { ok: false, problem: 'required' };
  if (label.length > MAX_LABEL) return { ok: false, problem: 'tooLong' };
  if (hasControlCharacters(label)) return { ok: false, problem: 'characters' };
  return { ok: true, label };
}

/** A gateway's id (a user's, a key's) typed or read as text: a positive whole number of at most 16 digits, no sign, no leading zero. */
export const isGatewayIdText = (text: string): boolean => /^[1-9][0-9]{0,15}$/.test(text);
/** A user id typed or read as text (the gateway's id rule). */
export const isUserIdText = isGatewayIdText;
