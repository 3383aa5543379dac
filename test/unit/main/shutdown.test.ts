// The ordered shutdown: phases in their order whatever order the steps joined in, steps of a phase last-joined
// first, each awaited; a step past its deadline is logged and left behind, a failed one logged, and the rest still
// run; a second run waits for the first instead of running anything twice.
import { describe, expect, it } from 'vitest';
import { Shutdown } from '../../../src-main/shutdown';
import { memoryLogger } from '../../support/memory-logger';

/** Deadlines the test fires by hand (a latch, not a wait). */
function manualDeadlines() {
  const pending: (() => void)[] = [];
  return {
    wait: () => {
      let fire: () => void = () => undefined;
      const promise = new Promise<void>((resolve) => {
        fire = resolve;
      });
      pending.push(fire);
      return { promise, cancel: () => undefined };
    },
    fireLatest: () => pending.at(-1)?.(),
  };
}

describe('Shutdown', () => {
  it('runs the phases in order and, within one, the last joined first, each awaited', async () => {
    const done: string[] = [];
    const shutdown = new Shutdown({ log: memoryLogger().log });
    const step = (name: string) => async () => {
      await Promise.resolve();
      done.push(name);
    };
    shutdown.join('stores', 'vault', step('vault'));
    shutdown.join('features', 'quota', step('quota'));
    shutdown.join('features', 'status', step('status'));
    shutdown.join('clipboard', 'clipboard', step('clipboard'));
    shutdown.join('sessions', 'sessions', step('sessions'));
    shutdown.join('intake', 'intake', step('intake'));
    shutdown.join('requests', 'requests', step('requests'));
    expect(await shutdown.run()).toEqual({ late: [], failed: [] });
    expect(done).toEqual(['intake', 'clipboard', 'requests', 'status', 'quota', 'sessions', 'vault']);
  });

  it('leaves a step behind at its deadline, logs it, and runs the rest', async () => {
    const { log, lines } = memoryLogger();
    const deadlines = manualDeadlines();
    const shutdown = new Shutdown({ log, wait: deadlines.wait, deadlineMs: 3_000 });
    const done: string[] = [];
    shutdown.join('features', 'hung logout', () => new Promise<void>(() => undefined));
    shutdown.join('stores', 'vault', () => {
      done.push('vault');
    });
    const running = shutdown.run();
    await Promise.resolve();
    deadlines.fireLatest();
    expect(await running).toEqual({ late: ['hung logout'], failed: [] });
    expect(done).toEqual(['vault']);
    expect(lines.join('\n')).toMatch(/shutdown step passed its deadline.*hung logout/);
  });

  it('logs a step that throws and still runs the others', async () => {
    const { log, lines } = memoryLogger();
    const shutdown = new Shutdown({ log });
    const done: string[] = [];
    shutdown.join('clipboard', 'clipboard', () => {
      throw new Error('clipboard gone');
    });
    shutdown.join('stores', 'vault', () => {
      done.push('vault');
    });
    expect(await shutdown.run()).toEqual({ late: [], failed: ['clipboard'] });
    expect(done).toEqual(['vault']);
    expect(lines.join('\n')).toMatch(/shutdown step failed.*clipboard gone/);
  });

  it('runs once: a second quit waits for the same shutdown', async () => {
    const shutdown = new Shutdown({ log: memoryLogger().log });
    let runs = 0;
    shutdown.join('stores', 'vault', () => {
      runs++;
    });
    expect(shutdown.isShuttingDown).toBe(false);
    const first = shutdown.run();
    expect(shutdown.isShuttingDown).toBe(true);
    expect(shutdown.run()).toBe(first);
    await first;
    expect(runs).toBe(1);
  });
});
