// The sync folder's address: https, or plain http only to this machine (a server the tests start, or a local
// proxy), without credentials, query or fragment in it; kept with a trailing slash (a folder). The setup form checks
// it as the user types and main again before any request; unlike an account's base address, no suffix is removed.
const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function checkSyncUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  const isAllowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!isAllowed) return null;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}
