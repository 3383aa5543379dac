// What an allowance does with a fresh read of its key: a refill written once per period, a refill sent earlier settled
// from the key's totals (landed, never arrived, or overtaken by an edit), a key changed elsewhere stopped; a cap
// counted from the period's first read, disabled once at the amount, enabled at the next period, left on when the
// user enabled it by hand. Property: whatever the key spends between reads, an untouched key is never "edited".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capStep, refillStep, type KeyReading } from '../../../../../src-main/features/allowance/allowance-rules';
import type { AllowanceRecord } from '../../../../../src-main/features/allowance/allowance.schema';
import { allowanceRecord } from '../../../../support/allowances';

const DAY = 86_400_000;
const P1 = 1_800_000_000_000;
const P2 = P1 + DAY;

const record = (over: Partial<AllowanceRecord> = {}): AllowanceRecord =>
  allowanceRecord({ id: 'a1', createdAt: P1, updatedAt: P1, ...over });
const key = (remain: number, used: number, over: Partial<KeyReading> = {}): KeyReading => ({
  remainUnits: remain,
  usedUnits: used,
  isUnlimited: false,
  status: 1,
  ...over,
});

describe('refill', () => {
  it('writes the amount once for a period, with what it is about to write kept as pending', () => {
    const step = refillStep(record(), key(300, 700), P1, P1 + 5);
    expect(step.kind).toBe('write');
    if (step.kind !== 'write') return;
    expect(step.pending).toEqual({ periodStart: P1, at: P1 + 5, fromUnits: 300, usedUnits: 700, toUnits: 1_000 });
    expect(step.record.pending).toEqual(step.pending);
    const done = record({ lastPeriodStart: P1, expectedTotal: 1_700 });
    expect(refillStep(done, key(100, 1_600), P1, P1 + 10).kind).toBe('none');
  });

  it('settles a refill sent earlier from the totals: landed is confirmed without a write for its period', () => {
    const pending = { periodStart: P1, at: P1, fromUnits: 300, usedUnits: 700, toUnits: 1_000 };
    const landed = refillStep(record({ pending }), key(600, 1_100), P1, P1 + 60);
    expect(landed.kind).toBe('none');
    expect(landed.record).toMatchObject({ pending: null, lastPeriodStart: P1, expectedTotal: 1_700 });
    expect(landed.record.history[0]).toMatchObject({ kind: 'refill', fromUnits: 300, toUnits: 1_000 });
    // Never arrived (the total is the one before it): sent now, once.
    const lost = refillStep(record({ pending }), key(250, 750), P1, P1 + 60);
    expect(lost.kind).toBe('write');
    // Neither: something else set the quota meanwhile.
    const edited = refillStep(record({ pending }), key(5_000, 800), P1, P1 + 60);
    expect(edited).toMatchObject({ kind: 'stop', reason: 'edited_elsewhere' });
  });

  it('stops, without writing, a key whose total moved, that became unlimited, at the next period', () => {
    const done = record({ lastPeriodStart: P1, expectedTotal: 1_700 });
    expect(refillStep(done, key(9_000, 900), P2, P2 + 1)).toMatchObject({ kind: 'stop', reason: 'edited_elsewhere' });
    expect(refillStep(done, key(50, 1_000), P2, P2 + 1)).toMatchObject({ kind: 'stop', reason: 'edited_elsewhere' });
    expect(refillStep(done, key(0, 1_700, { isUnlimited: true }), P2, P2 + 1)).toMatchObject({
      kind: 'stop',
      reason: 'made_unlimited',
    });
    const stopped = refillStep(done, key(9_000, 900), P2, P2 + 1).record;
    expect(stopped.stopped).toEqual({ reason: 'edited_elsewhere', at: P2 + 1 });
    expect(stopped.history[0]).toMatchObject({ kind: 'stopped' });
  });

  it('never takes spending for an edit: remaining and used move together however much is spent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: 10_000_000 }), (spent, usedBefore) => {
        const done = record({ lastPeriodStart: P1, expectedTotal: 1_000 + usedBefore });
        const step = refillStep(done, key(1_000 - spent, usedBefore + spent), P2, P2 + 1);
        expect(step.kind).toBe('write');
      }),
    );
  });
});

describe('cap', () => {
  const cap = (over: Partial<AllowanceRecord> = {}) => record({ mode: 'cap', amountUnits: 500, ...over });
  const open = (used: number, status = 1) => key(-used, used, { isUnlimited: true, status });

  it('counts from the period’s first read, disables once at the amount, and enables at the next period', () => {
    const first = capStep(cap(), open(10_000), P1, P1 + 1);
    expect(first.kind).toBe('none');
    expect(first.record.cap).toMatchObject({ periodStart: P1, baseUsedUnits: 10_000, spentUnits: 0 });
    const under = capStep(first.record, open(10_400), P1, P1 + 2);
    expect(under.kind).toBe('none');
    const over = capStep(under.record, open(10_500), P1, P1 + 3);
    expect(over.kind).toBe('disable');
    expect(over.record.cap?.isHeld).toBe(true);
    expect(over.record.history[0]).toMatchObject({ kind: 'disabled', fromUnits: 500 });
    // Disabled now: later reads in the period do nothing more.
    expect(capStep(over.record, open(10_500, 2), P1, P1 + 4).kind).toBe('none');
    const next = capStep(over.record, open(10_500, 2), P2, P2 + 1);
    expect(next.kind).toBe('enable');
    expect(next.record.cap).toMatchObject({ periodStart: P2, baseUsedUnits: 10_500, isHeld: false });
  });

  it('leaves a key the user enabled by hand alone until the next period', () => {
    const held = capStep(capStep(cap(), open(0), P1, P1).record, open(600), P1, P1 + 1).record;
    const released = capStep(held, open(700, 1), P1, P1 + 2);
    expect(released.kind).toBe('none');
    expect(released.record.cap).toMatchObject({ isHeld: false, isReleased: true });
    expect(capStep(released.record, open(900, 1), P1, P1 + 3).kind).toBe('none');
  });

  it('stops when the key is no longer unlimited', () => {
    expect(capStep(cap(), key(100, 0), P1, P1)).toMatchObject({ kind: 'stop', reason: 'made_limited' });
  });
});
