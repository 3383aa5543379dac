// The cookie jar of one management session: the `session` cookie of older new-api and one-api logins and current
// new-api's rotating `new_api_refresh` cookie. Kept in memory, exported as a string the vault encrypts.
import { CookieJar } from 'tough-cookie';
import { registerSecret } from '../log/redact';
import type { CookieCarrier } from './request';

/** new-api's refresh cookie (Path=/api/user/auth), replaced by a new one on every refresh. */
export const REFRESH_COOKIE = 'new_api_refresh';

export class SessionCookies implements CookieCarrier {
  readonly #jar: CookieJar;
  /**
   * No cookie was ever stored (an access-token account's usual state): nothing to look up. The jar's lookup tests
   * each request's host against an IPv6 pattern, which cost ~50 ms of main's time per 60 key-list pages.
   */
  #isNeverFilled: boolean;

  private constructor(jar: CookieJar) {
    this.#jar = jar;
    const cookies = jar.serializeSync()?.cookies ?? [];
    this.#isNeverFilled = cookies.length === 0;
    for (const cookie of cookies) {
      if (typeof cookie.value === 'string') registerSecret(cookie.value);
    }
  }

  static empty(): SessionCookies {
    return new SessionCookies(new CookieJar());
  }

  /** From `export()`; an unreadable string gives an empty jar (the session then signs in again). */
  static restore(serialized: string | undefined): SessionCookies {
    if (serialized === undefined || serialized === '') return SessionCookies.empty();
    try {
      return new SessionCookies(CookieJar.deserializeSync(serialized));
    } catch {
      return SessionCookies.empty();
    }
  }

  headerFor(url: string): string | undefined {
    if (this.#isNeverFilled) return undefined;
    const header = this.#jar.getCookieStringSync(url);
    return header === '' ? undefined : header;
  }

  store(url: string, setCookies: readonly string[]): void {
    for (const line of setCookies) {
      // A cookie the jar refuses (another domain, a bad attribute) is ignored, as a browser would.
      const cookie = this.#jar.setCookieSync(line, url, { ignoreError: true });
      if (cookie !== undefined) this.#isNeverFilled = false;
      if (cookie?.value) registerSecret(cookie.value);
    }
  }

  /** True when a cookie of this name would be sent to the URL (present and not expired). */
  has(url: string, name: string): boolean {
    return this.#jar.getCookiesSync(url).some((cookie) => cookie.key === name);
  }

  isEmpty(): boolean {
    return (this.#jar.serializeSync()?.cookies.length ?? 0) === 0;
  }

  export(): string {
    return JSON.stringify(this.#jar.serializeSync());
  }
}
