// One quoting helper per format a hand-off writes: every value a snippet holds (a key, an address, a model id a
// server named, an account's label) goes through the helper of the file's format, never through ad-hoc quotes.
// Each answers the value written so that its reader reads back exactly the value, or null when the format cannot
// carry it so (the snippet is then refused, never written with the value bent).

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A `.env` value: single-quoted, which every dotenv reader (the shell's `.`, Node's dotenv, python-dotenv, Docker
 * Compose) reads literally — no `$`, backtick or `\` expansion. No reader agrees on an escape inside single quotes, so a
 * value holding `'`, `\` (python-dotenv reads `\'` and `\\` there), a line break or another control character cannot
 * be written so that each reads it back: null.
 */
export function dotenvValue(value: string): string | null {
  if (value.includes("'") || value.includes('\\') || CONTROL.test(value) || LONE_SURROGATE.test(value)) return null;
  return `'${value}'`;
}

/** A `.env` variable name as shells and dotenv readers accept it. */
export const isEnvName = (name: string): boolean => /^[A-Z_][A-Z0-9_]*$/.test(name);

/**
 * One POSIX shell word: single quotes, inside which nothing is expanded; a `'` closes, is escaped, and reopens. A NUL
 * cannot be in a shell argument at all: null.
 */
export function shellWord(value: string): string | null {
  if (value.includes('\u0000')) return null;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * A PowerShell verbatim string: single quotes, nothing expanded; a quote is doubled. PowerShell also takes the
 * typographic single quotes (U+2018, U+2019, U+201A, U+201B) as quotes, so they are doubled too.
 */
export function powershellString(value: string): string | null {
  if (value.includes('\u0000')) return null;
  return `'${value.replace(/['\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;
}

/** A JSON string (also a JavaScript and TypeScript string literal): JSON.stringify, with U+2028/2029 escaped too. */
export function jsonString(value: string): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A Python string literal: the JSON form reads back the same in Python 3 (its escapes are Python's). */
export const pythonString = jsonString;

/**
 * A TOML basic string: `"` and `\` escaped, control characters (DEL included, which TOML does not allow raw) as
 * \uXXXX. TOML's \u takes only a Unicode scalar value: a lone surrogate cannot be written, null.
 */
export function tomlString(value: string): string | null {
  if (LONE_SURROGATE.test(value)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
  const body = value.replace(/["\\\u0000-\u001f\u007f]/g, (c) =>
    c === '"' ? '\\"' : c === '\\' ? '\\\\' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`,
  );
  return `"${body}"`;
}

/** A TOML bare key, or the key quoted when it is not one. */
export const tomlKey = (key: string): string | null => (/^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key));
