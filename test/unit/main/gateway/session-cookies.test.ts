// A management session's cookie jar: what goes back to the site on each request, before and after the site sets
// one, across an export and restore, and nothing for a cookie the jar refuses.
import { describe, expect, it } from 'vitest';
import { REFRESH_COOKIE, SessionCookies } from '../../../../src-main/gateway/session-cookies';

const SITE = 'https://gw.example';

describe('session cookies', () => {
  it('sends nothing until the site sets a cookie, then sends it where its path allows', () => {
    const jar = SessionCookies.empty();
    expect(jar.headerFor(`${SITE}/api/token/?p=1`)).toBeUndefined();
    jar.store(`${SITE}/api/user/login`, ['session=fake-session-value; Path=/; HttpOnly']);
    jar.store(`${SITE}/api/user/login`, [`${REFRESH_COOKIE}=fake-refresh-value; Path=/api/user/auth; HttpOnly`]);
    expect(jar.headerFor(`${SITE}/api/token/?p=1`)).toBe('session=fake-session-value');
    expect(jar.headerFor(`${SITE}/api/user/auth/refresh`)).toBe(
      `${REFRESH_COOKIE}=fake-refresh-value; session=fake-session-value`,
    );
    expect(jar.isEmpty()).toBe(false);
  });

  it('a restored jar sends what the exported one held; an empty or unreadable one sends nothing', () => {
    const jar = SessionCookies.empty();
    jar.store(`${SITE}/api/user/login`, ['session=fake-session-value; Path=/']);
    expect(SessionCookies.restore(jar.export()).headerFor(`${SITE}/api/user/self`)).toBe('session=fake-session-value');
    expect(SessionCookies.restore(SessionCookies.empty().export()).headerFor(`${SITE}/api/user/self`)).toBeUndefined();
    expect(SessionCookies.restore('{not json').headerFor(`${SITE}/api/user/self`)).toBeUndefined();
  });

  it('a cookie for another site is refused and sends nothing', () => {
    const jar = SessionCookies.empty();
    jar.store(`${SITE}/api/user/login`, ['session=fake-session-value; Domain=other.example; Path=/']);
    expect(jar.headerFor(`${SITE}/api/user/self`)).toBeUndefined();
    expect(jar.isEmpty()).toBe(true);
  });

  it('an expired cookie is not sent', () => {
    const jar = SessionCookies.empty();
    jar.store(`${SITE}/api/user/login`, ['session=fake-session-value; Path=/']);
    jar.store(`${SITE}/api/user/logout`, ['session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(jar.headerFor(`${SITE}/api/user/self`)).toBeUndefined();
  });
});
