// The one Content-Security-Policy of the app, used by the Electron session and the browser-mode server alike
// (and mirrored in src-renderer/index.html, which a unit test keeps equal). connect-src never names a gateway:
// all gateway HTTP happens in main.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'", // Naive UI injects its styles at run time
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** As an HTTP header (browser mode) the policy can also forbid framing, which a meta tag cannot express. */
export const CONTENT_SECURITY_POLICY_HEADER = `${CONTENT_SECURITY_POLICY}; frame-ancestors 'none'`;
