// Browser mode's credentials: the printed URL carries a one-time launch code in its fragment; the page swaps it
// (POST /bridge/session) for a session secret kept only in an HttpOnly, SameSite=Strict cookie and in this
// process's memory. A used code opens nothing, so a URL left in the browser's history or a log is worthless, and
// nothing a browser writes to disk outlives this launch.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { registerSecret } from '../log/redact';

export const SESSION_COOKIE = 'keydesk_session';
const SECRET = /^[0-9a-f]{64}$/;

/** Codes and sessions are credentials: the log redactor masks them wherever they might appear. */
const newSecret = (): string => {
  const secret = randomBytes(32).toString('hex');
  registerSecret(secret);
  return secret;
};

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class LaunchSessions {
  readonly #codes: string[] = [];
  readonly #sessions: string[] = [];

  /** A fresh one-time code (the first one is printed; a session holder may ask for another, e.g. the demo). */
  issueCode(code: string = newSecret()): string {
    registerSecret(code);
    this.#codes.push(code);
    return code;
  }

  /** Consumes `code` and answers a new session secret, or null when the code is unknown or already used. */
  exchange(code: unknown): string | null {
    if (typeof code !== 'string' || !SECRET.test(code)) return null;
    const index = this.#codes.findIndex((known) => sameSecret(code, known));
    if (index < 0) return null;
    this.#codes.splice(index, 1);
    const session = newSecret();
    this.#sessions.push(session);
    return session;
  }

  /** Whether the request's Cookie header carries a session of this launch. */
  hasSession(cookieHeader: string | undefined): boolean {
    const value = cookieValue(cookieHeader, SESSION_COOKIE);
    if (value === undefined || !SECRET.test(value)) return false;
    return this.#sessions.some((session) => sameSecret(value, session));
  }

  /** Set-Cookie for a session: no Max-Age (ends with the browser session), never readable by script. */
  static cookie(session: string): string {
    return `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`;
  }
}
