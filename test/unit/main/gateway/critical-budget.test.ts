// The per-host budgets on their own and inside the transport: which routes spend them, the sliding window, the user's
// requests let through and counted (with a warning as the site's bucket runs low), background's share and the user's
// reserve, the search cap's short queue, and a server 429 that marks the bucket spent until its Retry-After.
import { describe, expect, it } from 'vitest';
import {
  CriticalBudget,
  MAX_STORED_HOSTS,
  SEARCH_BUDGET_DEFAULTS,
  isCriticalRequest,
  isSearchRequest,
  runWithPriority,
  type BudgetLow,
  type RequestPriority,
  type StoredBudget,
} from '../../../../src-main/gateway/critical-budget';
import { GatewayError } from '../../../../src-main/gateway/errors';
import { HttpTransport } from '../../../../src-main/gateway/http';
import { jsonResponse, recordingLogger, settle, stubFetch } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

const ORIGIN = 'https://gw.example';
const MINUTE = 60_000;

const refusal = async (p: Promise<unknown>): Promise<GatewayError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof GatewayError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
};

function budget() {
  const clock = new FakeClock();
  const low: BudgetLow[] = [];
  return { clock, low, budget: new CriticalBudget({ clock, onLow: (_origin, l) => low.push(l) }) };
}

function searchBudget() {
  const clock = new FakeClock();
  return { clock, budget: new CriticalBudget({ clock, ...SEARCH_BUDGET_DEFAULTS }) };
}

describe('critical routes', () => {
  it.each([
    ['POST', '/api/user/login'],
    ['POST', '/api/user/login/2fa'],
    ['POST', '/api/user/login/verify'],
    ['POST', '/api/user/auth/refresh'],
    ['POST', '/api/user/auth/logout'],
    ['POST', '/api/token/42/key'],
    ['POST', '/api/token/batch/keys'],
    ['GET', '/api/usage/token/'],
    ['POST', '/proxy/api/token/7/key'],
  ])('%s %s spends the bucket', (method, path) => {
    expect(isCriticalRequest(method, `${ORIGIN}${path}`)).toBe(true);
  });

  it.each([
    ['GET', '/api/user/self'],
    ['GET', '/api/token/'],
    ['GET', '/api/token/42'],
    ['POST', '/api/token/'],
    ['POST', '/api/token/batch'],
    ['GET', '/api/token/search'],
    ['GET', '/v1/dashboard/billing/subscription'],
    ['GET', '/v1/models'],
    ['GET', '/api/status'],
  ])('%s %s does not', (method, path) => {
    expect(isCriticalRequest(method, `${ORIGIN}${path}`)).toBe(false);
  });
});

describe('search routes', () => {
  it.each([
    ['GET', '/api/token/search', true],
    ['GET', '/api/token/search/', true],
    ['GET', '/proxy/api/token/search', true],
    ['POST', '/api/token/search', false],
    ['GET', '/api/token/', false],
    ['GET', '/api/token/42', false],
    ['GET', '/api/user/search', false],
  ])('%s %s spends the search bucket: %s', (method, path, expected) => {
    expect(isSearchRequest(method, `${ORIGIN}${path}?keyword=k`)).toBe(expected);
  });
});

