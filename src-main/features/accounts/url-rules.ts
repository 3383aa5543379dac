// Base-address rules for an account: http(s) only, no credentials or query in the URL, and the suffix users often
// paste (`/v1` on api_url, `/api` on base_url) removed, since the client appends those paths itself.

export type UrlCheck = { readonly ok: true; readonly url: string } | { readonly ok: false; readonly reason: string };

export function normaliseBaseUrl(input: string, strip: '/v1' | '/api'): UrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter the address, for example https://gateway.example.com' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Not a web address: it must start with https:// (or http://)' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'Only http:// and https:// addresses are supported' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'Leave the user name and password out of the address' };
  }
  if (url.search !== '' || url.hash !== '') return { ok: false, reason: 'Leave ? and # parts out of the address' };
  let path = url.pathname.replace(/\/+$/, '');
  if (path.toLowerCase().endsWith(strip)) path = path.slice(0, -strip.length).replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}
