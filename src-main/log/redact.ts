// Redaction for everything main logs: secret-named fields, bearer/basic credentials, sk-/nap_ keys, long opaque
// tokens, and every secret value the app has registered. Logging goes through here; nothing logs raw values.

const REDACTED = '[redacted]';

/** Field names whose values are always secret, whatever they hold. */
const SECRET_FIELD =
  /pass(word|phrase)?|secret|token|authorization|cookie|api[-_]?key|^key$|^keys$|credential|session|otp|code_verifier|2fa/i;

const SECRET_PATTERNS: readonly RegExp[] = [
  /\b(Bearer|Basic)\s+[^\s"',;]+/gi, // Authorization header values
  /\bsk-[A-Za-z0-9_*-]{6,}/g, // API keys with the sk- prefix (masked ones too: they still identify a key)
  /\bnap_[A-Za-z0-9_-]{6,}/g, // new-api system access tokens
  /\b[A-Za-z0-9_-]{32,}\b/g, // long opaque strings: raw keys (48 chars), tokens, hashes
];

const registered = new Set<string>();
// Shorter values would redact ordinary words; the vault only registers real credentials.
const MIN_REGISTERED_LENGTH = 4;

/** Registers a secret value (a password, a token, a full key) so that it is removed wherever it appears. */
export function registerSecret(value: string): void {
  if (value.length >= MIN_REGISTERED_LENGTH) registered.add(value);
}

/** For tests: forget registered secrets. */
export function clearRegisteredSecrets(): void {
  registered.clear();
}

const encodings = (secret: string): string[] => {
  const bytes = new TextEncoder().encode(secret);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const base64 = btoa(String.fromCharCode(...bytes));
  return [secret, encodeURIComponent(secret), hex, base64, base64.replace(/=+$/, '')];
};

export function redactString(text: string): string {
  let out = text;
  // Longest first so a secret that contains another is removed whole.
  for (const secret of [...registered].sort((a, b) => b.length - a.length)) {
    for (const form of encodings(secret)) {
      if (form.length >= MIN_REGISTERED_LENGTH) out = out.split(form).join(REDACTED);
    }
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (match, scheme: unknown) =>
      typeof scheme === 'string' && /^(bearer|basic)$/i.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** Returns a copy of value that is safe to log. Handles cycles, errors, maps, headers and deep objects. */
export function redact(value: unknown, seen = new WeakSet<object>(), depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' || typeof value === 'symbol' ? `[${typeof value}]` : value;
  }
  if (seen.has(value)) return '[circular]';
  if (depth > 8) return '[deep]';
  seen.add(value);
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: redactString(value.message) };
    if (value.stack) out.stack = redactString(value.stack);
    if (value.cause !== undefined) out.cause = redact(value.cause, seen, depth + 1);
    return out;
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, seen, depth + 1));
  const entries: Iterable<[unknown, unknown]> =
    value instanceof Map || (typeof Headers !== 'undefined' && value instanceof Headers)
      ? (value as Map<unknown, unknown>).entries()
      : Object.entries(value);
  const out: Record<string, unknown> = {};
  for (const [rawKey, item] of entries) {
    const key = redactString(String(rawKey));
    out[key] =
      SECRET_FIELD.test(String(rawKey)) && item !== null && item !== undefined && item !== ''
        ? REDACTED
        : redact(item, seen, depth + 1);
  }
  return out;
}