describe('critical budget', () => {
  it('lets every request the user asks for through, past the site’s 20 too, and counts it', async () => {
    const { clock, budget: b } = budget();
    for (let i = 0; i < 25; i++) {
      clock.time = i * MINUTE;
      await b.acquire(ORIGIN, 'interactive');
    }
    // Only the last 20 minutes count: t = 5 … 24 min.
    expect(b.usage(ORIGIN)).toMatchObject({ used: 20, user: 20, background: 0, siteLimit: 20, spentUntil: null });
    expect(b.waitMs(ORIGIN, 'interactive')).toBe(0);
  });

  it('warns as the user’s requests leave 5 or fewer of the site’s 20, with when the oldest frees', async () => {
    const { clock, low, budget: b } = budget();
    for (let i = 0; i < 14; i++) await b.acquire(ORIGIN, 'interactive');
    expect(low).toEqual([]);
    clock.time = MINUTE;
    await b.acquire(ORIGIN, 'interactive');
    expect(low).toEqual([{ left: 5, siteLimit: 20, freesAt: 20 * MINUTE }]);
    for (let i = 0; i < 6; i++) await b.acquire(ORIGIN, 'interactive');
    expect(low.map((l) => l.left)).toEqual([5, 4, 3, 2, 1, 0, 0]);
  });

  it('keeps hosts apart', async () => {
    const { budget: b } = budget();
    for (let i = 0; i < 10; i++) await b.acquire(ORIGIN, 'background').catch(() => undefined);
    await b.acquire('https://other.example', 'background');
    expect(b.usage('https://other.example').used).toBe(1);
  });

  it('keeps background to its share of 6, refused at once with the wait, while the user still goes', async () => {
    const { clock, budget: b } = budget();
    for (let i = 0; i < 6; i++) await b.acquire(ORIGIN, 'background');
    clock.time = MINUTE;
    const held = await refusal(b.acquire(ORIGIN, 'background'));
    expect(held.code).toBe('rate_limited');
    expect(held.details).toMatchObject({ isLocalLimit: true, reason: 'rate.local_budget', retryAfterMs: 19 * MINUTE });
    for (let i = 0; i < 10; i++) await b.acquire(ORIGIN, 'interactive');
    expect(b.usage(ORIGIN)).toMatchObject({ used: 16, user: 10, background: 6 });
  });

  it('never lets background take one of the site’s last 6: once the user used 14, checks wait', async () => {
    const { clock, budget: b } = budget();
    for (let i = 0; i < 14; i++) {
      clock.time = i * 1_000;
      await b.acquire(ORIGIN, 'interactive');
    }
    const held = await refusal(b.acquire(ORIGIN, 'background'));
    // The oldest of the user's 14 leaves the window at 20 min.
    expect(held.details.retryAfterMs).toBe(20 * MINUTE - 13_000);
    clock.time = 20 * MINUTE;
    await b.acquire(ORIGIN, 'background');
  });

  it('a server 429 marks the bucket spent until Retry-After, for every priority, said as the site’s limit', async () => {
    const { budget: b } = budget();
    b.markSpent(ORIGIN, 90_000);
    const held = await refusal(b.acquire(ORIGIN, 'interactive'));
    expect(held.details).toMatchObject({ retryAfterMs: 90_000, reason: 'rate.site_critical', isLocalLimit: true });
    expect((await refusal(b.acquire(ORIGIN, 'background'))).details.reason).toBe('rate.site_critical');
    expect(b.usage(ORIGIN).used).toBe(0);
  });
});

