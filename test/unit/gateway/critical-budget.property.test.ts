// Property: under random interleavings of polls, session refreshes, reveals, batch reveals and logins across many
// accounts on one host, Keydesk never sends more than 10 critical requests in any 20 minutes (polling never more
// than 6), and every user request is sent or answered with a wait the UI can count down — retried after that
// wait, as the renderer does, it is eventually sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CriticalBudget, isCriticalRequest, runWithPriority } from '../../../src-main/gateway/critical-budget';
import { GatewayError } from '../../../src-main/gateway/errors';
import { HttpTransport, type HttpMethod } from '../../../src-main/gateway/http';
import { jsonResponse, recordingLogger, settle, stubFetch, type SentRequest } from './fakes';
import { FakeClock } from '../../support/fake-clock';

const ORIGIN = 'https://gw.example';
const WINDOW = 20 * 60_000;
const SERVER_LIMIT = 20;

type Kind = 'poll' | 'refresh' | 'self' | 'reveal' | 'batch' | 'login' | '2fa';
const INTERACTIVE: ReadonlySet<Kind> = new Set<Kind>(['reveal', 'batch', 'login', '2fa']);

const ROUTES: Record<Kind, { method: HttpMethod; path: (account: number) => string }> = {
  poll: { method: 'GET', path: () => '/api/usage/token/' },
  refresh: { method: 'POST', path: () => '/api/user/auth/refresh' },
  self: { method: 'GET', path: () => '/api/user/self' },
  reveal: { method: 'POST', path: (a) => `/api/token/${a + 1}/key` },
  batch: { method: 'POST', path: () => '/api/token/batch/keys' },
  login: { method: 'POST', path: () => '/api/user/login' },
  '2fa': { method: 'POST', path: () => '/api/user/login/2fa' },
};

interface Step {
  readonly at: number;
  readonly kind: Kind;
  readonly account: number;
  /** Which user request this is (retries keep it); -1 for background work. */
  readonly request: number;
}

const stepArb = fc.record({
  // Whole seconds within the hour, so windows are crowded and several requests often start at the same instant.
  at: fc.integer({ min: 0, max: 60 * 60 }).map((s) => s * 1000),
  kind: fc.constantFrom<Kind>('poll', 'poll', 'poll', 'refresh', 'self', 'reveal', 'reveal', 'batch', 'login', '2fa'),
  account: fc.integer({ min: 0, max: 11 }),
});

/** The site's own bucket (shared with the user's other clients, which may spend some of it). */
function server(clock: FakeClock, foreign: readonly number[]) {
  const taken: number[] = [...foreign];
  let tooMany = 0;
  const fetch = stubFetch((req: SentRequest) => {
    if (!isCriticalRequest(req.method, req.url.toString())) return jsonResponse({ success: true, data: {} });
    const now = clock.now();
    const inWindow = taken.filter((t) => t <= now && t > now - WINDOW).length;
    if (inWindow >= SERVER_LIMIT) {
      tooMany += 1;
      const oldest = taken.filter((t) => t <= now && t > now - WINDOW).sort((a, b) => a - b)[0] ?? now;
      return new Response('', {
        status: 429,
        headers: { 'Retry-After': String(Math.ceil((oldest + WINDOW - now) / 1000)) },
      });
    }
    taken.push(now);
    return jsonResponse({ success: true, data: 'sk-fake' });
  }, clock);
  return { fetch, tooMany: () => tooMany };
}

const maxInAnyWindow = (times: readonly number[]): number => {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i] ?? 0;
    most = Math.max(most, sorted.filter((t) => t >= start && t < start + WINDOW).length);
  }
  return most;
};

describe('critical budget under random interleavings', () => {
  it('never sends more than 10 critical requests in 20 minutes, and every user request gets through in time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 10, maxLength: 80, size: 'max' }),
        // Another client of the same user (a browser tab) spends some of the site's bucket.
        fc.array(
          fc.integer({ min: 0, max: 3 * 60 * 60 }).map((s) => s * 1000),
          { maxLength: 15 },
        ),
        async (raw, foreign) => {
          const clock = new FakeClock();
          clock.randoms = [0];
          const site = server(clock, foreign);
          const transport = new HttpTransport({
            fetch: site.fetch,
            clock,
            logger: recordingLogger(),
            criticalBudget: new CriticalBudget({ clock }),
          });
          let next = 0;
          const pending: Step[] = raw.map((s) => ({ ...s, request: INTERACTIVE.has(s.kind) ? next++ : -1 }));
          const sentRequests = new Set<number>();
          let rounds = 0;
          while (pending.length > 0) {
            rounds += 1;
            expect(rounds).toBeLessThan(2_000);
            pending.sort((a, b) => a.at - b.at);
            const at = pending[0]?.at ?? 0;
            const batch = pending.filter((s) => s.at === at);
            pending.splice(0, batch.length);
            clock.time = Math.max(clock.time, at);
            const outcomes = await settle(
              clock,
              Promise.allSettled(
                batch.map((step) =>
                  runWithPriority(INTERACTIVE.has(step.kind) ? 'interactive' : 'background', () =>
                    transport.send({
                      method: ROUTES[step.kind].method,
                      url: ORIGIN + ROUTES[step.kind].path(step.account),
                    }),
                  ),
                ),
              ),
            );
            outcomes.forEach((outcome, i) => {
              const step = batch[i];
              if (!step) return;
              const isInteractive = step.request >= 0;
              if (outcome.status === 'fulfilled' && outcome.value.status === 200) {
                if (isInteractive) sentRequests.add(step.request);
                return;
              }
              // Anything else is a wait the user sees: Keydesk's own budget, or the site's 429 with Retry-After.
              const waitMs =
                outcome.status === 'rejected'
                  ? outcome.reason instanceof GatewayError && outcome.reason.code === 'rate_limited'
                    ? outcome.reason.details.retryAfterMs
                    : undefined
                  : outcome.value.status === 429
                    ? outcome.value.retryAfterMs
                    : undefined;
              expect(waitMs, `${step.kind} failed without a wait to show`).toBeGreaterThan(0);
              expect(waitMs).toBeLessThanOrEqual(WINDOW);
              // The renderer counts down and tries again; a poll simply waits for its next turn.
              if (isInteractive) pending.push({ ...step, at: clock.now() + (waitMs ?? 0) });
            });
          }
          const critical = site.fetch.sent.filter((r) => isCriticalRequest(r.method, r.url.toString()));
          expect(maxInAnyWindow(critical.map((r) => r.at))).toBeLessThanOrEqual(10);
          // In this run only polls and refreshes are background work.
          const background = critical.filter((r) => /usage|refresh/.test(r.url.pathname));
          expect(maxInAnyWindow(background.map((r) => r.at))).toBeLessThanOrEqual(6);
          expect(sentRequests.size).toBe(next);
          if (foreign.length === 0) expect(site.tooMany()).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
