// Text a gateway wrote that Keydesk will show (error messages, a 404 page): cut to a readable length and stripped
// of control characters, lone surrogates and direction overrides, in one place before it becomes an AppError.

/** Long enough for any real error sentence; a 20 MB "message" is a fault, not something to carry. */
export const MAX_SERVER_TEXT = 500;

// C0/C1 controls (newlines and tabs become spaces first), and bidi overrides that can make text read backwards.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function cleanServerText(text: string, max: number = MAX_SERVER_TEXT): string {
  // Cut before the regexes so a huge input costs no more than a small one; a little slack for what they remove.
  const head = text.length > max * 2 ? text.slice(0, max * 2) : text;
  const clean = head
    .replace(/[\t\n\r]+/g, ' ')
    .replace(CONTROL, '')
    .replace(LONE_SURROGATE, '')
    .trim();
  if (clean.length <= max && head.length === text.length) return clean;
  // Never split a surrogate pair at the cut.
  let end = Math.min(max, clean.length);
  if (end > 0 && /[\ud800-\udbff]/.test(clean.charAt(end - 1))) end--;
  return `${clean.slice(0, end)}…`;
}
