// Base-address rules for an account: http(s) only, no credentials or query in the URL, and the suffix users often
// paste (`/v1` on api_url, `/api` on base_url) removed, since the client appends those paths itself. The form
// checks them as the user types and main again before anything is saved; each side words the problem itself.

export type UrlProblem = 'empty' | 'format' | 'protocol' | 'credentials' | 'query';
export type UrlCheck =
  { readonly ok: true; readonly url: string } | { readonly ok: false; readonly problem: UrlProblem };

/** The suffix the client appends itself: `/api` to the base address, `/v1` to the API address. */
export type UrlSuffix = '/api' | '/v1';

/** http(s) only, no user or password, no ? or #; the suffix the client appends itself removed. */
export function checkBaseUrl(input: string, strip: UrlSuffix): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
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
  return { ok: true, url: `${url.origin}${path}` };
}

/** A base address ending in /v1 is almost always the API address pasted in the wrong field. */
export const looksLikeApiAddress = (input: string): boolean => /\/v1\/*$/i.test(input.trim());

/** The longest address main accepts across the bridge (characters). */
export const MAX_URL_CHARS = 2048;
