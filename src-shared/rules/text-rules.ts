// Characters that no name, address or credential may hold, and how text that came from outside (a file, a server)
// is echoed safely: control characters drawn as visible symbols, never sent raw to a page or a terminal.

// C0 controls, DEL and C1 controls (U+0080–U+009F: a terminal may read U+009B as the start of an escape sequence).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
// Invisible characters that reorder or break the text around them: bidirectional marks, embeddings, overrides and
// isolates, and the line and paragraph separators. They let a name look like another on screen.
const REORDERING = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A control character (C0, DEL, C1), a reordering mark or a lone surrogate: refused in names and addresses. */
export const hasControlCharacters = (text: string): boolean =>
  CONTROL.test(text) || REORDERING.test(text) || LONE_SURROGATE.test(text);

const SHOWN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * The text with every character of the kinds above drawn visibly: C0 as its Unicode control picture (␛ for ESC),
 * DEL as ␡, the others as <U+XXXX>. What a terminal or a page shows of it can then neither move the cursor, set a
 * window's title, nor reorder what is around it.
 */
export function visibleControls(text: string): string {
  return text.replace(SHOWN, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x20) return String.fromCharCode(0x2400 + code);
    if (code === 0x7f) return '\u2421';
    return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
  });
}

/** Text from outside as it may be echoed: controls drawn visibly, then cut to `max` characters with an ellipsis. */
export function echoText(text: string, max: number): string {
  if (text.length <= max) return visibleControls(text);
  // Never half a surrogate pair at the cut.
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${visibleControls(text.slice(0, end))}…`;
}