describe('search budget', () => {
  it('caps the user’s searches at 8 a minute, a short wait queued in main and a longer one answered', async () => {
    const { clock, budget: b } = searchBudget();
    clock.time = 0;
    await b.acquire(ORIGIN, 'interactive');
    clock.time = 3_000;
    for (let i = 0; i < 7; i++) await b.acquire(ORIGIN, 'interactive');
    const held = await refusal(b.acquire(ORIGIN, 'interactive'));
    expect(held.details).toMatchObject({ reason: 'rate.search_budget', retryAfterMs: MINUTE - 3_000 });
    // The slot of t = 0 frees at 1 min; ask 3 s before.
    clock.time = MINUTE - 3_000;
    await settle(clock, b.acquire(ORIGIN, 'interactive'));
    expect(clock.now()).toBe(MINUTE);
  });

  it('an aborted wait takes no slot', async () => {
    const { clock, budget: b } = searchBudget();
    for (let i = 0; i < 8; i++) await b.acquire(ORIGIN, 'interactive');
    clock.time = MINUTE - 2_000;
    const controller = new AbortController();
    const waiting = b.acquire(ORIGIN, 'interactive', controller.signal);
    controller.abort(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(b.usage(ORIGIN).used).toBe(8);
  });

  it('a site’s 429 on searches is said as the search rule', async () => {
    const { budget: b } = searchBudget();
    b.markSpent(ORIGIN, 30_000);
    expect((await refusal(b.acquire(ORIGIN, 'interactive'))).details.reason).toBe('rate.site_search');
  });
});

/** The budget's file as a variable: what the last save wrote is what the next start loads. */
function memoryStore(initial: StoredBudget = {}) {
  const file = { saved: initial, saves: 0 };
  return { file, store: { load: () => file.saved, save: (b: StoredBudget) => ((file.saved = b), (file.saves += 1)) } };
}

describe('critical budget across restarts', () => {
  it('a new start counts the requests the last one sent in the window, the user’s and its own apart', async () => {
    const clock = new FakeClock({ start: 100 * MINUTE });
    const { file, store } = memoryStore();
    const first = new CriticalBudget({ clock, store });
    for (let i = 0; i < 6; i++) await first.acquire(ORIGIN, 'background');
    for (let i = 0; i < 3; i++) await first.acquire(ORIGIN, 'interactive');
    expect(file.saves).toBe(9);
    clock.time += MINUTE;
    const second = new CriticalBudget({ clock, store });
    expect(second.usage(ORIGIN)).toMatchObject({ used: 9, user: 3, background: 6 });
    // Background's share is spent: a poll waits for the window; the user goes.
    expect((await refusal(second.acquire(ORIGIN, 'background'))).details.retryAfterMs).toBe(19 * MINUTE);
    await second.acquire(ORIGIN, 'interactive');
    // Twenty minutes after the first requests the window has moved on, for the next start too.
    clock.time = 120 * MINUTE;
    expect(new CriticalBudget({ clock, store }).usage(ORIGIN).used).toBe(1);
  });

  it('reads a file written before the two were kept apart: its times count, as the user’s', () => {
    const now = 100 * MINUTE;
    const clock = new FakeClock({ start: now });
    const { store } = memoryStore({ [ORIGIN]: { sent: [now - MINUTE, now - 2 * MINUTE], spentUntil: 0 } });
    expect(new CriticalBudget({ clock, store }).usage(ORIGIN)).toMatchObject({ used: 2, user: 2, background: 0 });
  });

  it('a 429 from the site holds after a restart until its Retry-After', () => {
    const clock = new FakeClock({ start: 100 * MINUTE });
    const { store } = memoryStore();
    new CriticalBudget({ clock, store }).markSpent(ORIGIN, 3 * MINUTE);
    const next = new CriticalBudget({ clock, store });
    expect(next.waitMs(ORIGIN, 'interactive')).toBe(3 * MINUTE);
    expect(next.usage(ORIGIN).spentUntil).toBe(103 * MINUTE);
  });

  it('trusts a stored time only as far as it can: old ones dropped, future ones now, a spent mark one window at most', () => {
    const now = 100 * MINUTE;
    const clock = new FakeClock({ start: now });
    const { store } = memoryStore({
      [ORIGIN]: {
        // Older than the window, a clock set back by an hour, not a number, and the rest in the window.
        sent: [now - 21 * MINUTE, now + 60 * MINUTE, Number.NaN, ...Array.from({ length: 30 }, (_, i) => now - i)],
        background: [now - 30 * MINUTE, now - 1],
        spentUntil: now + 24 * 60 * MINUTE,
      },
      'https://other.example': { sent: [now - 30 * MINUTE], spentUntil: Number.POSITIVE_INFINITY },
    });
    const b = new CriticalBudget({ clock, store });
    // At most what the site lets through in a window is kept, the future time among them as now.
    expect(b.usage(ORIGIN)).toMatchObject({ user: 20, background: 1, spentUntil: now + 20 * MINUTE });
    expect(b.usage('https://other.example')).toMatchObject({ used: 0, spentUntil: null });
  });

  it('keeps the most recently used hosts when there are too many to store', async () => {
    const clock = new FakeClock({ start: 100 * MINUTE });
    const { file, store } = memoryStore();
    const b = new CriticalBudget({ clock, store });
    for (let i = 0; i <= MAX_STORED_HOSTS; i++) await b.acquire(`https://gw${i}.example`, 'interactive');
    await b.acquire('https://gw0.example', 'interactive');
    const hosts = Object.keys(file.saved);
    expect(hosts).toHaveLength(MAX_STORED_HOSTS);
    expect(hosts).not.toContain('https://gw1.example');
    expect(hosts.at(-1)).toBe('https://gw0.example');
  });
});

describe('transport with the critical budget', () => {
  function setup(status = 200, headers: Record<string, string> = {}) {
    const clock = new FakeClock();
    const fetch = stubFetch(() => jsonResponse({ success: true, data: 'k' }, status, headers), clock);
    const criticalBudget = new CriticalBudget({ clock });
    const transport = new HttpTransport({ fetch, clock, logger: recordingLogger(), criticalBudget });
    const send = (path: string, method: 'GET' | 'POST' = 'POST', priority: RequestPriority = 'interactive') =>
      settle(
        clock,
        runWithPriority(priority, () => transport.send({ method, url: `${ORIGIN}${path}` })),
      );
    return { clock, fetch, criticalBudget, send };
  }

  it('a user’s 21st reveal in 20 minutes is sent: only the site decides it is one too many', async () => {
    const { fetch, send } = setup();
    for (let i = 0; i < 21; i++) await send(`/api/token/${i}/key`);
    expect(fetch.sent).toHaveLength(21);
  });

  it('a poll of /api/usage/token/ fails fast once polling used its share; other reads are not counted', async () => {
    const { fetch, send } = setup();
    for (let i = 0; i < 6; i++) await send('/api/usage/token/', 'GET', 'background');
    for (let i = 0; i < 20; i++) await send('/api/user/self', 'GET', 'background');
    expect((await refusal(send('/api/usage/token/', 'GET', 'background'))).code).toBe('rate_limited');
    expect(fetch.sent).toHaveLength(26);
    // The user's reveal still goes.
    await send('/api/token/1/key');
    expect(fetch.sent).toHaveLength(27);
  });

  it('does not retry a critical read after 429, marks the host spent, and the next reveal answers with its wait', async () => {
    const { fetch, send, criticalBudget } = setup(429, { 'Retry-After': '120' });
    const res = await send('/api/usage/token/', 'GET', 'background');
    expect(res.status).toBe(429);
    expect(res.rateBucket).toBe('critical');
    expect(fetch.sent).toHaveLength(1);
    expect(criticalBudget.usage(ORIGIN).spentUntil).toBe(120_000);
    const held = await refusal(send('/api/token/1/key'));
    expect(held.toAppError()).toMatchObject({ retryAfterMs: 120_000, reason: 'rate.site_critical' });
    expect(fetch.sent).toHaveLength(1);
  });

  it('a user’s request waiting for a connection goes ahead of Keydesk’s own', async () => {
    const clock = new FakeClock();
    const answers: (() => void)[] = [];
    const fetch = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answers.push(() => {
            resolve(jsonResponse({ success: true, data: {} }));
          });
        }),
      clock,
    );
    const transport = new HttpTransport({ fetch, clock, logger: recordingLogger(), maxPerHost: 1 });
    const get = (path: string, priority: RequestPriority) =>
      runWithPriority(priority, () => transport.send({ method: 'GET', url: `${ORIGIN}${path}` }));
    const first = get('/api/token/?p=1', 'background');
    const polls = [get('/api/user/self', 'background'), get('/api/status', 'background')];
    const reveal = runWithPriority('interactive', () =>
      transport.send({ method: 'POST', url: `${ORIGIN}/api/token/7/key` }),
    );
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      answers.shift()?.();
    }
    await Promise.all([first, reveal, ...polls]);
    expect(fetch.sent.map((r) => r.url.pathname)).toEqual([
      '/api/token/',
      '/api/token/7/key',
      '/api/user/self',
      '/api/status',
    ]);
  });
});
