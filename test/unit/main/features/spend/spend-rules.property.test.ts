// Property tests of per-key spend and the runaway rule over random read sequences with gaps, failed reads, resets
// and restarts: no alert from stale or missing data, no spend invented across a gap, one alert per episode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALM,
  MAX_READS,
  MAX_READ_GAP_MS,
  addRead,
  dismissFalseAlarm,
  spendBetween,
  stepRunaway,
  type RunawayState,
  type SpendRing,
} from '../../../../../src-main/features/spend/spend-rules';
import { decodeRing, encodeRing } from '../../../../../src-main/features/spend/ring-codec';

const START = 1_700_000_000_000;
const MIN = 60_000;

interface Pass {
  readonly afterMs: number;
  readonly spent: number;
  readonly outcome: 'ok' | 'failed' | 'missing' | 'reset' | 'restart';
}

/** One list pass: the key's true spend since the pass before, and what the read saw. */
const passArb: fc.Arbitrary<Pass> = fc.record({
  afterMs: fc.integer({ min: 1 * MIN, max: 40 * MIN }),
  spent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 20_000_000 })),
  outcome: fc.constantFrom<Pass['outcome']>('ok', 'ok', 'ok', 'ok', 'failed', 'missing', 'reset', 'restart'),
});

interface Run {
  fired: { at: number; episode: number; hour: number }[];
  ring: SpendRing;
  /** [at, true cumulative spend] at every pass. */
  truth: [number, number][];
  freshAt: Set<number>;
}

function run(passes: readonly Pass[], cap: number | null): Run {
  let ring: SpendRing = [];
  let state: RunawayState = CALM;
  let at = START;
  let used = 0;
  let total = 0;
  const fired: Run['fired'] = [];
  const truth: Run['truth'] = [];
  const freshAt = new Set<number>();
  for (const pass of passes) {
    at += pass.afterMs;
    used += pass.spent;
    total += pass.spent;
    truth.push([at, total]);
    if (pass.outcome === 'reset') used = 0; // the server's counter went back (the key recreated or reset)
    if (pass.outcome === 'restart') {
      // Keydesk restarted: its state comes back from the persisted JSON, and this pass's read is lost.
      ring = JSON.parse(JSON.stringify(ring)) as SpendRing;
      state = JSON.parse(JSON.stringify(state)) as RunawayState;
      continue;
    }
    const value = pass.outcome === 'failed' || pass.outcome === 'missing' ? null : used;
    if (value !== null) freshAt.add(at);
    ring = addRead(ring, { at, usedUnits: value });
    const step = stepRunaway(state, ring, at, cap);
    state = step.state;
    if (step.fired) fired.push({ at, episode: step.fired.episode, hour: step.fired.hourSpendUnits });
  }
  return { fired, ring, truth, freshAt };
}

/** True spend in (from, to], from the cumulative truth at each pass. */
const trueSpend = (truth: [number, number][], from: number, to: number): number => {
  const before = [...truth].reverse().find(([at]) => at <= from)?.[1] ?? 0;
  const upTo = [...truth].reverse().find(([at]) => at <= to)?.[1] ?? 0;
  return upTo - before;
};

