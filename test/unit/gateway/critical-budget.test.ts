// The per-host critical budget on its own and inside the transport: which routes spend it, the sliding window,
// the user's reserve, the queue for interactive requests, and a server 429 that marks the bucket spent.
import { describe, expect, it } from 'vitest';
import {
  CriticalBudget,
  MAX_STORED_HOSTS,
  isCriticalRequest,
  isSearchRequest,
  runWithPriority,
  type RequestPriority,
  type StoredBudget,
} from '../../../src-main/gateway/critical-budget';
import { GatewayError } from '../../../src-main/gateway/errors';
import { HttpTransport } from '../../../src-main/gateway/http';
import { jsonResponse, recordingLogger, settle, stubFetch } from './fakes';
import { FakeClock } from '../../support/fake-clock';

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

function budget(options: { maxQueueMs?: number } = {}) {
  const clock = new FakeClock();
  return { clock, budget: new CriticalBudget({ clock, ...options }) };
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
  it('lets at most 10 critical requests per host through in any 20 minutes, and frees slots as they age out', async () => {
    const { clock, budget: b } = budget();
    for (let i = 0; i < 10; i++) {
      clock.time = i * MINUTE;
      await b.acquire(ORIGIN, 'interactive');
    }
    clock.time = 10 * MINUTE;
    const held = await refusal(b.acquire(ORIGIN, 'interactive'));
    expect(held.code).toBe('rate_limited');
    expect(held.details.isLocalLimit).toBe(true);
    // The first request (t = 0) leaves the window at t = 20 min.
    expect(held.details.retryAfterMs).toBe(10 * MINUTE);
    clock.time = 20 * MINUTE;
    await b.acquire(ORIGIN, 'interactive');
    expect(b.usage(ORIGIN).used).toBe(10);
  });

  it('keeps hosts apart', async () => {
    const { budget: b } = budget();
    for (let i = 0; i < 10; i++) await b.acquire(ORIGIN, 'interactive');
    await b.acquire('https://other.example', 'interactive');
    expect(b.usage('https://other.example').used).toBe(1);
  });

  it('refuses background at once when 6 are used, keeping 4 for the user', async () => {
    const { budget: b } = budget();
    for (let i = 0; i < 6; i++) await b.acquire(ORIGIN, 'background');
    const held = await refusal(b.acquire(ORIGIN, 'background'));
    expect(held.code).toBe('rate_limited');
    expect(held.details.retryAfterMs).toBe(20 * MINUTE);
    for (let i = 0; i < 4; i++) await b.acquire(ORIGIN, 'interactive');
    expect(b.usage(ORIGIN).used).toBe(10);
  });

  it('queues an interactive request for a short wait instead of refusing it', async () => {
    const { clock, budget: b } = budget({ maxQueueMs: 5_000 });
    clock.time = 0;
    await b.acquire(ORIGIN, 'interactive');
    clock.time = 3_000;
    for (let i = 0; i < 9; i++) await b.acquire(ORIGIN, 'interactive');
    // The slot of t = 0 frees at 20 min; ask 3 s before.
    clock.time = 20 * MINUTE - 3_000;
    await settle(clock, b.acquire(ORIGIN, 'interactive'));
    expect(clock.now()).toBe(20 * MINUTE);
  });

  it('background never overtakes an interactive request waiting in the queue', async () => {
    const { clock, budget: b } = budget({ maxQueueMs: 5_000 });
    for (let i = 0; i < 10; i++) await b.acquire(ORIGIN, 'interactive');
    clock.time = 20 * MINUTE - 2_000;
    const waiting = b.acquire(ORIGIN, 'interactive');
    clock.time = 20 * MINUTE + 1;
    const background = await refusal(b.acquire(ORIGIN, 'background'));
    expect(background.code).toBe('rate_limited');
    await settle(clock, waiting);
  });

  it('a server 429 marks the bucket spent until Retry-After, for every priority', async () => {
    const { budget: b } = budget();
    b.markSpent(ORIGIN, 90_000);
    const held = await refusal(b.acquire(ORIGIN, 'interactive'));
    expect(held.details.retryAfterMs).toBe(90_000);
    expect((await refusal(b.acquire(ORIGIN, 'background'))).code).toBe('rate_limited');
  });

  it('an aborted wait takes no slot', async () => {
    const { clock, budget: b } = budget({ maxQueueMs: 5_000 });
    for (let i = 0; i < 10; i++) await b.acquire(ORIGIN, 'interactive');
    clock.time = 20 * MINUTE - 2_000;
    const controller = new AbortController();
    const waiting = b.acquire(ORIGIN, 'interactive', controller.signal);
    controller.abort(new Error('closed'));
    await expect(waiting).rejects.toThrow('closed');
    expect(b.usage(ORIGIN).used).toBe(10);
  });
});

