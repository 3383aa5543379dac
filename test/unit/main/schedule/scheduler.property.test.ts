// The quota scheduler under a fake clock and random triggers: the one-request-per-account-per-minute rule across
// every trigger, one shared request for concurrent callers, exponential backoff with jitter, Retry-After, and a
// dead gateway that never delays the others. Each property fails if its rule is broken.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AppError, Result } from '../../../../src-shared/contract';
import {
  QuotaScheduler,
  SCHEDULER_DEFAULTS,
  type SchedulerOptions,
  type Trigger,
} from '../../../../src-main/schedule/scheduler';
import { FakeClock, seededRandom } from '../../../support/fake-clock';

const MINUTE = 60_000;
const { minSpacingMs, backoffBaseMs, backoffMaxMs, requestTimeoutMs, staggerMs } = SCHEDULER_DEFAULTS;

type Behaviour =
  | { readonly kind: 'ok'; readonly latencyMs: number }
  | { readonly kind: 'fail'; readonly latencyMs: number; readonly error: AppError }
  | { readonly kind: 'hang' };

/** A fake gateway per account: records every request start, answers after its latency on the fake clock. */
function harness(
  ids: readonly string[],
  behaviour: (id: string, call: number) => Behaviour,
  options: { intervalMs?: number; seed?: number; scheduler?: SchedulerOptions } = {},
) {
  const clock = new FakeClock({ start: 1_780_000_000_000, random: seededRandom(options.seed ?? 1) });
  const starts = new Map<string, number[]>(ids.map((id) => [id, []]));
  const settled = new Map<string, { at: number; ok: boolean }[]>(ids.map((id) => [id, []]));
  const concurrent = new Map<string, number>();
  let maxConcurrent = 0;
  const scheduler = new QuotaScheduler<number>(
    clock,
    (id, signal) => {
      const calls = starts.get(id) ?? [];
      calls.push(clock.now());
      const now = (concurrent.get(id) ?? 0) + 1;
      concurrent.set(id, now);
      maxConcurrent = Math.max(maxConcurrent, now);
      const b = behaviour(id, calls.length - 1);
      return new Promise<Result<number>>((resolve) => {
        const done = (r: Result<number>) => {
          concurrent.set(id, (concurrent.get(id) ?? 1) - 1);
          resolve(r);
        };
        signal.addEventListener('abort', () => {
          done({ ok: false, error: { code: 'timeout' } });
        });
        if (b.kind === 'hang') return;
        clock.setTimer(b.latencyMs, () => {
          done(b.kind === 'ok' ? { ok: true, value: clock.now() } : { ok: false, error: b.error });
        });
      });
    },
    (id, result) => settled.get(id)?.push({ at: clock.now(), ok: result.ok }),
    options.intervalMs ?? 5 * MINUTE,
    options.scheduler,
  );
  scheduler.setAccounts(ids);
  return { clock, scheduler, starts, settled, maxConcurrent: () => maxConcurrent };
}

const gaps = (times: readonly number[]): number[] => times.slice(1).map((t, i) => t - (times[i] ?? 0));

const TRIGGERS: readonly Trigger[] = ['timer', 'focus', 'manual', 'resume', 'online', 'tray', 'start'];
const server: AppError = { code: 'server', serverMessage: 'HTTP 502' };

const behaviourArb: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.record({ kind: fc.constant('ok' as const), latencyMs: fc.integer({ min: 0, max: 90_000 }) }),
  fc.record({
    kind: fc.constant('fail' as const),
    latencyMs: fc.integer({ min: 0, max: 20_000 }),
    error: fc.oneof(
      fc.constant(server),
      fc.constant<AppError>({ code: 'network' }),
      fc.constant<AppError>({ code: 'auth.unauthorized' }),
      fc.integer({ min: 1, max: 3 * 3_600_000 }).map((ms): AppError => ({ code: 'rate_limited', retryAfterMs: ms })),
    ),
  }),
  fc.constant<Behaviour>({ kind: 'hang' }),
);

