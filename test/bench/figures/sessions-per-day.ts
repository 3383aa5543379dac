// Figure 10: new sessions per password account per simulated day of polling. Every password login opens a new
// session on current new-api (100 new sessions per user per 24 h, then the user cannot sign in anywhere), so after
// the first login Keydesk should renew, never log in again. Counted in the emulator's own request log.
import { startGateway } from '../../gateway';
import { draftFor } from '../lib/drafts';
import type { Figure } from '../lib/figure';
import { addAll, inProcessApp } from '../lib/in-process';
import { benchSeed } from '../lib/seed';

const START_MS = 1_780_000_000_000;
const DAY_MS = 24 * 3_600_000;
const STEP_MS = 60_000;
/** Current new-api's access token lives 15 minutes; its refresh cookie keeps the session for 30 days. */
const ACCESS_TOKEN_TTL_S = 900;

export async function sessionsPerDay(): Promise<Figure> {
  const seed = {
    ...benchSeed(1, 1),
    settings: { profile: 'new-api' as const, access_token_ttl_s: ACCESS_TOKEN_TTL_S },
  };
  const gw = await startGateway({ seed, clock: { now: START_MS / 1000 } });
  const app = await inProcessApp(START_MS, 10);
  try {
    await addAll(app.accounts, [draftFor(gw, 1, 'password')]);
    const isLogin = (e: { method: string; path: string }) => e.method === 'POST' && e.path === '/api/user/login';
    const first = gw.log.list().filter(isLogin).length;
    const quota = app.startQuota();
    // The emulator's clock follows the monitor's, a minute at a time, so its tokens expire in simulated time.
    for (let t = START_MS + STEP_MS; t <= START_MS + DAY_MS; t += STEP_MS) {
      gw.clock.set(t / 1000);
      await app.clock.advanceTo(t);
    }
    const logins = gw.log.list().filter(isLogin).length - first;
    const refreshes = gw.log.list().filter((e) => e.path === '/api/user/auth/refresh').length;
    const polls = gw.log.list().filter((e) => e.path === '/api/user/self').length;
    quota.dispose();
    return {
      figure: '10. New sessions per password account per day',
      value: `${logins} new sessions after the first login`,
      ratio: logins,
      target: '0',
      meetsTarget: logins === 0,
      how:
        `one password account, default refresh interval, a simulated day on a fake clock with the emulator's clock ` +
        `advanced alongside, on the emulator's new-api profile (access token ${ACCESS_TOKEN_TTL_S} s, rotating ` +
        `refresh cookie); POST /api/user/login counted in the emulator's request log after the account was added ` +
        `(${first} then), beside ${refreshes} refreshes and ${polls} balance reads.`,
      details: { logins, firstLogins: first, refreshes, polls, accessTokenTtlS: ACCESS_TOKEN_TTL_S },
    };
  } finally {
    await app.close();
    await gw.close();
  }
}
