// All keys' commits while the lists arrive: the first on the next frame, later ones spaced, the latest callback wins,
// and a cancelled commit never runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacedFrames } from '../../../../../src-renderer/src/stores/keys/paced-frames';

describe('pacedFrames', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first request on the next frame, then no sooner than the spacing after the last run', () => {
    const runs: string[] = [];
    const paced = pacedFrames(250);
    paced.request(() => runs.push('a'));
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(20);
    expect(runs).toEqual(['a']);
    paced.request(() => runs.push('b'));
    paced.request(() => runs.push('c'));
    vi.advanceTimersByTime(200);
    expect(runs).toEqual(['a']);
    vi.advanceTimersByTime(80);
    expect(runs).toEqual(['a', 'c']);
  });

  it('runs at once again (on the next frame) once the spacing has passed without requests', () => {
    const runs: number[] = [];
    const paced = pacedFrames(250);
    paced.request(() => runs.push(1));
    vi.advanceTimersByTime(20);
    vi.advanceTimersByTime(400);
    paced.request(() => runs.push(2));
    vi.advanceTimersByTime(20);
    expect(runs).toEqual([1, 2]);
  });

  it('drops a pending request when cancelled, whether it waits for the spacing or for the frame', () => {
    const runs: number[] = [];
    const paced = pacedFrames(250);
    paced.request(() => runs.push(1));
    paced.cancel();
    vi.advanceTimersByTime(20);
    expect(runs).toEqual([]);
    paced.request(() => runs.push(2));
    vi.advanceTimersByTime(20);
    paced.request(() => runs.push(3));
    vi.advanceTimersByTime(100);
    paced.cancel();
    vi.advanceTimersByTime(1_000);
    expect(runs).toEqual([2]);
  });
});
