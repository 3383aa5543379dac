// afterPaint: work runs after the next animation frame and a task after it (so after that frame is painted), once;
// a new request replaces the pending one and waits for a frame again; cancel drops it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../../src-renderer/src/composables/after-paint';

let frames: (() => void)[] = [];
const paintFrame = () => {
  const due = frames;
  frames = [];
  for (const f of due) f();
};

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs the work only once the next frame is over, not in it', () => {
    const done: string[] = [];
    afterPaint().request(() => done.push('work'));
    vi.runAllTimers();
    expect(done).toEqual([]); // no frame yet
    paintFrame();
    expect(done).toEqual([]); // the frame itself paints first
    vi.runAllTimers();
    expect(done).toEqual(['work']);
  });

  it('keeps only the latest request, and cancel drops it', () => {
    const done: string[] = [];
    const scheduler = afterPaint();
    scheduler.request(() => done.push('first'));
    scheduler.request(() => done.push('second'));
    paintFrame();
    vi.runAllTimers();
    expect(done).toEqual(['second']);
    scheduler.request(() => done.push('third'));
    scheduler.cancel();
    paintFrame();
    vi.runAllTimers();
    expect(done).toEqual(['second']);
  });
});
