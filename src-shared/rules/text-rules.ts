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

// One code point of the kinds above (a lone surrogate is a code point of its own when a string is iterated).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const SHOWN = /^[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]$/u;
const NAMED_ESCAPES: ReadonlyMap<string, string> = new Map([
  ['\n', '\\n'],
  ['\t', '\\t'],
  ['\r', '\\r'],
]);
/** What follows a backslash in an escape: a text's own backslash before one of these is doubled. */
const ESCAPE_START = /^[\\ntru]$/;

/**
 * The text with every character of the kinds above written as an escape in plain ASCII: `\n`, `\t`, `\r`, and
 * `\u{1B}` (its code point in hex) for the others. What a terminal or a page shows of it can then neither move the
 * cursor, set a window's title, nor reorder what is around it, in any font (the Unicode control pictures, ␛ and ␤,
 * are in none of the fonts Keydesk's machines install). A backslash that would read as the start of an escape is
 * doubled, so echoParts tells the text's own backslashes from the escapes.
 */
export function visibleControls(text: string): string {
  // By code point: a surrogate pair is one character, a lone surrogate one of its own.
  const points = Array.from(text);
  return points
    .map((c, i) => {
      if (c === '\\') {
        const next = points[i + 1] ?? '';
        return ESCAPE_START.test(next) || SHOWN.test(next) ? '\\\\' : '\\';
      }
      if (!SHOWN.test(c)) return c;
      return NAMED_ESCAPES.get(c) ?? `\\u{${c.charCodeAt(0).toString(16).toUpperCase()}}`;
    })
    .join('');
}

/** A piece of echoed text: the text's own characters, or one escape visibleControls wrote for a control character. */
export interface EchoPart {
  readonly text: string;
  readonly isEscape: boolean;
}

/** Echoed text in pieces, for a page to set the escapes apart (a monospace span); `\\` reads back as one `\`. */
export function echoParts(echoed: string): EchoPart[] {
  const parts: EchoPart[] = [];
  const plain = (text: string) => {
    const last = parts.at(-1);
    if (last !== undefined && !last.isEscape) parts[parts.length - 1] = { text: last.text + text, isEscape: false };
    else if (text !== '') parts.push({ text, isEscape: false });
  };
  let at = 0;
  for (const match of echoed.matchAll(/\\(?:\\|[ntr]|u\{[0-9A-F]{1,6}\})/g)) {
    plain(echoed.slice(at, match.index));
    if (match[0] === '\\\\') plain('\\');
    else parts.push({ text: match[0], isEscape: true });
    at = match.index + match[0].length;
  }
  plain(echoed.slice(at));
  return parts;
}

/** Text from outside as it may be echoed: controls drawn visibly, then cut to `max` characters with an ellipsis. */
export function echoText(text: string, max: number): string {
  if (text.length <= max) return visibleControls(text);
  // Never half a surrogate pair at the cut.
  const end = /[\ud800-\udbff]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return `${visibleControls(text.slice(0, end))}…`;
}

/**
 * Text from outside kept as a name (an MCP client's, in a record): control and reordering characters and lone
 * surrogates dropped, runs of white space made one space, cut to `max` characters (never half a surrogate pair).
 */
export function plainName(text: string, max: number): string {
  const kept = Array.from(text)
    .map((c) => (SHOWN.test(c) && !/^[\t\n\r]$/.test(c) ? '' : c))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim();
  return Array.from(kept).slice(0, max).join('').trim();
}
