// Session records of the non-spec profiles: new-api refresh sessions with their short access JWTs, login
// flows waiting for a second factor, and the gin-contrib/sessions cookies of the legacy eras.
import type { Clock } from './clock';
import { randomAlnum } from './random';

/** new-api sessions and the legacy session cookie both last 30 days. */
export const SESSION_LIFETIME_S = 30 * 86400;
/** A login waiting for its second factor expires after five minutes. */
export const FLOW_LIFETIME_S = 300;
const DAY_S = 86400;

export interface RefreshSession {
  sid: string;
  userId: number;
  /** The one refresh secret that works now; rotated on every refresh. */
  secret: string;
  /** Secrets already spent: presenting one again is a replay and revokes the session. */
  spentSecrets: Set<string>;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
  loginMethod: string;
}

export interface AccessGrant {
  userId: number;
  sid: string;
  expiresAt: number;
}

export interface CookieSession {
  /** Logged-in user, or null while only a second factor is pending. */
  userId: number | null;
  pendingUserId: number | null;
  expiresAt: number;
}

export interface LoginFlow {
  userId: number;
  expiresAt: number;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export class SessionStore {
  readonly refresh = new Map<string, RefreshSession>();
  readonly access = new Map<string, AccessGrant>();
  readonly cookies = new Map<string, CookieSession>();
  readonly flows = new Map<string, LoginFlow>();

  constructor(private readonly clock: Clock) {}

  clear(): void {
    this.refresh.clear();
    this.access.clear();
    this.cookies.clear();
    this.flows.clear();
  }

  isActive(s: RefreshSession): boolean {
    return !s.revoked && this.clock.now() < s.expiresAt;
  }

  /** What the caps count: live sessions, and sessions opened in the last 24 h (revoked ones included). */
  counts(userId: number): { active: number; issued_24h: number } {
    const now = this.clock.now();
    let active = 0;
    let issued = 0;
    for (const s of this.refresh.values()) {
      if (s.userId !== userId) continue;
      if (this.isActive(s)) active++;
      if (s.issuedAt > now - DAY_S) issued++;
    }
    return { active, issued_24h: issued };
  }

  open(userId: number, loginMethod: string): RefreshSession {
    const now = this.clock.now();
    const session: RefreshSession = {
      sid: randomAlnum(24),
      userId,
      secret: randomAlnum(43),
      spentSecrets: new Set(),
      issuedAt: now,
      expiresAt: now + SESSION_LIFETIME_S,
      revoked: false,
      loginMethod,
    };
    this.refresh.set(session.sid, session);
    return session;
  }

  /** A JWT-shaped access token (header.payload.signature); the emulator only looks it up. */
  issueAccess(session: RefreshSession, ttlS: number): { token: string; expiresAt: number } {
    const expiresAt = this.clock.now() + ttlS;
    const token = [
      base64url({ alg: 'HS256', typ: 'JWT' }),
      base64url({ sub: String(session.userId), sid: session.sid, exp: expiresAt, jti: randomAlnum(12) }),
      randomAlnum(43),
    ].join('.');
    this.access.set(token, { userId: session.userId, sid: session.sid, expiresAt });
    return { token, expiresAt };
  }

  rotate(session: RefreshSession): void {
    session.spentSecrets.add(session.secret);
    session.secret = randomAlnum(43);
  }

  /** "Log out other devices": every session of the user dies, and so do their access tokens. */
  revokeUser(userId: number): number {
    let revoked = 0;
    for (const s of this.refresh.values()) {
      if (s.userId === userId && this.isActive(s)) {
        s.revoked = true;
        revoked++;
      }
    }
    return revoked;
  }

  openCookie(userId: number | null, pendingUserId: number | null = null): string {
    const id = randomAlnum(32);
    this.cookies.set(id, { userId, pendingUserId, expiresAt: this.clock.now() + SESSION_LIFETIME_S });
    return id;
  }

  cookie(id: string | undefined): CookieSession | undefined {
    const s = id === undefined ? undefined : this.cookies.get(id);
    return s && this.clock.now() < s.expiresAt ? s : undefined;
  }

  openFlow(userId: number): { token: string; expiresAt: number } {
    const token = randomAlnum(32);
    const expiresAt = this.clock.now() + FLOW_LIFETIME_S;
    this.flows.set(token, { userId, expiresAt });
    return { token, expiresAt };
  }

  takeFlow(token: string): LoginFlow | undefined {
    const flow = this.flows.get(token);
    if (!flow || this.clock.now() >= flow.expiresAt) return undefined;
    return flow;
  }
}
