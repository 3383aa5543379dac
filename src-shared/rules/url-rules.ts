// Base-address rules for an account: http(s) only, no credentials or query in the URL, no control characters, a
// bounded length, and the suffix users often paste (`/v1` on api_url, `/api` on base_url) removed, since the client
// appends those paths itself. The form checks them as the user types and main again before anything is saved; each
// side words the problem itself. An address is echoed back (a refused import row) only through addressForEcho.
import { echoText, hasControlCharacters } from './text-rules';

export type UrlProblem = 'empty' | 'format' | 'protocol' | 'credentials' | 'query' | 'tooLong' | 'characters';
export type UrlCheck =
  { readonly ok: true; readonly url: string } | { readonly ok: false; readonly problem: UrlProblem };

/** The suffix the client appends itself: `/api` to the base address, `/v1` to the API address. */
export type UrlSuffix = '/api' | '/v1';

/** The longest address main accepts (characters), across the bridge and in every record it stores. */
export const MAX_URL_CHARS = 2048;

/** http(s) only, no user or password, no ? or #, no control character; the suffix the client appends removed. */
export function checkBaseUrl(input: string, strip: UrlSuffix): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (text.length > MAX_URL_CHARS) return { ok: false, problem: 'tooLong' };
  // The URL parser drops tabs and line breaks silently: an address holding one is not what it looks like.
  if (hasControlCharacters(text)) return { ok: false, problem: 'characters' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'format' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: 'protocol' };
  if (url.username !== '' || url.password !== '') return { ok: false, problem: 'credentials' };
  if (url.search !== '' || url.hash !== '') return { ok: false, problem: 'query' };
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(strip)) path = path.slice(0, -strip.length).replace(/\/+$/, '');
  const normalised = `${url.origin}${path}`;
  return normalised.length > MAX_URL_CHARS ? { ok: false, problem: 'tooLong' } : { ok: true, url: normalised };
}

/** A base address ending in /v1 is almost always the API address pasted in the wrong field. */
export const looksLikeApiAddress = (input: string): boolean => /\/v1\/*$/i.test(input.trim());

/** How long an echoed address may be. */
export const MAX_ECHOED_URL = 200;

/**
 * An address as it may be shown back to the user when it came from a file: a user name and password before the
 * host (`user:pass@`) and anything after ? or # (often `?key=…`) are replaced by •••, control characters are drawn
 * visibly, and the whole is cut to MAX_ECHOED_URL characters. The secret never reaches the page.
 */
export function addressForEcho(input: string): string {
  let text = input.trim();
  // Query and fragment first (a @ inside them is not userinfo), then everything up to the last @ before them: a
  // password may hold / or \ and still be meant as one, so a path with an @ is masked too rather than risk it.
  text = text.replace(/[?#][\s\S]*$/, (rest) => `${rest.charAt(0)}•••`);
  text = /^[a-z][a-z0-9+.-]*:/i.test(text)
    ? text.replace(/^([a-z][a-z0-9+.-]*:)([^?#]*@)/i, (_m, scheme: string) => `${scheme}//•••@`)
    : text.replace(/^[^?#]*@/, '•••@');
  return echoText(text, MAX_ECHOED_URL);
}
