// Rules for an account's own fields that the form and main both check: the label the user gives it. Each side words
// the problem itself (the form through i18n, main in its validation error).

/** The longest account label, in characters once trimmed. */
export const MAX_LABEL = 60;

export type LabelProblem = 'required' | 'tooLong';
export type LabelCheck =
  { readonly ok: true; readonly label: string } | { readonly ok: false; readonly problem: LabelProblem };

/** The label as it is stored (trimmed), or why it cannot be. */
export function checkLabel(input: string): LabelCheck {
  const label = input.trim();
  if (label === '') return { ok: false, problem: 'required' };
  if (label.length > MAX_LABEL) return { ok: false, problem: 'tooLong' };
  return { ok: true, label };
}