describe('per-key spend', () => {
  it('never counts more than was truly spent, nor less than zero, whatever the gaps, failures and resets', () => {
    fc.assert(
      fc.property(fc.array(passArb, { maxLength: 120 }), fc.integer({ min: 1, max: 48 }), (passes, hours) => {
        const { ring, truth } = run(passes, null);
        const to = truth.at(-1)?.[0] ?? START;
        const from = to - hours * 3_600_000;
        const counted = spendBetween(ring, from, to).units;
        expect(counted).toBeLessThanOrEqual(trueSpend(truth, from, to));
        expect(counted).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a run of equal reads kept as two entries counts what every read would: the same spend, the same hours', () => {
    fc.assert(
      fc.property(
        fc.array(passArb, { maxLength: 200 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        (passes, hours, offsetMin) => {
          let compact: SpendRing = [];
          let plain: SpendRing = [];
          let at = START;
          let used = 0;
          for (const pass of passes) {
            at += pass.afterMs;
            // Idle most of the time, so that runs form.
            if (pass.spent > 1_000_000) used += pass.spent;
            if (pass.outcome === 'reset') used = 0;
            const read = { at, usedUnits: pass.outcome === 'failed' ? null : used };
            compact = addRead(compact, read);
            plain = addRead(plain, read, false);
          }
          const to = at - offsetMin * MIN;
          const from = to - hours * 3_600_000;
          const a = spendBetween(compact, from, to);
          const b = spendBetween(plain, from, to);
          expect(a.units).toBe(b.units);
          // A run is covered up to the window's edges; every read's intervals only where whole inside it.
          expect(a.coveredMs).toBeGreaterThanOrEqual(b.coveredMs);
          expect(a.coveredMs - b.coveredMs).toBeLessThanOrEqual(2 * MAX_READ_GAP_MS);
          expect(compact.length).toBeLessThanOrEqual(plain.length);
        },
      ),
    );
  });

  it('an idle key tracked for a day costs two entries', () => {
    let ring: SpendRing = [];
    for (let i = 1; i <= 12 * 30; i++) ring = addRead(ring, { at: START + i * 5 * MIN, usedUnits: 42 });
    expect(ring).toHaveLength(2);
    expect(spendBetween(ring, START + 12 * 30 * 5 * MIN - 3_600_000, START + 12 * 30 * 5 * MIN)).toEqual({
      units: 0,
      coveredMs: 3_600_000,
    });
  });

  it('keeps the ring bounded', () => {
    let ring: SpendRing = [];
    for (let i = 1; i <= MAX_READS * 2; i++) ring = addRead(ring, { at: START + i * 5 * MIN, usedUnits: i });
    expect(ring).toHaveLength(MAX_READS);
  });
});

describe('runaway alerts', () => {
  it('raise only on a fresh read, at most one per episode, and never for a key that spends nothing', () => {
    fc.assert(
      fc.property(
        fc.array(passArb, { maxLength: 150 }),
        fc.option(fc.integer({ min: 1, max: 30_000_000 }), { nil: null }),
        (passes, cap) => {
          const { fired, freshAt } = run(passes, cap);
          for (const f of fired) expect(freshAt.has(f.at)).toBe(true);
          expect(fired.map((f) => f.episode)).toEqual(fired.map((_, i) => i + 1));
          const idle = run(
            passes.map((p) => ({ ...p, spent: 0 })),
            cap,
          );
          expect(idle.fired).toEqual([]);
        },
      ),
    );
  });

  it('never reports an hour larger than the true spend of that hour', () => {
    fc.assert(
      fc.property(fc.array(passArb, { maxLength: 150 }), (passes) => {
        const { fired, truth } = run(passes, null);
        for (const f of fired) expect(f.hour).toBeLessThanOrEqual(trueSpend(truth, f.at - 3_600_000, f.at));
      }),
    );
  });

  /** A key read every 5 minutes; each call spends `perPass` before the read. */
  function steadyKey() {
    let ring: SpendRing = [];
    let state = CALM;
    let used = 0;
    let at = START;
    const fired: number[] = [];
    return {
      fired,
      state: () => state,
      passes(count: number, perPass: number) {
        for (let i = 0; i < count; i++) {
          at += 5 * MIN;
          used += perPass;
          ring = addRead(ring, { at, usedUnits: used });
          const step = stepRunaway(state, ring, at, null);
          state = step.state;
          if (step.fired) fired.push(step.fired.episode);
        }
      },
    };
  }

  it('raises exactly one alert for a key spending 20× its usual rate, and a second for a second episode', () => {
    const key = steadyKey();
    const usualPerPass = Math.round(250_000 / 12); // ¥0.50 an hour (used quota counts whole units)
    key.passes(12 * 6, usualPerPass);
    key.passes(12, 20 * usualPerPass);
    expect(key.fired).toEqual([1]);
    key.passes(12 * 3, usualPerPass); // back to normal: the episode ends
    expect(key.state().episodeStart).toBeNull();
    key.passes(12, 20 * usualPerPass);
    expect(key.fired).toEqual([1, 2]);
  });

  it('a false alarm dismissed after its hour stops the same rate from alerting again', () => {
    let hours = 0;
    let ring: SpendRing = [];
    let state = CALM;
    let used = 0;
    let at = START;
    const pass = (count: number, perPass: number) => {
      for (let i = 0; i < count; i++) {
        at += 5 * MIN;
        used += perPass;
        ring = addRead(ring, { at, usedUnits: used });
        const step = stepRunaway(state, ring, at, null);
        state = step.state;
        if (step.fired) hours++;
      }
    };
    pass(12 * 6, 25_000);
    pass(12, 500_000);
    expect(hours).toBe(1);
    // The user dismisses it as the hour ends: the peak hour, not just the hour it fired at, lifts the baseline.
    state = dismissFalseAlarm(state, 0);
    pass(12 * 2, 25_000);
    pass(12, 500_000);
    expect(hours).toBe(1);
  });
});

describe('stored rings', () => {
  it('decode to exactly what was encoded: reads, gaps and held runs', () => {
    fc.assert(
      fc.property(fc.array(passArb, { maxLength: 200 }), (passes) => {
        let ring: SpendRing = [];
        let at = START;
        let used = 0;
        for (const pass of passes) {
          at += pass.afterMs;
          if (pass.spent > 1_000_000) used += pass.spent;
          ring = addRead(ring, { at, usedUnits: pass.outcome === 'failed' ? null : used });
        }
        const stored = encodeRing(ring);
        expect(stored).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeRing(JSON.parse(JSON.stringify(stored)) as string)).toEqual(ring);
      }),
    );
  });
});
