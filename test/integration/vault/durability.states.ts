// The states the durability child cycles through: each fully determined by its sequence number, alternating
// between two shapes of different sizes, so a torn or mixed write can never pass for a valid state.
import type { z } from 'zod';

export interface DurableState {
  readonly seq: number;
  readonly shape: 'odd' | 'even';
  readonly payload: string;
}

export const INITIAL: DurableState = { seq: 0, shape: 'even', payload: '' };

export function stateFor(seq: number): DurableState {
  const odd = seq % 2 === 1;
  return { seq, shape: odd ? 'odd' : 'even', payload: `${seq}:`.padEnd(odd ? 6000 : 1500, odd ? 'o' : 'e') };
}

const isState = (value: unknown): value is DurableState => {
  if (value === null || typeof value !== 'object') return false;
  const { seq, shape, payload } = value as Record<string, unknown>;
  return Number.isInteger(seq) && (shape === 'odd' || shape === 'even') && typeof payload === 'string';
};

// A hand-written stand-in for a zod schema (the two methods ConfigStore calls): keeping zod out of the child's
// bundle saves ~0.15 s of CPU per start, which is most of the test's time on a loaded two-core machine.
export const durableSchema = {
  safeParse: (value: unknown) =>
    isState(value) ? { success: true, data: value } : { success: false, error: new Error('not a durable state') },
  parse: (value: unknown) => {
    if (!isState(value)) throw new Error('not a durable state');
    return value;
  },
} as unknown as z.ZodType<DurableState>;
