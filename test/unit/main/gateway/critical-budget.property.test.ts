// Property: under random interleavings of polls, session refreshes, reveals, batch reveals and logins across many
// accounts on one host, Keydesk's own work never sends more than its share of 6 critical requests in any 20 minutes,
// nor one while the window already holds 14 (the site's last 6 are the user's); every user request is sent at once
// unless the site itself answered 429, and then answered with the site's wait the UI counts down — retried after
// that wait, as the renderer does, it is eventually sent. With no other client on the address, Keydesk's own work
// never draws a 429.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CriticalBudget,
  isCriticalRequest,
  runWithPriority,
  type RequestPriority,
} from '../../../../src-main/gateway/critical-budget';
import { GatewayError } from '../../../../src-main/gateway/errors';
import { HttpTransport, type HttpMethod } from '../../../../src-main/gateway/http';
import { jsonResponse, recordingLogger, settle, stubFetch, type SentRequest } from './fakes';
import { FakeClock } from '../../../support/fake-clock';

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

/**
 * The budget as the property sees it: each slot it grants, whose, and how many the window held just before. Slots are
 * granted in this order; requests may reach the site in another (the user's go ahead of Keydesk's in a host's line).
 */
class RecordingBudget extends CriticalBudget {
  readonly granted: { readonly priority: RequestPriority; readonly heldBefore: number }[] = [];

  override async acquire(origin: string, priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    const heldBefore = this.usage(origin).used;
    await super.acquire(origin, priority, signal);
    this.granted.push({ priority, heldBefore });
  }
}

/** The site's own bucket (shared with the user's other clients, which may spend some of it). */
function server(clock: FakeClock, foreign: readonly number[]) {
  const isBackgroundPath = (path: string): boolean => /usage|refresh/.test(path);
  const taken: { readonly at: number; readonly isBackground: boolean }[] = foreign.map((at) => ({
    at,
    isBackground: false,
  }));
  /** For each background request the site refused: how many requests not Keydesk's own it held in the window. */
  const refusedBackground: number[] = [];
  const fetch = stubFetch((req: SentRequest) => {
    if (!isCriticalRequest(req.method, req.url.toString())) return jsonResponse({ success: true, data: {} });
    const now = clock.now();
    const inWindow = taken.filter((t) => t.at <= now && t.at > now - WINDOW);
    if (inWindow.length >= SERVER_LIMIT) {
      if (isBackgroundPath(req.url.pathname)) refusedBackground.push(inWindow.filter((t) => !t.isBackground).length);
      const oldest = inWindow.map((t) => t.at).sort((a, b) => a - b)[0] ?? now;
      return new Response('', {
        status: 429,
        headers: { 'Retry-After': String(Math.ceil((oldest + WINDOW - now) / 1000)) },
      });
    }
    taken.push({ at: now, isBackground: isBackgroundPath(req.url.pathname) });
    return jsonResponse({ success: true, data: 'sk-fake' });
  }, clock);
  return { fetch, refusedBackground };
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
  it('keeps Keydesk’s own work to its share and out of the user’s last 6; every user request gets through', async () => {
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
          const budget = new RecordingBudget({ clock });
          const transport = new HttpTransport({
            fetch: site.fetch,
            clock,
            logger: recordingLogger(),
            criticalBudget: budget,
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
              // Anything else is a wait: Keydesk's share for its own work, the site's 429 with Retry-After for the user's.
              const waitMs =
                outcome.status === 'rejected'
                  ? outcome.reason instanceof GatewayError && outcome.reason.code === 'rate_limited'
                    ? outcome.reason.details.retryAfterMs
                    : undefined
                  : outcome.value.status === 429
                    ? outcome.value.retryAfterMs
                    : undefined;
              expect(waitMs, `${step.kind} failed without a wait to show`).toBeGreaterThan(0);
              if (isInteractive && outcome.status === 'rejected' && outcome.reason instanceof GatewayError) {
                // Held back only after the site said 429, and said as the site's limit.
                expect(outcome.reason.details.reason).toBe('rate.site_critical');
              }
              expect(waitMs).toBeLessThanOrEqual(WINDOW);
              // The renderer counts down and tries again; a poll simply waits for its next turn.
              if (isInteractive) pending.push({ ...step, at: clock.now() + (waitMs ?? 0) });
            });
          }
          const critical = site.fetch.sent.filter((r) => isCriticalRequest(r.method, r.url.toString()));
          // In this run only polls and refreshes are background work.
          const isBackground = (r: SentRequest) => /usage|refresh/.test(r.url.pathname);
          const background = critical.filter(isBackground);
          expect(maxInAnyWindow(background.map((r) => r.at))).toBeLessThanOrEqual(6);
          // Every slot Keydesk's own work got was granted while the window held fewer than 14.
          for (const slot of budget.granted.filter((g) => g.priority === 'background')) {
            expect(slot.heldBefore, 'a check took one of the site’s last 6').toBeLessThan(14);
          }
          expect(sentRequests.size).toBe(next);
          // A check meets a 429 only when the user's own requests (which go ahead of it in the host's line) and any
          // other client's have filled all but Keydesk's share: never because of Keydesk's own use.
          for (const others of site.refusedBackground) expect(others).toBeGreaterThanOrEqual(SERVER_LIMIT - 6);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
