// @vitest-environment happy-dom
// The shared "now": every component on one period shares one timer, the timer goes when the last one unmounts,
// and a hidden window has no timer at all; shown again, the time is true at once and ticks on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { useNow } from '../../../../src-renderer/src/composables/use-now';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(state: DocumentVisibilityState): void {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_780_000_000_000 });
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Mounts n users of the clock, each in its own scope (as n components would be). */
function mountUsers(n: number, everyMs?: number) {
  return Array.from({ length: n }, () => {
    const scope = effectScope();
    const now = scope.run(() => useNow(everyMs));
    if (!now) throw new Error('no clock');
    return { now, stop: () => scope.stop() };
  });
}

describe('useNow', () => {
  it('gives twenty components one timer, ticking them all together', () => {
    const users = mountUsers(20);
    expect(vi.getTimerCount()).toBe(1);
    const start = Date.now();
    vi.advanceTimersByTime(30_000);
    expect(users.map((u) => u.now.value)).toEqual(users.map(() => start + 30_000));
    for (const u of users) u.stop();
    expect(vi.getTimerCount()).toBe(0);
    // The next component after all had gone reads the time afresh, not the stopped clock's.
    vi.advanceTimersByTime(5 * 60_000);
    const [later] = mountUsers(1);
    expect(later?.now.value).toBe(Date.now());
    later?.stop();
  });

  it('keeps a separate timer for a different period', () => {
    const slow = mountUsers(2);
    const fast = mountUsers(1, 1_000);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(1_000);
    expect(fast[0]?.now.value).toBe(Date.now());
    expect(slow[0]?.now.value).toBe(Date.now() - 1_000);
    for (const u of [...slow, ...fast]) u.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops while the window is hidden and is true at once when it is shown again', () => {
    const [user] = mountUsers(1);
    setVisibility('hidden');
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * 60_000);
    expect(user?.now.value).toBe(Date.now() - 10 * 60_000);
    setVisibility('visible');
    expect(user?.now.value).toBe(Date.now());
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(user?.now.value).toBe(Date.now());
    user?.stop();
  });

  it('starts no timer for a component mounted while hidden, until the window is shown', () => {
    setVisibility('hidden');
    const [user] = mountUsers(1);
    expect(vi.getTimerCount()).toBe(0);
    setVisibility('visible');
    expect(vi.getTimerCount()).toBe(1);
    user?.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