type Op =
  | { readonly kind: 'one'; readonly account: number; readonly trigger: Trigger }
  | { readonly kind: 'all'; readonly trigger: Trigger }
  | { readonly kind: 'resume' }
  | { readonly kind: 'interval'; readonly minutes: number }
  | { readonly kind: 'sleep'; readonly ms: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('one' as const),
      account: fc.nat(5),
      trigger: fc.constantFrom(...TRIGGERS),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('all' as const), trigger: fc.constantFrom(...TRIGGERS) }) },
  { weight: 1, arbitrary: fc.constant<Op>({ kind: 'resume' }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('interval' as const), minutes: fc.integer({ min: 0, max: 30 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('sleep' as const), ms: fc.integer({ min: 0, max: 4 * 3_600_000 }) }),
  },
);

async function runOps(h: ReturnType<typeof harness>, ids: readonly string[], steps: readonly [number, Op][]) {
  for (const [waitMs, op] of steps) {
    await h.clock.advance(waitMs);
    switch (op.kind) {
      case 'one':
        void h.scheduler.request(ids[op.account % ids.length] ?? '', op.trigger);
        break;
      case 'all':
        void h.scheduler.requestAll(op.trigger);
        break;
      case 'resume':
        h.scheduler.resume();
        break;
      case 'interval':
        h.scheduler.setInterval(op.minutes * MINUTE);
        break;
      case 'sleep':
        h.clock.suspend(op.ms);
        break;
    }
  }
  await h.clock.advance(3 * 3_600_000);
}

