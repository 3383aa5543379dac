// Base-address rules for an account: http(s) only, no credentials or query in the URL, and the suffix users often
// paste (`/v1` on api_url, `/api` on base_url) removed, since the client appends those paths itself.
import type { ErrorReason } from '../../../src-shared/contract';

/** A refusal names its reason; the renderer words it. */
export type UrlCheck =
  | { readonly ok: true; readonly url: string }
  | { readonly ok: false; readonly reason: ErrorReason & `address.${string}` };

export function normaliseBaseUrl(input: string, strip: '/v1' | '/api'): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'address.empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'address.not_web' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'address.scheme' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'address.credentials' };
  }
  if (url.search !== '' || url.hash !== '') return { ok: false, reason: 'address.query' };
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(strip)) path = path.slice(0, -strip.length).replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}
