// The system access token's own routes at base_url: GET /api/user/token, which on every era before rc.41 mints a new
// token and throws the old one away (so a client must never call it), and new-api-rc41's token list, which only a
// browser session may read (a token cannot learn its own expiry from the site).
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { SCOPED_PREFIX } from './access-token-rules';
import type { GatewayEnv } from './http';
import { json, ok } from './http';
import type { Mutex } from './mutex';
import { randomAlnum } from './random';
import { ALL_SCOPES } from './seed.schema';
import { requireManagement } from './session-auth';
import { scopedAuth } from './scoped-auth';
import type { GatewayState } from './state';

/** GenerateAccessToken's key: new-api 29–32 random characters, one-api a UUID without dashes. */
const mintedToken = (state: GatewayState): string =>
  state.profile.name === 'one-api' ? randomAlnum(32).toLowerCase() : randomAlnum(29 + ((randomBytes(1)[0] ?? 0) % 4));

export function registerAccessTokenRoutes(app: Hono<GatewayEnv>, state: GatewayState, mutex: Mutex): void {
  switch (state.profile.tokenRoute) {
    case 'none':
      break;
    case 'mints':
      // controller/user.go GenerateAccessToken (both projects): the user's one access token is replaced.
      app.get('/api/user/token', requireManagement(state, 'profile:read'), (c) =>
        mutex.run(() => {
          const user = c.get('principal').user;
          const token = mintedToken(state);
          user.access_tokens = [{ token, scopes: [...ALL_SCOPES], expires_at: 0 }];
          return ok(token);
        }),
      );
      break;
    case 'admin-route':
      // Not routed on rc.41: gin matches GET /api/user/:id (AdminAuth), and an admin gets GetUser's Atoi error.
      app.get('/api/user/token', scopedAuth(state, 10), () =>
        json({ success: false, message: 'strconv.Atoi: parsing "token": invalid syntax' }),
      );
      break;
  }

  if (state.profile.accessTokens === 'scoped') {
    // controller/access_token.go ListAccessTokens: the route rule is "session", so any access token gets 403.
    app.get('/api/user/access_tokens', requireManagement(state, 'profile:read'), (c) => {
      const user = c.get('principal').user;
      const now = state.clock.now();
      const scoped = user.access_tokens.filter((t) => t.token.startsWith(SCOPED_PREFIX));
      const legacy = user.access_tokens.find((t) => !t.token.startsWith(SCOPED_PREFIX));
      return ok({
        items: scoped.map((t, i) => ({
          id: i + 1,
          name: `token ${String(i + 1)}`,
          token_hint: t.token.slice(-4),
          expires_at: t.expires_at,
          scopes: t.scopes,
        })),
        legacy:
          legacy && now < state.legacyRetireAt()
            ? { token_hint: legacy.token.slice(-4), retire_at: state.legacyRetireAt() }
            : null,
      });
    });
  }
}
