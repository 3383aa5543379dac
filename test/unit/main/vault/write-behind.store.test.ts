// The write-behind store on a fake clock: a burst of writes becomes one write of the last value after one timer,
// reads see what waits, a flush or a quit writes at once, and a failed write is reported and tried again.
import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../../../src-main/vault/config.store';
import { WriteBehindStore } from '../../../../src-main/vault/write-behind.store';
import { FakeClock } from '../../../support/fake-clock';

interface Doc {
  readonly n: number;
}

/** An inner store that records each write and can be told to fail the next ones. */
function recordingStore(initial: Doc) {
  const written: Doc[] = [];
  let failWith: Error | null = null;
  let restores = 0;
  const store: DocumentStore<Doc> = {
    read: () => written.at(-1) ?? initial,
    write: (value) => {
      if (failWith) throw failWith;
      written.push(value);
    },
    checkpoint: () => {
      const at = written.length;
      return () => {
        written.length = at;
        restores += 1;
      };
    },
  };
  return {
    store,
    written,
    failNext: (error: Error | null) => {
      failWith = error;
    },
    restores: () => restores,
  };
}

function setup(delayMs = 20_000) {
  const clock = new FakeClock({ start: 1_780_000_000_000 });
  const inner = recordingStore({ n: 0 });
  const errors: unknown[] = [];
  const store = new WriteBehindStore(inner.store, { clock, delayMs, onError: (error) => errors.push(error) });
  return { clock, inner, errors, store };
}

describe('WriteBehindStore', () => {
  it('turns a burst of writes into one write of the last value, on one timer', async () => {
    const t = setup();
    for (let n = 1; n <= 20; n++) {
      t.store.write({ n });
      await t.clock.advance(500);
    }
    expect(t.clock.pending).toBe(1);
    expect(t.inner.written).toEqual([]);
    expect(t.store.read()).toEqual({ n: 20 });
    await t.clock.advance(10_000);
    expect(t.inner.written).toEqual([{ n: 20 }]);
    expect(t.clock.pending).toBe(0);
    // Quiet afterwards: no timer, no write.
    await t.clock.advance(60_000);
    expect(t.inner.written).toEqual([{ n: 20 }]);
  });

  it('reads through to the file while nothing waits', () => {
    const t = setup();
    expect(t.store.read()).toEqual({ n: 0 });
    t.store.write({ n: 1 });
    t.store.flush();
    expect(t.store.read()).toEqual({ n: 1 });
  });

  it('writes at once on flush and on dispose, and only what waits', () => {
    const t = setup();
    t.store.write({ n: 1 });
    t.store.flush();
    expect(t.inner.written).toEqual([{ n: 1 }]);
    expect(t.clock.pending).toBe(0);
    t.store.flush();
    t.store.write({ n: 2 });
    t.store.dispose();
    expect(t.inner.written).toEqual([{ n: 1 }, { n: 2 }]);
    t.store.dispose();
    expect(t.inner.written).toHaveLength(2);
  });

  it('reports a write that fails on the timer, keeps the value, and tries again with the next write', async () => {
    const t = setup();
    t.inner.failNext(new Error('no space left on device'));
    t.store.write({ n: 1 });
    await t.clock.advance(20_000);
    expect(t.errors).toEqual([new Error('no space left on device')]);
    expect(t.store.read()).toEqual({ n: 1 });
    t.inner.failNext(null);
    t.store.write({ n: 2 });
    await t.clock.advance(20_000);
    expect(t.inner.written).toEqual([{ n: 2 }]);
  });

  it('lets a direct flush throw to its caller, as a direct write would', () => {
    const t = setup();
    t.inner.failNext(new Error('read-only file system'));
    t.store.write({ n: 1 });
    expect(() => {
      t.store.flush();
    }).toThrow('read-only file system');
    expect(t.store.read()).toEqual({ n: 1 });
  });

  it('checkpoints the file with what waits written, so putting it back keeps the newer value', () => {
    const t = setup();
    t.store.write({ n: 1 });
    const putBack = t.store.checkpoint();
    expect(t.inner.written).toEqual([{ n: 1 }]);
    t.store.write({ n: 2 });
    t.store.flush();
    putBack();
    expect(t.inner.restores()).toBe(1);
    expect(t.store.read()).toEqual({ n: 1 });
  });
});
