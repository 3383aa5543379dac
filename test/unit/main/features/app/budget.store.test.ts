// rate-budget.json: the critical budget's count as the next start reads it back through the real config store, a
// damaged or oversized file set aside (the budget then starts empty), and a failed save that only logs.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBudgetStore } from '../../../../../src-main/features/app/budget.store';
import { CriticalBudget } from '../../../../../src-main/gateway/critical-budget';
import { atomicFileEngine } from '../../../../../src-main/platform/atomic-file.engine';
import type { StoreEngine } from '../../../../../src-main/platform/store-engine';
import { FakeClock } from '../../../../support/fake-clock';
import { recordingLogger } from '../../gateway/fakes';

const ORIGIN = 'https://gw.example';
const NOW = 1_780_000_000_000;

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'keydesk-budget-')), 'data');
});
afterEach(() => {
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const open = (engine: StoreEngine = atomicFileEngine(), log = recordingLogger()) =>
  openBudgetStore({ now: Date.now, engine, dataDir: dir, log });

describe('rate-budget.json', () => {
  it('holds what a start spent for the next start, and nothing secret', async () => {
    const clock = new FakeClock({ start: NOW });
    const first = new CriticalBudget({ clock, store: open() });
    for (let i = 0; i < 3; i++) await first.acquire(ORIGIN, 'interactive');
    first.markSpent('https://other.example', 60_000);
    const next = new CriticalBudget({ clock, store: open() });
    expect(next.usage(ORIGIN).used).toBe(3);
    expect(next.usage('https://other.example').spentUntil).toBe(NOW + 60_000);
    expect(readdirSync(dir)).toContain('rate-budget.json');
  });

  it.each([
    ['not JSON', '{"version":1,"hosts":'],
    [
      'a time that is not a number',
      JSON.stringify({ version: 1, hosts: { [ORIGIN]: { sent: ['x'], spentUntil: 0 } } }),
    ],
    [
      'too many times for one host',
      JSON.stringify({ version: 1, hosts: { [ORIGIN]: { sent: Array(65).fill(NOW), spentUntil: 0 } } }),
    ],
    [
      'too many hosts',
      JSON.stringify({
        version: 1,
        hosts: Object.fromEntries(
          Array.from({ length: 201 }, (_, i) => [`https://gw${i}.example`, { sent: [NOW], spentUntil: 0 }]),
        ),
      }),
    ],
  ])('a file with %s is set aside and the budget starts empty', (_, text) => {
    rmSync(dir, { recursive: true, force: true });
    open();
    writeFileSync(join(dir, 'rate-budget.json'), text);
    const log = recordingLogger();
    const budget = new CriticalBudget({ clock: new FakeClock({ start: NOW }), store: open(atomicFileEngine(), log) });
    expect(budget.usage(ORIGIN).used).toBe(0);
    expect(readdirSync(dir).some((name) => name.startsWith('rate-budget.json.corrupt-'))).toBe(true);
    expect(log.calls.map((c) => c.message)).toContain(
      'site budget file was unreadable; kept aside, the budget starts empty',
    );
  });

  it('a save that fails is logged and the request still goes', async () => {
    const engine = atomicFileEngine();
    const failing: StoreEngine = {
      name: engine.name,
      open: (d, name) => ({
        ...engine.open(d, name),
        write: () => {
          throw new Error('disk full');
        },
      }),
    };
    const log = recordingLogger();
    const budget = new CriticalBudget({ clock: new FakeClock({ start: NOW }), store: open(failing, log) });
    await budget.acquire(ORIGIN, 'interactive');
    expect(budget.usage(ORIGIN).used).toBe(1);
    expect(log.calls).toContainEqual({
      level: 'warn',
      message: 'could not save rate-budget.json',
      fields: { error: 'Error: disk full' },
    });
    expect(existsSync(join(dir, 'rate-budget.json'))).toBe(false);
  });
});