/** The budget's file as a variable: what the last save wrote is what the next start loads. */
function memoryStore(initial: StoredBudget = {}) {
  const file = { saved: initial, saves: 0 };
  return { file, store: { load: () => file.saved, save: (b: StoredBudget) => ((file.saved = b), (file.saves += 1)) } };
}

describe('critical budget across restarts', () => {
  it('a new start counts the requests the last one sent in the window', async () => {
    const clock = new FakeClock({ start: 100 * MINUTE });
    const { file, store } = memoryStore();
    const first = new CriticalBudget({ clock, store });
    for (let i = 0; i < 6; i++) await first.acquire(ORIGIN, 'interactive');
    expect(file.saves).toBe(6);
    clock.time += MINUTE;
    const second = new CriticalBudget({ clock, store });
    expect(second.usage(ORIGIN).used).toBe(6);
    // Polling's share (6) is spent: a background read waits for the window, the user's 4 remain.
    expect((await refusal(second.acquire(ORIGIN, 'background'))).details.retryAfterMs).toBe(19 * MINUTE);
    for (let i = 0; i < 4; i++) await second.acquire(ORIGIN, 'interactive');
    expect((await refusal(second.acquire(ORIGIN, 'interactive'))).details.retryAfterMs).toBe(19 * MINUTE);
    // Twenty minutes after the first request the window has moved on, for the next start too.
    clock.time = 120 * MINUTE;
    expect(new CriticalBudget({ clock, store }).usage(ORIGIN).used).toBe(4);
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
        spentUntil: now + 24 * 60 * MINUTE,
      },
      'https://other.example': { sent: [now - 30 * MINUTE], spentUntil: Number.POSITIVE_INFINITY },
    });
    const b = new CriticalBudget({ clock, store });
    // At most the limit is kept, the future time among them as now.
    expect(b.usage(ORIGIN).used).toBe(10);
    expect(b.usage(ORIGIN).spentUntil).toBe(now + 20 * MINUTE);
    expect(b.usage('https://other.example')).toEqual({ used: 0, limit: 10, spentUntil: null });
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

  it('an eleventh reveal in 20 minutes is held back with the wait, never sent', async () => {
    const { fetch, send } = setup();
    for (let i = 0; i < 10; i++) await send(`/api/token/${i}/key`);
    const held = await refusal(send('/api/token/10/key'));
    expect(held.code).toBe('rate_limited');
    expect(held.toAppError()).toMatchObject({ code: 'rate_limited', isLocalLimit: true });
    expect(held.toAppError().retryAfterMs).toBeGreaterThan(0);
    expect(fetch.sent).toHaveLength(10);
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

  it('does not retry a critical read after 429, and marks the host spent until Retry-After', async () => {
    const { fetch, send, criticalBudget } = setup(429, { 'Retry-After': '120' });
    const res = await send('/api/usage/token/', 'GET', 'background');
    expect(res.status).toBe(429);
    expect(fetch.sent).toHaveLength(1);
    expect(criticalBudget.usage(ORIGIN).spentUntil).toBe(120_000);
    const held = await refusal(send('/api/token/1/key'));
    expect(held.details.retryAfterMs).toBe(120_000);
    expect(fetch.sent).toHaveLength(1);
  });
});