describe('QuotaScheduler properties', () => {
  it('never starts two requests of one account within a minute, whatever triggers arrive, and never runs two at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(behaviourArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200_000 }), opArb), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        fc.nat(),
        async (plans, steps, intervalMinutes, seed) => {
          const ids = plans.map((_, i) => `acct-${i}`);
          const h = harness(
            ids,
            (id, call) => {
              const plan = plans[Number(id.slice(5))] ?? [];
              return plan[call % plan.length] ?? { kind: 'ok', latencyMs: 0 };
            },
            { intervalMs: intervalMinutes * MINUTE, seed },
          );
          await runOps(h, ids, steps);
          for (const id of ids) {
            for (const gap of gaps(h.starts.get(id) ?? [])) expect(gap).toBeGreaterThanOrEqual(minSpacingMs);
          }
          expect(h.maxConcurrent()).toBeLessThanOrEqual(1);
          h.scheduler.dispose();
        },
      ),
      { numRuns: 120 },
    );
  });

  it('shares one request among concurrent callers: they all resume when it settles, with one request made', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.constantFrom(...TRIGGERS)), {
          minLength: 2,
          maxLength: 20,
        }),
        fc.integer({ min: 25_000, max: 40_000 }),
        async (callers, latencyMs) => {
          const h = harness(['a'], () => ({ kind: 'ok', latencyMs }));
          await h.clock.advance(staggerMs); // the initial refresh starts
          expect(h.starts.get('a')).toHaveLength(1);
          const startedAt = h.starts.get('a')?.[0] ?? 0;
          const resumedAt: number[] = [];
          for (const [waitMs, trigger] of callers) {
            // every caller arrives while the first request is still running (latency > the sum of waits here)
            if (h.clock.now() + waitMs >= startedAt + latencyMs) break;
            await h.clock.advance(waitMs);
            void h.scheduler.request('a', trigger).then(() => resumedAt.push(h.clock.now()));
          }
          await h.clock.advance(latencyMs);
          expect(h.starts.get('a')).toHaveLength(1);
          expect(resumedAt.length).toBeGreaterThan(0);
          for (const at of resumedAt) expect(at).toBe(startedAt + latencyMs);
          h.scheduler.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('backs off exponentially with jitter on temporary failures: each wait within [d/2, d], d doubling to a cap', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 30 }), async (seed, intervalMinutes) => {
        const h = harness(['a'], () => ({ kind: 'fail', latencyMs: 0, error: server }), {
          seed,
          intervalMs: intervalMinutes * MINUTE,
        });
        await h.clock.advance(10 * 3_600_000);
        const waits = gaps(h.starts.get('a') ?? []);
        expect(waits.length).toBeGreaterThan(8);
        waits.forEach((wait, i) => {
          const d = Math.min(backoffMaxMs, backoffBaseMs * 2 ** i);
          expect(wait).toBeGreaterThanOrEqual(Math.max(minSpacingMs, Math.floor(d / 2)));
          expect(wait).toBeLessThanOrEqual(Math.max(minSpacingMs, d));
        });
        // the jitter is real: over many retries the waits do not all sit on the same fraction of d
        const fractions = new Set(
          waits.slice(1).map((w, i) => Math.round((w / Math.min(backoffMaxMs, backoffBaseMs * 2 ** (i + 1))) * 100)),
        );
        expect(fractions.size).toBeGreaterThan(1);
        h.scheduler.dispose();
      }),
      { numRuns: 40 },
    );
  });

  it('honours Retry-After against every trigger, manual refresh included, and retries soon after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_000, max: 2 * 3_600_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom(...TRIGGERS)), { maxLength: 30 }),
        fc.nat(),
        async (retryAfterMs, triggers, seed) => {
          const h = harness(
            ['a'],
            (_id, call) =>
              call === 0
                ? { kind: 'fail', latencyMs: 0, error: { code: 'rate_limited', retryAfterMs } }
                : { kind: 'ok', latencyMs: 0 },
            { seed },
          );
          await h.clock.advance(staggerMs);
          const failedAt = h.settled.get('a')?.[0]?.at ?? Number.NaN;
          for (const [waitMs, trigger] of triggers) {
            await h.clock.advance(waitMs);
            void h.scheduler.request('a', trigger);
          }
          await h.clock.advance(3 * 3_600_000);
          const second = h.starts.get('a')?.[1] ?? Number.NaN;
          expect(second).toBeGreaterThanOrEqual(failedAt + retryAfterMs);
          // and not much later: the first backoff step is at most a minute
          expect(second).toBeLessThanOrEqual(failedAt + Math.max(retryAfterMs, backoffBaseMs));
          h.scheduler.dispose();
        },
      ),
      { numRuns: 80 },
    );
  });

  it('keeps every healthy account on time while one gateway hangs or fails slowly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<Behaviour>({ kind: 'hang' }, { kind: 'fail', latencyMs: 44_000, error: server }),
        fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 300_000 }),
            opArb.filter((op) => op.kind !== 'sleep' && op.kind !== 'interval'),
          ),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 10 }),
        async (deadIndex, dead, latencies, steps, intervalMinutes) => {
          const ids = ['h0', 'h1', 'h2', 'h3', 'h4'];
          const deadId = ids[deadIndex] ?? 'h1';
          const intervalMs = intervalMinutes * MINUTE;
          const h = harness(
            ids,
            (id) =>
              id === deadId ? dead : { kind: 'ok', latencyMs: latencies[ids.indexOf(id) % latencies.length] ?? 0 },
            { intervalMs },
          );
          await runOps(h, ids, steps);
          for (const id of ids) {
            if (id === deadId) continue;
            const times = h.starts.get(id) ?? [];
            // first refresh within the start-up stagger, then never more than one interval between requests
            expect(times[0]).toBeLessThan(1_780_000_000_000 + ids.length * staggerMs);
            for (const gap of gaps(times)) expect(gap).toBeLessThanOrEqual(intervalMs);
            expect(times.length).toBeGreaterThanOrEqual(Math.floor((3 * 3_600_000) / intervalMs));
          }
          // the dead one is given up at the deadline each time, so its schedule moves on too
          const deadSettled = h.settled.get(deadId) ?? [];
          expect(deadSettled.every((s) => !s.ok)).toBe(true);
          expect(deadSettled.length).toBeGreaterThanOrEqual(3);
          h.scheduler.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('QuotaScheduler examples', () => {
  it('serves a fresh value from the cache, defers a trigger inside the minute, and runs it when allowed', async () => {
    const h = harness(['a'], () => ({ kind: 'ok', latencyMs: 0 }), { seed: 3 });
    await h.clock.advance(staggerMs);
    const first = h.starts.get('a')?.[0] ?? 0;
    await h.clock.advance(30_000);
    await h.scheduler.request('a', 'manual'); // 30 s old: cached
    expect(h.starts.get('a')).toHaveLength(1);
    await h.clock.advance(20_000);
    await h.scheduler.request('a', 'manual'); // 50 s old: beyond the cache, inside the minute: deferred
    expect(h.starts.get('a')).toHaveLength(1);
    expect(h.scheduler.nextDueAt('a')).toBe(first + minSpacingMs);
    await h.clock.advanceTo(first + minSpacingMs);
    expect(h.starts.get('a')).toEqual([first, first + minSpacingMs]);
    h.scheduler.dispose();
  });

  it('spreads refreshes out after the machine sleeps instead of bursting them', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `a${i}`);
    const h = harness(ids, () => ({ kind: 'ok', latencyMs: 100 }), { seed: 9 });
    await h.clock.advance(5 * MINUTE);
    const before = ids.map((id) => h.starts.get(id)?.length ?? 0);
    h.clock.suspend(3 * 3_600_000);
    const wokeAt = h.clock.now();
    await h.clock.advance(ids.length * staggerMs);
    const afterWake = ids.map((id, i) => (h.starts.get(id) ?? []).slice(before[i]).filter((t) => t >= wokeAt)[0] ?? 0);
    expect(afterWake.every((t) => t > 0)).toBe(true);
    expect(new Set(afterWake).size).toBe(ids.length); // no two at the same instant
    expect(Math.max(...afterWake) - Math.min(...afterWake)).toBeGreaterThanOrEqual((ids.length - 2) * staggerMs);
    h.scheduler.dispose();
  });

  it('resume() staggers the next refresh of every account', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const h = harness(ids, () => ({ kind: 'ok', latencyMs: 0 }), { seed: 5 });
    await h.clock.advance(2 * MINUTE);
    const now = h.clock.now();
    h.scheduler.resume();
    const due = ids.map((id) => h.scheduler.nextDueAt(id) ?? 0);
    due.forEach((at, i) => {
      expect(at).toBeGreaterThanOrEqual(now + i * staggerMs);
      expect(at).toBeLessThan(now + (i + 1) * staggerMs);
    });
    h.scheduler.dispose();
  });

  it('gives up a hanging request at the deadline and drops its late answer', async () => {
    const h = harness(['a'], (_id, call) => (call === 0 ? { kind: 'hang' } : { kind: 'ok', latencyMs: 0 }));
    await h.clock.advance(staggerMs + requestTimeoutMs);
    expect(h.settled.get('a')).toEqual([{ at: expect.any(Number) as number, ok: false }]);
    expect(h.scheduler.isInFlight('a')).toBe(false);
    await h.clock.advance(2 * MINUTE);
    expect(h.settled.get('a')?.at(-1)?.ok).toBe(true);
    h.scheduler.dispose();
  });

  it('a manual refresh skips exponential backoff but not the minute or Retry-After', async () => {
    const h = harness(['a'], () => ({ kind: 'fail', latencyMs: 0, error: server }));
    await h.clock.advance(60 * MINUTE); // several failures: the backoff is now many minutes
    const count = h.starts.get('a')?.length ?? 0;
    const last = h.starts.get('a')?.at(-1) ?? 0;
    await h.clock.advanceTo(last + minSpacingMs);
    void h.scheduler.request('a', 'focus');
    expect(h.starts.get('a')).toHaveLength(count); // focus respects the backoff
    void h.scheduler.request('a', 'manual');
    expect(h.starts.get('a')).toHaveLength(count + 1);
    h.scheduler.dispose();
  });
});
