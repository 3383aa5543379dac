// Opens a browser-mode bridge session as the page does: the one-time launch code for the session cookie. For
// tests and scripts that talk to the loopback server directly; answers the Cookie header to send.
export async function openBridgeSession(origin: string, code: string): Promise<string> {
  const response = await fetch(`${origin}/bridge/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ code }),
  });
  const [cookie] = response.headers.getSetCookie();
  if (response.status !== 200 || cookie === undefined) {
    throw new Error(`launch code refused: HTTP ${response.status} ${await response.text()}`);
  }
  return cookie.split(';')[0] ?? '';
}

/** The launch code in a printed Keydesk URL (`…/#code=<64 hex>`). */
export const launchCodeOf = (url: string): string => /[#&]code=([0-9a-f]{64})/.exec(url)?.[1] ?? '';
